import { lazy, Suspense, useMemo, useState } from 'react';
import type { ImageRecord } from '../../api/imagery';
import { describeError } from '../../api/errors';
import { formatDuration, type UtcMs } from '../../domain/time';
import { formatInZone, zoneAbbreviation } from '../../domain/zoned-time';
import { IMAGE_TYPE_LABEL, volcanoTimeZone } from '../../domain/volcanoes';
import { describeRelative, resolveRelative, type RelativeTime } from '../../domain/relative-time';
import { useNow } from './use-now';
import { TileAlerts } from './tile-alerts';
import type { WallAlert } from './wall-alerts';
import type { CameraSlot, ChannelSlot, VolcanoData } from './use-wall-data';
import {
  STATUS_LABEL,
  isConnectionError,
  isImageStale,
  isRsamStale,
  hasPointsSince,
  latestPoint,
  sliceSince,
  tileStatus,
  type StaleThresholds,
} from './wall-model';

// uPlot loads with the first chart, not with the route (first-route bundle budget, README "Measured").
const Sparkline = lazy(() => import('./sparkline').then((m) => ({ default: m.Sparkline })));

interface TileProps {
  data: VolcanoData;
  thresholds: StaleThresholds;
  theme: string;
  /** How far back the sparklines reach. */
  range: RelativeTime;
  /** Alert states of this tile's channels (rules from the URL). */
  alerts?: readonly WallAlert[];
  /** True while one of them alerts and is not acknowledged. */
  alerting?: boolean;
}

/** `HH:mm` with the zone named, plus the date when it is not today in that zone. */
function stamp(t: UtcMs, zone: string, now: UtcMs): string {
  const sameDay = formatInZone(t, zone, 'yyyy-MM-dd') === formatInZone(now, zone, 'yyyy-MM-dd');
  return `${formatInZone(t, zone, sameDay ? 'HH:mm' : 'yyyy-MM-dd HH:mm')} ${zone === 'UTC' ? 'UTC' : zoneAbbreviation(t, zone)}`;
}

function Age({ t }: { t: UtcMs }) {
  const now = useNow();
  return <span className="wall-age">{formatDuration(now - t)} ago</span>;
}

function LocalClock({ zone }: { zone: string }) {
  const now = useNow();
  return (
    <p className="wall-tile__clock" aria-label={`Local time, ${zone}`}>
      <span className="wall-tile__clock-time">{formatInZone(now, zone, 'HH:mm')}</span>{' '}
      <span className="wall-tile__zone">
        {zoneAbbreviation(now, zone)} · {zone}
      </span>
    </p>
  );
}

function latestImage(c: CameraSlot): ImageRecord | null {
  return c.result.data?.results[0] ?? null;
}

