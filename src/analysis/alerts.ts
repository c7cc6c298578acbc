/**
 * The wall's session rules: per channel an elevated level in counts (`5000`) or N × the channel's
 * median (`4x`), written in the URL as `alert=AV.CLCL..BHZ:5000,OV.VPCC..HHZ:4x`. They change the
 * observatory's attention rule for this session (features/wall/wall-attention.ts), which judges
 * them as it judges every channel: a level held for the hold, silence, unknown.
 */
import { formatChannelId, parseChannelId, type ChannelRef } from '../domain/channel-id';
import type { Threshold } from './threshold';

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
