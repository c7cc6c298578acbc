/**
 * A cut of new data that took longer than this is drawn in the next frame, not in its own task:
 * cold code cut a month of a channel in 8–12 ms (0.4 once V8 has optimised it), and a cut, a draw
 * and the frame's paint in one task came to 50–70 ms while a year arrived. Zooms and pans draw at
 * once, whatever their cut took: their draw is what the person is waiting for.
 */
export const DRAW_APART_MS = 8;

/**
 * Runs `draw` now, or in the next animation frame when it follows a cut of new data (`newData`)
 * that began at `cutStarted` and took longer than DRAW_APART_MS. Returns the frame to cancel, or 0.
 */
export function drawAfterCut(draw: () => void, cutStarted: number, newData: boolean, now = performance.now()): number {
  if (newData && now - cutStarted > DRAW_APART_MS) return requestAnimationFrame(draw);
  draw();
  return 0;
}

/**
 * Cutting rows stops after this long in a task; what is left is cut and drawn in a later one (a
 * year read from the browser's cache arrives at once: its cut took one task of 60–110 ms). The
 * budget is the task's, shared by every plot drawing in it: a frame runs all the plots'
 * requestAnimationFrame callbacks in one task, and three charts cutting 16 ms each (and drawing)
 * made one task of 50-75 ms while a year arrived.
 */
const CUT_BUDGET_MS = 16;

let taskDeadline: number | null = null;
/** The end of this task's cutting budget (performance.now()), the same for every plot in the task. */
export function cutDeadline(): number {
  if (taskDeadline === null) {
    taskDeadline = performance.now() + CUT_BUDGET_MS;
    setTimeout(() => (taskDeadline = null), 0);
  }
  return taskDeadline;
}
