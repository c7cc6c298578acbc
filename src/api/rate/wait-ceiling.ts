/**
 * The longest a host may make this browser wait. Each host's documents state the window its limits
 * are counted in; a refusal cannot outlast that window, so a longer wait asked for (`Retry-After:
 * 99999999`, an HTTP date years ahead) is cut to it, as is every backoff and every hold the
 * browser-wide ledger keeps (a hold stored by a page that read such a header is cut when read).
 *   main host   a window that resets every minute (spec 01 §8)
 *   platform    the 429's `ot-period`, HOUR or MINUTE (spec 03 §7); an hour when it names neither
 *   legacy      no limit stated (spec 02 §8): a minute, the window of the courtesy budget kept for it
 */
import { RESET_JITTER_MS, RESET_MARGIN_MS } from './window';

export type HostWindow = 'minute' | 'hour';

const WINDOW_MS: Record<HostWindow, number> = { minute: 60_000, hour: 3_600_000 };

/** A window, plus the margin and jitter a bare 429 waits beyond the window's reset (window.ts). */
export const waitCeilingMs = (w: HostWindow): number => WINDOW_MS[w] + RESET_MARGIN_MS + RESET_JITTER_MS;

/** The platform's window from a 429's `ot-period`: the longest it can name unless it names one. */
export function platformWindow(otPeriod: string | null | undefined): HostWindow {
  return otPeriod?.trim().toUpperCase() === 'MINUTE' ? 'minute' : 'hour';
}

/** The words for a window, for a wait cut to it. */
export const WINDOW_WORDS: Record<HostWindow, string> = { minute: 'one minute', hour: 'one hour' };
