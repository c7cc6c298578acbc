/**
 * A volcano's attention from what a view loaded for each of its stations (the wall's and the home
 * page's own queries): each station's channel judged by its rule (attention.ts), at `nowMs`.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import {
  channelStatus,
  ruleFor,
  type AttentionRulePatch,
  type AttentionSettings,
} from '../../analysis/attention/attention';
import { volcanoAttention, type VolcanoAttention } from '../../analysis/attention/attention-words';
import type { Series } from '../../analysis/series';
import type { Volcano } from '../../domain/volcanoes';
import { failureKindOf } from '../../ui/failures/failure-kind';
import { failureText } from '../../ui/failures/failure-kind-text';

export interface StationData {
  station: string;
  id: string;
  /** The channel's query, or null when it is not asked (not listed by the service). */
  result: Pick<UseQueryResult<Series>, 'data' | 'error' | 'isError'> | null;
}

export function judgeVolcano(
  volcano: Volcano,
  stations: readonly StationData[],
  settings: AttentionSettings,
  nowMs: number,
  session: Readonly<Record<string, AttentionRulePatch>> = {},
): VolcanoAttention {
  return volcanoAttention(
    volcano.vnum,
    volcano.name,
    stations.map((s) => {
      const rule = ruleFor(settings, volcano.vnum, s.id, session[s.id]);
      const kind = s.result?.isError ? failureKindOf(s.result.error) : null;
      const failure = kind ? failureText(kind, nowMs) : null;
      return {
        station: s.station,
        channelId: s.id,
        rule,
        status: channelStatus(s.result?.data ?? null, rule, Math.floor(nowMs / 1000), failure),
      };
    }),
  );
}
