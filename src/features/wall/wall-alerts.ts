/**
 * Alert states of the wall's channels, from the RSAM the wall already loads (whole UTC days, from
 * the day holding now - range). A rule's data older than the alert staleness is "unknown", so a
 * stalled station never keeps an old alert alive, and a missing series never fires one.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatChannelId } from '../../domain/channel-id';
import type { Acks } from '../../stores/alert-ack-store';
import { formatAlertRules, judgeAlert, staleAfter, type AlertRule, type AlertState } from '../../analysis/alerts';
import { describeThreshold } from '../../analysis/threshold';
import { dayMedianOf } from '../../analysis/running-median';
import { formatInZone, zoneAbbreviation } from '../../domain/zoned-time';
import { volcanoTimeZone } from '../../domain/volcanoes';
import type { VolcanoData } from './use-wall-data';
import { formatNumber } from '../../domain/format-number';
import {
  EPISODE_END_BELOW_SEC,
  isOpen,
  loadEpisodes,
  nextEpisodes,
  saveEpisodes,
  type TrackedEpisode,
} from './alert-episodes';

/** RSAM older than this is too old to say a channel is above its threshold now. */
export const ALERT_STALE_SEC = 30 * 60;

export interface WallAlert {
  rule: AlertRule;
  id: string;
  vnum: number;
  state: AlertState;
  /**
   * The episode this alert belongs to, while it is open (above, or at or below for less than
   * EPISODE_END_BELOW_SEC): since when it has been above.
   */
  episode: TrackedEpisode | null;
  /** Identity of the open episode (for acknowledging): rule and episode, not the loaded window. */
  key: string | null;
}

interface Evaluated {
  rule: AlertRule;
  /** The rule as written (`AV.CLCL..BHZ:5000`): a changed threshold is another rule, with its own episodes. */
  ruleKey: string;
  id: string;
  vnum: number;
  state: AlertState;
  /** First loaded window of the channel's series (unix s). */
  dataStart: number;
}

export function useWallAlerts(
  rules: readonly AlertRule[],
  perVolcano: readonly VolcanoData[],
  nowMs: number,
): WallAlert[] {
  // The rules are judged when data arrives (a median rule's running median covers a day of
  // windows); the clock, once a minute, only decides which judgements have grown too old.
  const judged = useMemo(() => {
    const out: Evaluated[] = [];
    for (const rule of rules) {
      const id = formatChannelId(rule.channel);
      for (const v of perVolcano) {
        const slot = v.channels.find((c) => c.id === id);
        if (!slot) continue;
        const series = slot.result?.data;
        const state: AlertState = series
          ? judgeAlert(
              series,
              rule.threshold,
              rule.threshold.kind === 'median' ? dayMedianOf(series) : undefined,
            )
          : { kind: 'unknown', reason: 'no-data', at: null };
        const dataStart = series?.times[0] ?? Number.NaN;
        out.push({ rule, ruleKey: formatAlertRules([rule]), id, vnum: v.volcano.vnum, state, dataStart });
      }
    }
    return out;
  }, [rules, perVolcano]);
  const minute = Math.floor(nowMs / 60_000);
  const evaluated = useMemo(() => {
    const out = judged.map((e) => ({ ...e, state: staleAfter(e.state, minute * 60, ALERT_STALE_SEC) }));
    return out.every((e, i) => e.state === judged[i]!.state) ? judged : out;
  }, [judged, minute]);

  const [episodes, setEpisodes] = useState(loadEpisodes);
  const next = nextEpisodes(episodes, evaluated);
  // Derived from the history of evaluations, so kept as state and adjusted while rendering: the
  // key is right in the very render the loaded window moves, before any notification effect runs.
  if (next !== episodes) setEpisodes(next);
  useEffect(() => saveEpisodes(episodes), [episodes]);

  return useMemo(
    () =>
      evaluated.map(({ rule, ruleKey, id, vnum, state }) => {
        const e = next[ruleKey];
        // Open while above, and through a dip shorter than EPISODE_END_BELOW_SEC, so it keeps its key.
        const episode = e && isOpen(e, state) ? e : null;
        return { rule, id, vnum, state, episode, key: episode ? `${ruleKey}@${episode.id}` : null };
      }),
    [evaluated, next],
  );
}

