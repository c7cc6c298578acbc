/**
 * `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP date, read strictly. What a service
 * asks for is only a request: `clampRetryAfter` cuts it to the host's window (rate/wait-ceiling.ts).
 */

const DAY3 = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
/** IMF-fixdate, and the two obsolete forms a recipient must still accept (RFC 9110 §5.6.7). */
const IMF_FIXDATE = new RegExp(`^${DAY3}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT$`);
const RFC850 = new RegExp(`^${DAY}, \\d{2}-${MONTH}-\\d{2} ${TIME} GMT$`);
const ASCTIME = new RegExp(`^${DAY3} ${MONTH} [ \\d]\\d ${TIME} \\d{4}$`);

/**
 * Seconds to wait, as asked: delay-seconds as given (however large; Infinity for a number too long
 * to hold), an HTTP date as the seconds until it (0 when past). Undefined when absent or not one of
 * those forms (a negative or fractional number, free text): the caller waits as without one.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Number(v);
  let t = Number.NaN;
  if (IMF_FIXDATE.test(v) || RFC850.test(v)) t = Date.parse(v);
  // asctime carries no zone, and is GMT: without one, Date.parse would read local time.
  else if (ASCTIME.test(v)) t = Date.parse(`${v} GMT`);
  return Number.isNaN(t) ? undefined : Math.max(0, Math.ceil((t - now) / 1000));
}

export interface ClampedWait {
  /** What is waited: the wait asked for, at most the ceiling. */
  ms: number;
  /** The wait asked for when it was longer than the ceiling; undefined when it was not cut. */
  askedMs: number | undefined;
}

/** A `Retry-After` in seconds (parseRetryAfter) as a wait in ms, at most `ceilingMs`. */
export function clampRetryAfter(seconds: number, ceilingMs: number): ClampedWait {
  const asked = seconds * 1000;
  if (!(asked >= 0)) return { ms: 0, askedMs: undefined };
  return asked > ceilingMs ? { ms: ceilingMs, askedMs: asked } : { ms: asked, askedMs: undefined };
}
