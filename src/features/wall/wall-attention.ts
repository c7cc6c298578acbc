/**
 * The wall's attention: every station of every volcano on it judged by the observatory's rule
 * (config.json) from the RSAM the wall already loads, with the URL's `alert=` rules as the session's
 * changes to it (a channel's elevated level: `4x` = 4 × its median, `5000` = 5,000 counts).
 */
import { useMemo } from 'react';
import { DEFAULT_ATTENTION_RULE, type AttentionRulePatch } from '../../analysis/attention/attention';
import type { VolcanoAttention } from '../../analysis/attention/attention-words';
import type { AlertRule } from '../../analysis/alerts';
import { formatChannelId } from '../../domain/channel-id';
import { judgeVolcano } from '../../ui/attention/judge-volcano';
import { attentionSettings } from '../../ui/attention/settings';
import type { VolcanoData } from './use-wall-data';

/**
 * The session's changes, by channel id: a URL rule sets the channel's elevated level (and its high
 * level, where the rule's ratio is above the observatory's `high`).
 */
export function sessionPatches(
  rules: readonly AlertRule[],
  high: AttentionRulePatch['high'] = attentionSettings().defaults.high,
): Record<string, AttentionRulePatch> {
  return Object.fromEntries(
    rules.map((r) => [
      formatChannelId(r.channel),
      r.threshold.kind === 'median'
        ? {
            elevated: { kind: 'ratio', ratio: r.threshold.factor },
            // High stays the observatory's, unless the session's elevated level is above it.
            ...(r.threshold.factor >= ratioOf(high) && {
              high: { kind: 'ratio', ratio: r.threshold.factor },
            }),
          }
        : // A level in counts has no "high" of its own: elevated is the rule's only step.
          { elevated: { kind: 'counts', counts: r.threshold.value }, high: { kind: 'counts', counts: Infinity } },
    ]),
  );
}

const ratioOf = (l: AttentionRulePatch['high']) =>
  l?.kind === 'ratio' ? l.ratio : (DEFAULT_ATTENTION_RULE.high as { ratio: number }).ratio;

export function useWallAttention(
  perVolcano: readonly VolcanoData[],
  minuteMs: number,
  rules: readonly AlertRule[],
): VolcanoAttention[] {
  const session = useMemo(() => sessionPatches(rules), [rules]);
  return useMemo(
    () =>
      perVolcano.map((d) =>
        judgeVolcano(
          d.volcano,
          d.channels.map((c) => ({ station: c.station, id: c.id, result: c.result })),
          attentionSettings(),
          minuteMs,
          session,
        ),
      ),
    [perVolcano, minuteMs, session],
  );
}
