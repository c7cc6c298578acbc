/**
 * Which frames to ask for: the sampling follows the visible range so a lane holds a few hundred
 * frames at most (spec 01 §4.5 freq rules), and the request window follows the freq's rules.
 */
import { t } from '@lingui/core/macro';
import type { Freq } from '../../../api/imagery/imagery-shapes';
import { wholeUtcDays, windowsWithinUtcDays } from '../../../domain/daily-window';
import { DAY_MS, HOUR_MS, MINUTE_MS, type UtcMs } from '../../../domain/time';

export function chooseFreq(rangeMs: number): Freq {
  if (rangeMs > 20 * DAY_MS) return 'daily';
  if (rangeMs > 6 * HOUR_MS) return 'hourly';
  if (rangeMs > HOUR_MS) return 'minutely';
  return 'all';
}

/** The sampling in words, in the language shown (called when drawn). */
export function freqLabel(freq: Freq): string {
  switch (freq) {
    case 'daily':
      return t`daily (one frame per day, closest to 10:00 site time)`;
    case 'hourly':
      return t`hourly (one frame per hour)`;
    case 'minutely':
      return t`minutely (one frame per minute)`;
    case 'all':
      return t`every frame`;
  }
}

/** Nominal spacing of sampled frames; for `all`, the longest normal pause between captures. */
export function freqStepMs(freq: Freq): number {
  if (freq === 'daily') return DAY_MS;
  if (freq === 'hourly') return HOUR_MS;
  if (freq === 'minutely') return MINUTE_MS;
  return 3 * MINUTE_MS;
}

export interface RequestWindow {
  from: UtcMs;
  /** Inclusive, to the second (datefrom/dateto resolve to seconds). */
  to: UtcMs;
}

/**
 * The datefrom/dateto pairs to send for from..to, each a request of its own. Minutely and hourly
 * select inside a *daily recurring* UTC window made of the two time portions (spec 01 §4.5), read
 * by the rule the imagery view follows too (src/domain/daily-window.ts): a range of a day or more
 * sends 00:00:00–23:59:59 so every hour of every day counts; a shorter one sends its exact times,
 * and when those would make a window crossing midnight UTC, which the documents leave undefined,
 * one window on each side of midnight instead. Daily ignores the time portion. freq=all is sent
 * without a site, so the exact UTC range applies.
 */
export function requestWindows(freq: Freq, from: UtcMs, to: UtcMs): RequestWindow[] {
  const last = Math.max(from, to - 1000);
  if (freq === 'all') return [{ from, to: last }];
  if (freq === 'daily' || to - from >= DAY_MS) return [wholeUtcDays(from, last)];
  return windowsWithinUtcDays(from, last);
}

/**
 * One datefrom/dateto pair for from..to, for what must be one request (a ZIP of the span): as
 * requestWindows, but a window that would cross midnight UTC becomes the whole UTC days it touches,
 * as the imagery view carries a range into these samplings; its answer then holds more than the span.
 */
export function requestWindow(freq: Freq, from: UtcMs, to: UtcMs): RequestWindow {
  const windows = requestWindows(freq, from, to);
  return windows.length === 1 ? windows[0]! : wholeUtcDays(from, Math.max(from, to - 1000));
}

/** How many result pages of one camera to load: enough for the range, never more than `max`. */
export function pagesToLoad(totalPages: number, max = 3): number {
  return Math.max(1, Math.min(totalPages, max));
}
