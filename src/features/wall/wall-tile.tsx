import { msg } from '@lingui/core/macro';
import { i18n } from '../../i18n/i18n';
import { countryName } from '../../ui/country-name';
import { lazy, Suspense, type ComponentProps, type ComponentType, type CSSProperties } from 'react';
import { formatInZone, zoneAbbreviation } from '../../domain/zoned-time';
import { volcanoTimeZone } from '../../domain/volcanoes';
import type { RelativeTime } from '../../domain/relative-time';
import { useNow } from './use-now';
import { latestPossible } from './timed-image';
import { CameraView, latestImage } from './tile-camera';
import { ChannelView, drawsSpark } from './tile-channel';
import type { VolcanoAttention } from '../../analysis/attention/attention-words';
import { VolcanoState } from '../../ui/attention/volcano-state';
import { volcanoClass } from '../../ui/attention/state-class';
import { useAttentionLog } from '../../ui/attention/attention-log';
import type { VolcanoData } from './use-wall-data';
import { tileFailure, type FeedState } from './feed-states';
import {
  statusLabel,
  statusShort,
  isImageStale,
  isRsamStale,
  latestPoint,
  tileStatus,
  type StaleThresholds,
} from './wall-model';
import './wall-tile.css';

// Loaded a few seconds after the wall's first paint (wall-route.tsx), so they are here before
// anything fails; where they cannot load, the tile's status still says what fails.
type Line<K extends 'TileFailureLine'> = { default: ComponentType<ComponentProps<Lines[K]>> };
type Lines = typeof import('./status-lines');
const lines = () => import('./status-lines').catch(() => null);
const nothing = () => null;
const TileFailureLine = lazy(async (): Promise<Line<'TileFailureLine'>> => ({
  default: (await lines())?.TileFailureLine ?? nothing,
}));

interface TileProps {
  data: VolcanoData;
  thresholds: StaleThresholds;
  /** How far back the sparklines reach. */
  range: RelativeTime;
  /** The volcano's attention: its state and each station's (wall-attention.ts). */
  attention?: VolcanoAttention | undefined;
  /** This tile's endpoints: how many requests, which fail, how and since when (feed-states.ts). */
  feeds: readonly FeedState[];
  /** Every request of the wall fails: the wall's banner says why, so the tile need not. */
  outage?: boolean;
  /** The banner says in full how each of this tile's failing endpoints fails (wall-route.tsx). */
  bannerSays?: boolean;
}

/** The volcano's local time; the zone's long name only where the header has room for it. */
function LocalClock({ zone }: { zone: string }) {
  const now = useNow();
  return (
    <>
      <p className="wall-tile__clock" aria-label={i18n._(msg`Local time, ${zone}`)}>
        <span className="wall-tile__clock-time">{formatInZone(now, zone, 'HH:mm')}</span>{' '}
        <span className="wall-tile__zone">{zoneAbbreviation(now, zone)}</span>
      </p>
      <p className="wall-tile__optional wall-tile__zone" aria-hidden="true">
        <span>· {zone}</span>
      </p>
    </>
  );
}

export function WallTile({ data, thresholds, range, attention, feeds, outage = false, bannerSays = false }: TileProps) {
  const { volcano, cameras } = data;
  // The overview channels are drawn; the other stations are in the attention strip only.
  const channels = data.channels.filter((c) => c.shown);
  const now = useNow();
  // A rise nobody acknowledged yet frames the tile; its firing channels' ids take the state's colour.
  const raised = useAttentionLog().some((e) => e.vnum === volcano.vnum && e.acked === null);
  const firing = new Set(attention?.stations.filter((s) => s.status.state === 'firing').map((s) => s.channelId));
  const zone = volcanoTimeZone(volcano.vnum);
  const results = [...channels.flatMap((c) => (c.result ? [c.result] : [])), ...cameras.map((c) => c.result)];
  const failure = tileFailure(feeds);
  const loading = results.some((r) => r.isPending && r.fetchStatus !== 'idle');
  const stale = {
    seismic: channels.some(
      (c) =>
        c.listed &&
        c.result &&
        !c.result.isPending &&
        isRsamStale(latestPoint(c.result.data)?.t ?? null, now, thresholds),
    ),
    images: cameras.some((c) => {
      if (c.result.isPending || c.deep?.isPending) return false;
      const latest = latestImage(c, now);
      return isImageStale(latest ? latestPossible(latest.time) : null, now, thresholds);
    }),
  };
  const status = tileStatus({ failure: failure?.status ?? null, stale: stale.seismic || stale.images, loading });
  const sites = new Set(cameras.map((c) => c.site));
  const camerasOnly = volcano.verticalChannels.length === 0;
  const axisAt = channels.findLastIndex((c) => drawsSpark(c, range));
  const latestTimes = channels.flatMap((c) => latestPoint(c.result?.data)?.t ?? []);
  return (
    <article
      className={`wall-tile wall-tile--${status}${camerasOnly ? ' wall-tile--cameras-only' : ''}${raised ? ' wall-tile--raised' : ''}${outage ? ' wall-tile--outage' : ''}${attention ? ` wall-tile--attention-${volcanoClass(attention)}` : ''}`}
      aria-label={volcano.name}
      data-testid="wall-tile"
      data-status={status}
    >
      <header className="wall-tile__head">
        <h2>{volcano.name}</h2>
        {/* The state shares the name's line (a calm one is a word and a dot per station), so the
            cameras and the RSAM lines keep the room a line of their own would take. */}
        {attention && <VolcanoState v={attention} nowMs={now} compact />}
        {/* Shown whole where the line has room, else not at all: a cut "Spain …" helps nobody. */}
        <p className="wall-tile__optional wall-tile__country">
          <span>{countryName(volcano.country)}</span>
        </p>
        <p className="wall-tile__status">
          <span className="wall-tile__dot" aria-hidden="true" />
          <span className="wall-tile__status-label">
            {failure?.label ?? statusLabel(status as Exclude<typeof status, 'failing'>)}
          </span>
          {/* One word where a narrow tile has no room for the label (wall-tile.css). */}
          <span className="wall-tile__status-short" aria-hidden="true" data-word={statusShort(status)} />
        </p>
        <LocalClock zone={zone} />
        {failure && (
          <Suspense fallback={null}>
            <TileFailureLine feeds={feeds} stale={stale} outage={outage} told={bannerSays} />
          </Suspense>
        )}
      </header>
      {/* The body is the container the RSAM lines size from (wall-tile.css), so an alert under a
          line takes its room from the cameras, never from the line. */}
      <div className="wall-tile__body">
        <div className="wall-tile__cameras">
          {cameras.map((c) => (
            <CameraView
              key={`${c.site}-${c.imageType}`}
              camera={c}
              multiSite={sites.size > 1}
              thresholds={thresholds}
            />
          ))}
        </div>
        {camerasOnly ? (
          // The attention line above says it: no seismic station, state from images only.
          attention ? null : (
            <p className="wall-tile__note">{i18n._(msg`Cameras only: no seismic station, so no RSAM.`)}</p>
          )
        ) : (
          <div className="wall-tile__channels" style={{ '--channels': channels.length } as CSSProperties}>
            {channels.map((c, i) => (
              <ChannelView
                key={c.id}
                slot={c}
                thresholds={thresholds}
                range={range}
                timeAxis={i === axisAt}
                sizers={latestTimes}
                alerting={raised && firing.has(c.id)}
              />
            ))}
          </div>
        )}
      </div>
    </article>
  );
}