function CameraView({
  camera,
  multiSite,
  thresholds,
}: {
  camera: CameraSlot;
  multiSite: boolean;
  thresholds: StaleThresholds;
}) {
  const img = latestImage(camera);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const now = useNow();
  const title = `${IMAGE_TYPE_LABEL[camera.imageType]}${multiSite ? ` · ${camera.site}` : ''}`;
  // The zone the service used: site-local for freq=all with one site, else UTC (spec 01 §2.4).
  const zone = img ? (img.time.kind === 'site-local' ? img.time.zone : 'UTC') : 'UTC';
  return (
    <figure className="wall-camera">
      <div className="wall-camera__frame">
        {img && failedSrc !== img.image_url ? (
          <img
            src={img.image_url}
            alt={`${title} image from ${camera.site}`}
            decoding="async"
            onError={() => setFailedSrc(img.image_url)}
          />
        ) : (
          <p className="wall-camera__empty">
            {img
              ? 'Image file did not load'
              : camera.result.isError
                ? `Failed: ${describeError(camera.result.error).title}`
                : camera.result.isPending && camera.result.fetchStatus !== 'idle'
                  ? 'Loading…'
                  : 'No image'}
          </p>
        )}
      </div>
      <figcaption>
        <span className="wall-camera__title">{title}</span>
        {img ? (
          <span className={isImageStale(img.time.utcMs, now, thresholds) ? 'wall-stale' : undefined}>
            <time dateTime={new Date(img.time.utcMs).toISOString()}>{stamp(img.time.utcMs, zone, now)}</time> ·{' '}
            <Age t={img.time.utcMs} />
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

/**
 * The window a channel's sparkline shows, [from, at]: the range back from when its data was
 * fetched, not from each clock tick, so the chart changes only when new data arrives.
 */
function sparkWindow(fetchedAt: number, range: RelativeTime): [from: UtcMs, at: UtcMs] {
  const at = fetchedAt || Date.now();
  return [resolveRelative(range, at), at];
}

/** Whether a channel's sparkline has points to draw: ChannelView's slice of the same data. */
function drawsSpark(c: ChannelSlot, range: RelativeTime): boolean {
  const series = c.result?.data;
  return c.listed && !!series && hasPointsSince(series, ...sparkWindow(c.result?.dataUpdatedAt ?? 0, range));
}

interface ChannelProps extends Pick<TileProps, 'theme' | 'thresholds' | 'range'> {
  slot: ChannelSlot;
  /** The lowest channel that draws a sparkline draws the time axis the tile's channels share. */
  timeAxis: boolean;
}

function ChannelView({ slot, theme, thresholds, range, timeAxis }: ChannelProps) {
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
  return (
    <div className={`wall-channel${timeAxis ? ' wall-channel--time-axis' : ''}`}>
      <p className="wall-channel__head">
        <span className="wall-channel__id">{slot.id}</span>{' '}
        {latest ? (
          <span className={isRsamStale(latest.t, now, thresholds) ? 'wall-stale' : undefined}>
            <strong className="wall-channel__value">{Math.round(latest.value).toLocaleString('en-US')}</strong> counts
            at <time dateTime={new Date(latest.t).toISOString()}>{stamp(latest.t, 'UTC', now)}</time> ·{' '}
            <Age t={latest.t} />
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
          <Sparkline
            data={spark}
            theme={theme}
            timeAxis={timeAxis}
            label={`RSAM of ${slot.id}, ${last}, times in UTC`}
          />
        </Suspense>
      ) : (
        <div className="wall-spark wall-spark--empty" />
      )}
    </div>
  );
}

export function WallTile({ data, thresholds, theme, range, alerts = [], alerting = false }: TileProps) {
  const { volcano, channels, cameras } = data;
  const now = useNow();
  const zone = volcanoTimeZone(volcano.vnum);
  const results = [...channels.flatMap((c) => (c.result ? [c.result] : [])), ...cameras.map((c) => c.result)];
  const unreachable = results.some((r) => r.isError && isConnectionError(r.error));
  // Every failed request of this tile, named, so a failure is read on its own tile (the banner is
  // only for all requests failing).
  const failures = [
    ...channels.flatMap((c) => (c.result?.isError ? [`RSAM ${c.id}: ${describeError(c.result.error).title}`] : [])),
    ...cameras.flatMap((c) =>
      c.result.isError ? [`${IMAGE_TYPE_LABEL[c.imageType]} ${c.site}: ${describeError(c.result.error).title}`] : [],
    ),
  ];
  const loading = results.some((r) => r.isPending && r.fetchStatus !== 'idle');
  const stale =
    channels.some(
      (c) =>
        c.listed &&
        c.result &&
        !c.result.isPending &&
        isRsamStale(latestPoint(c.result.data)?.t ?? null, now, thresholds),
    ) || cameras.some((c) => !c.result.isPending && isImageStale(latestImage(c)?.time.utcMs ?? null, now, thresholds));
  const status = tileStatus({ unreachable, stale, loading });
  const sites = new Set(cameras.map((c) => c.site));
  const camerasOnly = volcano.verticalChannels.length === 0;
  const axisAt = channels.findLastIndex((c) => drawsSpark(c, range));
  return (
    <article
      className={`wall-tile wall-tile--${status}${camerasOnly ? ' wall-tile--cameras-only' : ''}${alerting ? ' wall-tile--alert' : ''}`}
      aria-label={volcano.name}
      data-testid="wall-tile"
      data-status={status}
    >
      <header className="wall-tile__head">
        <h2>
          {volcano.name} <span className="wall-tile__country">{volcano.country}</span>
        </h2>
        <p className="wall-tile__status">
          <span className="wall-tile__dot" aria-hidden="true" />
          {STATUS_LABEL[status]}
        </p>
        <LocalClock zone={zone} />
        {failures.length > 0 && (
          <p className="wall-tile__failure" role="alert">
            Data failed: {failures.join(' · ')}
          </p>
        )}
      </header>
      <TileAlerts alerts={alerts} />
      <div className="wall-tile__cameras">
        {cameras.map((c) => (
          <CameraView key={`${c.site}-${c.imageType}`} camera={c} multiSite={sites.size > 1} thresholds={thresholds} />
        ))}
      </div>
      {camerasOnly ? (
        <p className="wall-tile__note">Cameras only: no seismic station, so no RSAM.</p>
      ) : (
        <div className="wall-tile__channels">
          {channels.map((c, i) => (
            <ChannelView
              key={c.id}
              slot={c}
              theme={theme}
              thresholds={thresholds}
              range={range}
              timeAxis={i === axisAt}
            />
          ))}
        </div>
      )}
    </article>
  );
}
