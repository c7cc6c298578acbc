/**
 * The event definition in words (events.ts), one sentence for both views that show events, in the
 * app's language. Apart from events.ts so that the volcano view's first paint, which finds the
 * events, does not carry it. Never imported by the analysis worker, whose bundle has no message
 * macros: the worker's English copy is in derived/analysis-data.ts.
 */
import { plural, t } from '@lingui/core/macro';
import { formatNumber } from '../domain/format-number';
import { EVENT_GAP_SEC, EVENT_MIN_DURATION_SEC } from './events';
import { MEDIAN_WINDOW_SEC, MIN_BASELINE_SHARE } from './running-median';
import type { Threshold } from './threshold';

/** "5,000 counts" or "3 × the trailing 1-day median". */
function thresholdWords(th: Threshold): string {
  if (th.kind === 'counts') {
    const value = formatNumber(th.value);
    return t`${value} counts`;
  }
  const factor = formatNumber(th.factor);
  return t`${factor} × the trailing 1-day median`;
}

/** "30 minutes", "24 hours". */
export function spanWords(sec: number): string {
  if (sec % 3_600 === 0) {
    const h = sec / 3_600;
    return plural(h, { one: '# hour', other: '# hours' });
  }
  const m = Math.round(sec / 60);
  return plural(m, { one: '# minute', other: '# minutes' });
}

/** The rule; `channels` names the channels "any of" means, when given. */
export function eventRuleText(
  th: Threshold,
  channels?: readonly string[],
  gapSec = EVENT_GAP_SEC,
  minDurationSec = EVENT_MIN_DURATION_SEC,
): string {
  const threshold = thresholdWords(th);
  const gap = spanWords(gapSec);
  const least = spanWords(minDurationSec);
  const ids = channels?.join(', ') ?? '';
  const rule = channels?.length
    ? t`An event is RSAM above ${threshold} on any of ${ids}: windows above less than ${gap} apart (end to start, missing data between them included) are one event, and it lasts at least ${least} (first window’s start to last one’s end): a shorter run, such as a lone window from a local earthquake, is no event and its windows are not counted.`
    : t`An event is RSAM above ${threshold} on any of the channels: windows above less than ${gap} apart (end to start, missing data between them included) are one event, and it lasts at least ${least} (first window’s start to last one’s end): a shorter run, such as a lone window from a local earthquake, is no event and its windows are not counted.`;
  if (th.kind === 'counts') return rule;
  const median = spanWords(MEDIAN_WINDOW_SEC);
  const share = spanWords(MIN_BASELINE_SHARE * MEDIAN_WINDOW_SEC);
  return t`${rule} The median is of each channel’s ${median} up to the window, never of later data; a window with less than ${share} of data in that span is not judged.`;
}

/** How the counts per bin are made, after the rule. */
export function countRuleText(bin: 'hour' | 'day'): string {
  return bin === 'hour'
    ? t`Each event is counted in the hour in which it begins; its windows above are counted in the hours they fall in, one per channel.`
    : t`Each event is counted in the day in which it begins; its windows above are counted in the days they fall in, one per channel.`;
}
