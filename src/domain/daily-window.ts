/**
 * The daily window of minutely and hourly sampling (spec 01 §4.5): those freqs select inside a UTC
 * time window recurring every day, made of the time portions of datefrom and dateto. The documents
 * do not say how a window whose start is later in the day than its end (one crossing midnight UTC)
 * is read, so the app never sends one: the imagery view says so beside the fields, and the volcano
 * view asks for whole UTC days or for one window per UTC day instead.
 */
import { DAY_MS, startOfUtcDay, type UtcMs } from './time';

const LAST_SECOND = DAY_MS - 1000;

/** The window as seconds into the UTC day of `from` and of `to`. */
export function dailyWindow(from: UtcMs, to: UtcMs): { start: number; end: number } {
  return { start: (from - startOfUtcDay(from)) / 1000, end: (to - startOfUtcDay(to)) / 1000 };
}

/** Whether from..to, as a daily window, would cross midnight UTC: the case the documents leave open. */
export function crossesUtcMidnight(from: UtcMs, to: UtcMs): boolean {
  const w = dailyWindow(from, to);
  return w.start > w.end;
}

/** The whole UTC days from..to touches: a window of 00:00:00–23:59:59, on every one of them. */
export function wholeUtcDays(from: UtcMs, to: UtcMs): { from: UtcMs; to: UtcMs } {
  return { from: startOfUtcDay(from), to: startOfUtcDay(to) + LAST_SECOND };
}

/**
 * from..to (`to` inclusive, to the second) as windows that each stay within one UTC day, so each
 * selects exactly its part: one window when it does, else the first day's part, any whole days
 * between, and the last day's part.
 */
export function windowsWithinUtcDays(from: UtcMs, to: UtcMs): Array<{ from: UtcMs; to: UtcMs }> {
  const firstDay = startOfUtcDay(from);
  const lastDay = startOfUtcDay(to);
  if (firstDay === lastDay) return [{ from, to }];
  const out = [{ from, to: firstDay + LAST_SECOND }];
  if (lastDay - firstDay > DAY_MS) out.push({ from: firstDay + DAY_MS, to: lastDay - 1000 });
  out.push({ from: lastDay, to });
  return out;
}
