/** Chromium's prioritised task scheduler (not in TypeScript's DOM library yet). */
interface TaskScheduler {
  postTask(cb: () => void, options: { priority: 'user-blocking'; signal?: AbortSignal }): Promise<unknown>;
}

/**
 * Runs `cb` once the next frame has been drawn: in a task after the animation frame, so the frame's
 * layout and paint are done. Returns a cancel.
 *
 * With `precise` (a measurement's end), a user-blocking task where the browser has them: a timer
 * waits behind the tasks of a background render already queued (the grid's later cards) and would
 * say the frame came later than it did. Without it, a plain timer, which lets that render finish
 * first: work started after the paint then does not interrupt it.
 */
export function afterNextPaint(cb: () => void, { precise = false } = {}): () => void {
  const scheduler = precise ? (globalThis as { scheduler?: TaskScheduler }).scheduler : undefined;
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    if (!scheduler?.postTask) {
      timer = setTimeout(cb, 0);
      return;
    }
    scheduler.postTask(cb, { priority: 'user-blocking', signal: abort.signal }).catch((e: unknown) => {
      // The cancel's abort is expected; an error thrown by `cb` is reported as a timer's would be.
      if (!abort.signal.aborted) reportError(e);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    abort.abort();
  };
}
