/**
 * The event definition in words (events.ts), one sentence for both views that show events. Apart
 * from events.ts so that the volcano view's first paint, which finds the events, does not carry it.
 */
import { EVENT_GAP_SEC, EVENT_MIN_DURATION_SEC } from './events';
import { MEDIAN_WINDOW_SEC, MIN_BASELINE_SHARE } from './running-median';
import { describeThreshold, type Threshold } from './threshold';

/** "30 minutes", "24 hours". */
export function spanWords(sec: number): string {
  const [n, unit] = sec % 3_600 === 0 ? [sec / 3_600, 'hour'] : [Math.round(sec / 60), 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** The rule; `channels` names the channels "any of" means, when given. */
export function eventRuleText(
  t: Threshold,
  channels?: readonly string[],
  gapSec = EVENT_GAP_SEC,
  minDurationSec = EVENT_MIN_DURATION_SEC,
): string {
  const which = channels?.length ? `on any of ${channels.join(', ')}` : 'on any of the channels';
  const rule =
    `An event is RSAM above ${describeThreshold(t)} ${which}: windows above less than ` +
    `${spanWords(gapSec)} apart (end to start, missing data between them included) are one event, ` +
    `and it lasts at least ${spanWords(minDurationSec)} (first window’s start to last one’s end): ` +
    'a shorter run, such as a lone window from a local earthquake, is no event and its windows are not counted.';
  if (t.kind === 'counts') return rule;
  return (
    `${rule} The median is of each channel’s ${spanWords(MEDIAN_WINDOW_SEC)} up to the window, never of ` +
    `later data; a window with less than ${spanWords(MIN_BASELINE_SHARE * MEDIAN_WINDOW_SEC)} of data in ` +
    'that span is not judged.'
  );
}

/** How the counts per bin are made, after the rule. */
export function countRuleText(bin: 'hour' | 'day'): string {
  return `Each event is counted in the ${bin} in which it begins; its windows above are counted in the ${bin}s they fall in, one per channel.`;
}
