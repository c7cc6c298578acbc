/**
 * Alert states of the wall's channels, from the RSAM the wall already loads (yesterday..today).
 * A rule's data older than the alert staleness is "unknown", so a stalled station never keeps
 * an old alert alive, and a missing series never fires one.
 */
import { useEffect, useMemo, useRef } from 'react';
import { formatChannelId } from '../../domain/channel-id';
import { evaluateAlert, alertKey, type AlertRule, type AlertState } from '../../analysis/alerts';
import { runningMedian } from '../../chart/chart-options';
import { MEDIAN_WINDOW_SEC } from '../../analysis/event-counts';
import { formatInZone, zoneAbbreviation } from '../../domain/zoned-time';
import { volcanoTimeZone } from '../../domain/volcanoes';
import type { VolcanoData } from './use-wall-data';
import { formatNumber } from '../../domain/format-number';

/** RSAM older than this is too old to say a channel is above its threshold now. */
export const ALERT_STALE_SEC = 30 * 60;

export interface WallAlert {
  rule: AlertRule;
  id: string;
  vnum: number;
  state: AlertState;
  /** Identity of the episode (for acknowledging), when alerting. */
  key: string | null;
}

export function useWallAlerts(
  rules: readonly AlertRule[],
  perVolcano: readonly VolcanoData[],
  nowMs: number,
): WallAlert[] {
  // Re-evaluated when data arrives or once a minute (the clock), not on every render.
  const minute = Math.floor(nowMs / 60_000);
  return useMemo(() => {
    const out: WallAlert[] = [];
    for (const rule of rules) {
      const id = formatChannelId(rule.channel);
      for (const v of perVolcano) {
        const slot = v.channels.find((c) => c.id === id);
        if (!slot) continue;
        const series = slot.result?.data;
        const now = minute * 60;
        const state: AlertState = series
          ? evaluateAlert(
              series,
              rule.threshold,
              now,
              ALERT_STALE_SEC,
              rule.threshold.kind === 'median' ? runningMedian(series, MEDIAN_WINDOW_SEC) : undefined,
            )
          : { kind: 'unknown', reason: 'no-data', at: null };
        out.push({
          rule,
          id,
          vnum: v.volcano.vnum,
          state,
          key: state.kind === 'alert' ? alertKey(rule.channel, state.since) : null,
        });
      }
    }
    return out;
  }, [rules, perVolcano, minute]);
}

/** "2025-03-08 14:05 UTC (04:05 HST)": an alert's time in UTC and at the volcano. */
export function alertTime(unixSec: number, vnum: number): string {
  const t = unixSec * 1000;
  const zone = volcanoTimeZone(vnum);
  return `${formatInZone(t, 'UTC', 'yyyy-MM-dd HH:mm')} UTC (${formatInZone(t, zone, 'HH:mm')} ${zoneAbbreviation(t, zone)} local)`;
}

/** A browser notification for each new unacknowledged episode, when the user allowed them. */
export function useAlertNotifications(alerts: readonly WallAlert[], acked: readonly string[]): void {
  const told = useRef(new Set<string>());
  useEffect(() => {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    for (const a of alerts) {
      if (!a.key || a.state.kind !== 'alert' || acked.includes(a.key) || told.current.has(a.key)) continue;
      told.current.add(a.key);
      new Notification(`RSAM alert: ${a.id}`, {
        body: `${formatNumber(Math.round(a.state.value))} counts, above ${formatNumber(Math.round(a.state.limit))} since ${alertTime(a.state.since, a.vnum)}`,
        tag: a.key,
      });
    }
  }, [alerts, acked]);
}
