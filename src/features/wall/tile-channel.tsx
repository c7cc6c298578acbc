/**
 * One RSAM channel of a wall tile: its id and latest value above the sparkline, and the latest
 * point's time and age beside the line's right end, where the latest point is drawn. A head of id,
 * value, time and age did not fit a tile's width at room-scale type and lost the time's zone.
 */
import { lazy, Suspense, useMemo } from 'react';
import { describeError } from '../../api/http/errors';
import type { UtcMs } from '../../domain/time';
import { describeRelative, resolveRelative, type RelativeTime } from '../../domain/relative-time';
import { useNow } from './use-now';
import { Age, Stamp } from './wall-time';
import type { ChannelSlot } from './use-wall-data';
import { hasPointsSince, isRsamStale, latestPoint, sliceSince, type StaleThresholds } from './wall-model';

// uPlot loads with the first chart, not with the route (first-route bundle budget: scripts/bundle-budget.mjs).
const Sparkline = lazy(() => import('./sparkline').then((m) => ({ default: m.Sparkline })));

/**
 * The window a channel's sparkline shows, [from, at]: the range back from when its data was
 * fetched, not from each clock tick, so the chart changes only when new data arrives.
 */
function sparkWindow(fetchedAt: number, range: RelativeTime): [from: UtcMs, at: UtcMs] {
  const at = fetchedAt || Date.now();
  return [resolveRelative(range, at), at];
}

/** Whether a channel's sparkline has points to draw: ChannelView's slice of the same data. */
export function drawsSpark(c: ChannelSlot, range: RelativeTime): boolean {
  const series = c.result?.data;
  return c.listed && !!series && hasPointsSince(series, ...sparkWindow(c.result?.dataUpdatedAt ?? 0, range));
}

interface ChannelProps {
  slot: ChannelSlot;
  thresholds: StaleThresholds;
  range: RelativeTime;
  /** The lowest channel that draws a sparkline draws the time axis the tile's channels share. */
  timeAxis: boolean;
  /** Whether the tile's unacknowledged rise fires on this channel (its id then in the state's colour). */
  alerting?: boolean;
  /** The latest times of the tile's channels: the column beside the line fits the widest. */
  sizers: readonly UtcMs[];
}

export function ChannelView({ slot, thresholds, range, timeAxis, alerting, sizers }: ChannelProps) {
  const series = slot.result?.data;
  const fetchedAt = slot.result?.dataUpdatedAt ?? 0;
  const spark = useMemo(
    () => series && sliceSince(series, ...sparkWindow(fetchedAt, range)),
    [series, fetchedAt, range],
  );
  const last = describeRelative(range);
  const latest = latestPoint(series);
  const now = useNow();
  if (!slot.listed)
    return (
      <div className="wall-channel wall-channel--missing">
        <p className="wall-channel__head">
          <span className="wall-channel__id">{slot.id}</span> not listed by the service
        </p>
      </div>
    );
  const stale = latest !== null && isRsamStale(latest.t, now, thresholds) ? ' wall-stale' : '';
  return (
    <div
      className={`wall-channel${timeAxis ? ' wall-channel--time-axis' : ''}${alerting ? ' wall-channel--alert' : ''}`}
    >
      <p className="wall-channel__head">
        <span className="wall-channel__id">{slot.id}</span>{' '}
        {latest ? (
          <span className={`wall-channel__reading${stale}`}>
            <strong className="wall-channel__value">{Math.round(latest.value).toLocaleString('en-US')}</strong> counts
          </span>
        ) : slot.result?.isError && !series ? (
          <span className="wall-stale">{describeError(slot.result.error).title}</span>
        ) : slot.result?.isPending ? (
          <span className="muted">Loading…</span>
        ) : (
          <span className="wall-stale">no RSAM in the {last}</span>
        )}
      </p>
      {spark && spark.x.length > 0 ? (
        <Suspense fallback={<div className="wall-spark" aria-hidden="true" />}>
          <Sparkline data={spark} timeAxis={timeAxis} label={`RSAM of ${slot.id}, ${last}, times in UTC`} />
        </Suspense>
      ) : (
        <div className="wall-spark wall-spark--empty" />
      )}
      {latest && (
        <p className={`wall-channel__latest${stale}`}>
          <span className="visually-hidden">latest at </span>
          <Stamp t={latest.t} zone="UTC" /> <Age t={latest.t} />
          {/* Every channel's latest, unseen (so unread) and no height: the column takes the width of
              the tile's widest, so the tile's lines all end at the same x (one time axis). */}
          {sizers.map((t, i) => (
            <span key={i} className="wall-channel__sizer">
              <Stamp t={t} zone="UTC" /> <Age t={t} />
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
