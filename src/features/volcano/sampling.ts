/**
 * Which frames to ask for: the sampling follows the visible range so a lane holds a few hundred
 * frames at most (spec 01 §4.5 freq rules), and the request window follows the freq's rules.
 */
import type { Freq } from '../../api/imagery/imagery';
import { DAY_MS, HOUR_MS, MINUTE_MS, startOfUtcDay, type UtcMs } from '../../domain/time';

export function chooseFreq(rangeMs: number): Freq {
  if (rangeMs > 20 * DAY_MS) return 'daily';
  if (rangeMs > 6 * HOUR_MS) return 'hourly';
  if (rangeMs > HOUR_MS) return 'minutely';
  return 'all';
}

export const FREQ_LABEL: Record<Freq, string> = {
  daily: 'daily (one frame per day, closest to 10:00 site time)',
  hourly: 'hourly (one frame per hour)',
  minutely: 'minutely (one frame per minute)',
  all: 'every frame',
};

/** Nominal spacing of sampled frames; for `all`, the longest normal pause between captures. */
export function freqStepMs(freq: Freq): number {
  if (freq === 'daily') return DAY_MS;
  if (freq === 'hourly') return HOUR_MS;
  if (freq === 'minutely') return MINUTE_MS;
  return 3 * MINUTE_MS;
}

export interface RequestWindow {
  from: UtcMs;
  to: UtcMs;
}

/**
 * The datefrom/dateto to send. Minutely and hourly select inside a *daily recurring* window made of
 * the two time portions (spec 01 §4.5): a sub-day range sends its exact times (a window that wraps
 * past midnight is fine, the extra day's frames come after ours in ascending order and are
 * filtered out); a longer range sends 00:00:00–23:59:59 so every hour of every day counts.
 * Daily ignores the time portion. freq=all is sent without a site, so the exact UTC range applies.
 */
export function requestWindow(freq: Freq, from: UtcMs, to: UtcMs): RequestWindow {
  const last = Math.max(from, to - 1000);
  if (freq === 'all') return { from, to: last };
  if (freq === 'daily') return { from: startOfUtcDay(from), to: startOfUtcDay(last) + DAY_MS - 1000 };
  if (to - from < DAY_MS) return { from, to: last };
  return { from: startOfUtcDay(from), to: startOfUtcDay(last) + DAY_MS - 1000 };
}

/** How many result pages of one camera to load: enough for the range, never more than `max`. */
export function pagesToLoad(totalPages: number, max = 3): number {
  return Math.max(1, Math.min(totalPages, max));
}
