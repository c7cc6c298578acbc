/** Chromium's prioritised task scheduler (not in TypeScript's DOM library yet). */
interface TaskScheduler {
  postTask(cb: () => void, options: { priority: 'user-blocking'; signal?: AbortSignal }): Promise<unknown>;
}

/**
 * Runs `cb` once the next frame has been drawn: in a task after the animation frame, so the frame's
 * layout and paint are done. A user-blocking task where the browser has them: a timer would wait
 * behind the tasks of a background render already queued (the grid's later cards), and say the
 * frame came later than it did. Returns a cancel.
 */
export function afterNextPaint(cb: () => void): () => void {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    if (scheduler?.postTask)
      scheduler.postTask(cb, { priority: 'user-blocking', signal: abort.signal }).catch(() => undefined);
    else timer = setTimeout(cb, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    abort.abort();
  };
}
