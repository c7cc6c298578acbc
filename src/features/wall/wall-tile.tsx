import { describeError } from '../../api/http/errors';
import { formatInZone, zoneAbbreviation } from '../../domain/zoned-time';
import { IMAGE_TYPE_LABEL, volcanoTimeZone } from '../../domain/volcanoes';
import type { RelativeTime } from '../../domain/relative-time';
import { useNow } from './use-now';
import { AlertNotes, ChannelAlert, tellAlerts } from './tile-alerts';
import { useAcknowledgedAlerts, useAlertActions } from '../../stores/alert-ack-store';
import { latestPossible } from './latest-image';
import { CameraView, latestImage } from './tile-camera';
import { ChannelView, drawsSpark } from './tile-channel';
import type { WallAlert } from './wall-alerts';
import type { VolcanoData } from './use-wall-data';
import {
  STATUS_LABEL,
  describeFailures,
  isConnectionError,
  isImageStale,
  isRsamStale,
  latestPoint,
  tileStatus,
  type StaleThresholds,
} from './wall-model';
import './wall-tile.css';

interface TileProps {
  data: VolcanoData;
  thresholds: StaleThresholds;
  theme: string;
  /** How far back the sparklines reach. */
  range: RelativeTime;
  /** Alert states of this tile's channels (rules from the URL). */
  alerts?: readonly WallAlert[];
  /** Every request of the wall fails: the wall's banner says why, so the tile need not. */
  outage?: boolean;
}

/** The volcano's local time; the zone's long name only where the header has room for it. */
function LocalClock({ zone }: { zone: string }) {
  const now = useNow();
  return (
    <>
      <p className="wall-tile__clock" aria-label={`Local time, ${zone}`}>
        <span className="wall-tile__clock-time">{formatInZone(now, zone, 'HH:mm')}</span>{' '}
        <span className="wall-tile__zone">{zoneAbbreviation(now, zone)}</span>
      </p>
      <p className="wall-tile__optional wall-tile__zone" aria-hidden="true">
        <span>· {zone}</span>
      </p>
    </>
  );
}

export function WallTile({ data, thresholds, theme, range, alerts = [], outage = false }: TileProps) {
  const { volcano, channels, cameras } = data;
  const now = useNow();
  const told = tellAlerts(alerts, useAcknowledgedAlerts());
  const { alertAcknowledged } = useAlertActions();
  const alerting = told.some((t) => t.loud);
  const zone = volcanoTimeZone(volcano.vnum);
  const results = [...channels.flatMap((c) => (c.result ? [c.result] : [])), ...cameras.map((c) => c.result)];
  const unreachable = results.some((r) => r.isError && isConnectionError(r.error));
  // Every failed request of this tile, named, so a failure is read on its own tile (the banner is
  // only for all requests failing).
  const failed = [
    ...channels.flatMap((c) =>
      c.result?.isError ? [{ kind: 'RSAM', name: c.id, reason: describeError(c.result.error).title }] : [],
    ),
    ...cameras.flatMap((c) =>
      c.result.isError
        ? [{ kind: IMAGE_TYPE_LABEL[c.imageType], name: c.site, reason: describeError(c.result.error).title }]
        : [],
    ),
  ];
  const failures = describeFailures(failed);
  // Every request of the tile failed for one reason (an outage): said in one line on the wall, the
  // names only to a screen reader, so the last data received keeps its room on the tile.
  const reasons = new Set(failed.map((f) => f.reason));
  const allOneReason = failed.length > 1 && failed.length === results.length && reasons.size === 1;
  const loading = results.some((r) => r.isPending && r.fetchStatus !== 'idle');
  const stale =
    channels.some(
      (c) =>
        c.listed &&
        c.result &&
        !c.result.isPending &&
        isRsamStale(latestPoint(c.result.data)?.t ?? null, now, thresholds),
    ) ||
    cameras.some((c) => {
      if (c.result.isPending || c.deep?.isPending) return false;
      const latest = latestImage(c, now);
      return isImageStale(latest ? latestPossible(latest.time) : null, now, thresholds);
    });
  const status = tileStatus({ unreachable, stale, loading });
  const sites = new Set(cameras.map((c) => c.site));
  const camerasOnly = volcano.verticalChannels.length === 0;
  const axisAt = channels.findLastIndex((c) => drawsSpark(c, range));
  const latestTimes = channels.flatMap((c) => latestPoint(c.result?.data)?.t ?? []);
  return (
    <article
      className={`wall-tile wall-tile--${status}${camerasOnly ? ' wall-tile--cameras-only' : ''}${alerting ? ' wall-tile--alert' : ''}`}
      aria-label={volcano.name}
      data-testid="wall-tile"
      data-status={status}
    >
      <header className="wall-tile__head">
        <h2>{volcano.name}</h2>
        {/* Shown whole where the line has room, else not at all: a cut "Spain …" helps nobody. */}
        <p className="wall-tile__optional wall-tile__country">
          <span>{volcano.country}</span>
        </p>
        <p className="wall-tile__status">
          <span className="wall-tile__dot" aria-hidden="true" />
          <span className="wall-tile__status-label">{STATUS_LABEL[status]}</span>
          {/* One word where a narrow tile has no room for the label (wall-tile.css). */}
          <span className="wall-tile__status-short" aria-hidden="true" />
        </p>
        <LocalClock zone={zone} />
        {failures && (
          // In an outage the banner says it once for the wall, the status on each tile: the line is read, not shown.
          <p className={`wall-tile__failure${outage ? ' visually-hidden' : ''}`} role="alert">
            {allOneReason ? (
              <>
                Data failed: all {failed.length} requests: {failed[0]!.reason}
                <span className="visually-hidden"> ({failures})</span>
              </>
            ) : (
              `Data failed: ${failures}`
            )}
          </p>
        )}
      </header>
      <div className="wall-tile__cameras">
        {cameras.map((c) => (
          <CameraView key={`${c.site}-${c.imageType}`} camera={c} multiSite={sites.size > 1} thresholds={thresholds} />
        ))}
      </div>
      {camerasOnly ? (
        <p className="wall-tile__note">Cameras only: no seismic station, so no RSAM.</p>
      ) : (
        <div className="wall-tile__channels">
          {channels.map((c, i) => {
            const loud = told.find((t) => t.loud && t.a.id === c.id);
            return (
              <ChannelView
                key={c.id}
                slot={c}
                theme={theme}
                thresholds={thresholds}
                range={range}
                timeAxis={i === axisAt}
                sizers={latestTimes}
                alert={
                  loud?.m && (
                    <ChannelAlert key={loud.a.key} m={loud.m} onAcknowledge={() => alertAcknowledged(loud.a.key!)} />
                  )
                }
              />
            );
          })}
          <AlertNotes told={told} />
        </div>
      )}
    </article>
  );
}