/**
 * An alert's time in UTC and at the volcano, the local date given too when it is another day there:
 * `{ utc: '2026-11-24 00:00 UTC', local: '2026-11-23 14:00 HAST local' }`.
 */
export function alertTimeParts(unixSec: number, vnum: number): { utc: string; local: string } {
  const t = unixSec * 1000;
  const zone = volcanoTimeZone(vnum);
  const utcDay = formatInZone(t, 'UTC', 'yyyy-MM-dd');
  const local = formatInZone(t, zone, 'yyyy-MM-dd HH:mm');
  const localText = local.startsWith(utcDay) ? local.slice(11) : local;
  return {
    utc: `${utcDay} ${formatInZone(t, 'UTC', 'HH:mm')} UTC`,
    local: `${localText} ${zoneAbbreviation(t, zone)} local`,
  };
}

const fmt = (v: number) => formatNumber(Math.round(v));

export interface AlertMessage {
  /** The channel, "AV.CLCL..BHZ". */
  id: string;
  /** "above 100 counts", or "above 4 × the trailing 1-day median": the rule, not the level. */
  rule: string;
  /** The threshold alone: "100 counts". */
  threshold: string;
  /**
   * "since", or for a run that reaches back to the first loaded window (it may have begun before
   * it, so that start is a lower bound, not a fact) "since at least", after `whole`.
   */
  since: string;
  /** "throughout the loaded data, " for such a run, else "". */
  whole: string;
  utc: string;
  local: string;
  /** The level now, which changes with every refresh: "now 353 counts". Never in the live text. */
  now: string;
  /** True while the level is back at or below, for less than EPISODE_END_BELOW_SEC. */
  below: boolean;
}

/** What an alert says, on the tile and in a notification; null unless its episode is open. */
export function alertMessage(a: WallAlert): AlertMessage | null {
  const s = a.state;
  if ((s.kind !== 'alert' && s.kind !== 'quiet') || !a.episode) return null;
  const limit = a.rule.threshold.kind === 'counts' ? '' : ` (limit ${fmt(s.limit)} counts)`;
  const below = s.kind === 'quiet';
  return {
    id: a.id,
    rule: `above ${describeThreshold(a.rule.threshold)}`,
    threshold: describeThreshold(a.rule.threshold),
    since: a.episode.startOpen ? 'since at least' : 'since',
    whole: a.episode.startOpen ? 'throughout the loaded data, ' : '',
    ...alertTimeParts(a.episode.start, a.vnum),
    now: `now ${fmt(s.value)} counts${limit}${
      below ? `, back at or below: the alert ends after ${EPISODE_END_BELOW_SEC / 60} min there` : ''
    }`,
    below,
  };
}

/** The whole alert, the level now included, for a notification and the acknowledged note. */
export function messageText(m: AlertMessage): string {
  return `${m.id} ${m.rule} ${m.whole}${m.since} ${m.utc} (${m.local}); ${m.now}`;
}

export function alertText(a: WallAlert): string | null {
  const m = alertMessage(a);
  return m && messageText(m);
}

/** A browser notification for each new unacknowledged episode, when the user allowed them. */
export function useAlertNotifications(alerts: readonly WallAlert[], acked: Acks): void {
  const told = useRef(new Set<string>());
  useEffect(() => {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    for (const a of alerts) {
      const text = alertText(a);
      if (!a.key || !text || a.key in acked || told.current.has(a.key)) continue;
      told.current.add(a.key);
      new Notification(`RSAM alert: ${a.id}`, { body: text, tag: a.key });
    }
  }, [alerts, acked]);
}
