/**
 * Wall alerts: per channel a threshold in counts (`5000`) or N × the running median (`4x`),
 * written in the URL as `alert=AV.CLCL..BHZ:5000,OV.VPCC..HHZ:4x`. An alert names the channel,
 * the latest value and since when the channel has stayed above its threshold. It never fires on
 * data that is stale or missing: an old last point says "unknown", not "quiet" and not "alert".
 */
import { formatChannelId, parseChannelId, type ChannelRef } from '../domain/channel-id';
import { limitAt, type Threshold } from './threshold';
import type { Series } from './series';

export interface AlertRule {
  channel: ChannelRef;
  threshold: Threshold;
}

export interface ParsedAlerts {
  rules: AlertRule[];
  /** Entries that could not be read, as written, for the notice. */
  rejected: string[];
}

const RULE = /^(.+):(\d+(?:\.\d+)?)(x?)$/i;

export function parseAlertRules(raw: string | null): ParsedAlerts {
  const rules: AlertRule[] = [];
  const rejected: string[] = [];
  if (!raw) return { rules, rejected };
  for (const entry of raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const m = RULE.exec(entry);
    const channel = m ? parseChannelId(m[1]!) : null;
    const amount = m ? Number(m[2]) : Number.NaN;
    if (!m || !channel || !(amount > 0)) {
      rejected.push(entry);
      continue;
    }
    const id = formatChannelId(channel);
    if (rules.some((r) => formatChannelId(r.channel) === id)) {
      rejected.push(entry);
      continue;
    }
    rules.push({ channel, threshold: m[3] ? { kind: 'median', factor: amount } : { kind: 'counts', value: amount } });
  }
  return { rules, rejected };
}

export function formatAlertRules(rules: readonly AlertRule[]): string {
  return rules
    .map(
      (r) =>
        `${formatChannelId(r.channel)}:${r.threshold.kind === 'counts' ? r.threshold.value : `${r.threshold.factor}x`}`,
    )
    .join(',');
}

export type AlertState =
  | { kind: 'alert'; value: number; limit: number; since: number; at: number }
  | { kind: 'quiet'; value: number; limit: number; at: number }
  | { kind: 'unknown'; reason: 'no-data' | 'stale' | 'no-baseline'; at: number | null };

/**
 * The alert state of one channel at `now` (unix s): its judgement of the data, made "stale" when
 * the latest window is more than `staleSec` old.
 */
export function evaluateAlert(
  s: Series,
  threshold: Threshold,
  now: number,
  staleSec: number,
  baseline?: ArrayLike<number>,
): AlertState {
  return staleAfter(judgeAlert(s, threshold, baseline), now, staleSec);
}

/** `state`, or "stale" when its latest window is more than `staleSec` older than `now` (unix s). */
export function staleAfter(state: AlertState, now: number, staleSec: number): AlertState {
  return state.at !== null && now - state.at > staleSec ? { kind: 'unknown', reason: 'stale', at: state.at } : state;
}

/**
 * The alert state of one channel's data, whatever the time now. `baseline[i]` is the running
 * median at point i (needed for median thresholds). Since = the first window of the unbroken run
 * above the limit that ends at the latest window; a missing window ends a run, so an outage does
 * not stretch it.
 */
export function judgeAlert(s: Series, threshold: Threshold, baseline?: ArrayLike<number>): AlertState {
  const n = s.times.length;
  if (n === 0) return { kind: 'unknown', reason: 'no-data', at: null };
  const last = n - 1;
  const at = s.times[last]!;
  const limit = limitAt(threshold, baseline, last);
  const value = s.values[last]!;
  if (!Number.isFinite(limit) || !Number.isFinite(value)) return { kind: 'unknown', reason: 'no-baseline', at };
  if (!(value > limit)) return { kind: 'quiet', value, limit, at };
  let first = last;
  while (
    first > 0 &&
    s.times[first]! - s.times[first - 1]! <= s.windowSec &&
    s.values[first - 1]! > limitAt(threshold, baseline, first - 1)
  )
    first--;
  return { kind: 'alert', value, limit, since: s.times[first]!, at };
}
