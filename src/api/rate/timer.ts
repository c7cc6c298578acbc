/**
 * Every wait the API layer schedules goes through here. Browsers keep a timer's delay in a signed
 * 32-bit integer: a longer one (2^31 ms, about 24.8 days) overflows and fires at once, so a wait
 * read from a hostile answer would turn into a request loop. The callers recompute what they wait
 * for when the timer fires, so a cut wait only wakes them early.
 */

/** The longest delay a timer keeps (2^31 - 1 ms). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A delay a timer keeps: NaN and negatives are 0, anything longer than MAX_TIMER_MS is cut to it. */
export function timerDelay(ms: number): number {
  if (!(ms > 0)) return 0;
  return Math.min(Math.ceil(ms), MAX_TIMER_MS);
}

/** `setTimeout(fn, ms)` with the delay made one a timer keeps. */
export function later(fn: () => void, ms: number): ReturnType<typeof setTimeout> {
  return setTimeout(fn, timerDelay(ms));
}
