/**
 * Operations wall display: every volcano on one screen, refreshing itself, legible across
 * a room, configured by URL only. Mounted by the router outside the app layout (no header).
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { getRuntimeConfig } from '../../config/runtime-config';
import { formatInZone } from '../../domain/zoned-time';
import { useThemeActions } from '../../stores/theme-store';
import { DemoBadge } from '../../ui/demo-badge';
import { RateLimitStatus } from '../../ui/rate-status/rate-limit-status';
import { useLimiterSnapshot } from '../../ui/rate-status/use-endpoint-wait';
import { useNow, useNowMinute } from './use-now';
import { useWallData } from './use-wall-data';
import { bannerSays, feedStates, wallRequests, wallVerdict, type WallVerdict } from './feed-states';
import { useFailingSince } from '../../ui/failures/failing-since';
import { pagesOf, wallUrl } from './wall-params';
import { WallTile } from './wall-tile';
import { shortRelative } from '../../domain/relative-time';
import { useUrlState } from '../../ui/use-url-state';
import { attentionSummary, legendText } from '../../analysis/attention/attention-words';
import { attentionSettings, longestBaselineHours } from '../../ui/attention/settings';
import { useAttentionSignals } from '../../ui/attention/attention-signals';
import { NotifyButton, SoundButton } from '../../ui/attention/attention-buttons';
import { useWallAttention } from './wall-attention';
import './wall.css';

const IDLE_CURSOR_MS = 3_000;

/** Said while the words load, or where they could not (the app's own host gone too). */
function PlainBanner({ verdict }: { verdict: NonNullable<WallVerdict> }) {
  return (
    <p className="wall-banner" role="alert">
      {verdict.kind === 'lost' ? 'Connection lost' : 'Data failing'}: showing the last data received.
    </p>
  );
}

// What failed, in words: a chunk loaded a few seconds after the first paint (see below). One that
// cannot load leaves the plain banner, not an error in place of the wall.
const loadFailureLines = () => import('./status-lines').catch(() => null);
const WallBanner = lazy(async () => ({ default: (await loadFailureLines())?.WallBanner ?? PlainBanner }));

function UtcClock() {
  const now = useNow();
  return (
    <p className="wall-head__clock" aria-label="Coordinated Universal Time">
      <span className="wall-head__clock-time">{formatInZone(now, 'UTC', 'HH:mm:ss')}</span>{' '}
      <span className="wall-head__zone">UTC · {formatInZone(now, 'UTC', 'EEE yyyy-MM-dd')}</span>
    </p>
  );
}

/** Hides the pointer after a few seconds without movement: nobody is at a TV's mouse. */
function useIdleCursor(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let t = setTimeout(() => setIdle(true), IDLE_CURSOR_MS);
    const wake = () => {
      setIdle(false);
      clearTimeout(t);
      t = setTimeout(() => setIdle(true), IDLE_CURSOR_MS);
    };
    const events = ['pointermove', 'pointerdown', 'keydown'] as const;
    for (const e of events) window.addEventListener(e, wake, { passive: true });
    return () => {
      clearTimeout(t);
      for (const e of events) window.removeEventListener(e, wake);
    };
  }, []);
  return idle;
}

function FullscreenButton() {
  const [full, setFull] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const on = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  if (!document.fullscreenEnabled) return null;
  const toggle = () => {
    const p = full ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    // A refused request (no user gesture, policy) leaves the wall as it is.
    p.catch(() => undefined);
  };
  return (
    <button type="button" className="wall-head__button" onClick={toggle} aria-pressed={full}>
      {full ? 'Exit full screen' : 'Full screen'}
    </button>
  );
}

/**
 * Applies `theme=` to the whole document while the wall is shown, without saving it as the user's
 * choice. The sparklines follow the theme shown through the store (sparkline.tsx).
 */
function useWallTheme(theme: 'dark' | 'light' | null): void {
  const { viewThemeSet } = useThemeActions();
  useEffect(() => {
    viewThemeSet(theme);
    return () => viewThemeSet(null);
  }, [theme, viewThemeSet]);
}

function useCyclingPage(pageCount: number, cycleSeconds: number | null): number {
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (cycleSeconds === null || pageCount <= 1) return;
    const t = setInterval(() => setPage((p) => (p + 1) % pageCount), cycleSeconds * 1000);
    return () => clearInterval(t);
  }, [cycleSeconds, pageCount]);
  return page % Math.max(1, pageCount);
}

export function Component() {
  const config = getRuntimeConfig().wall;
  // The same URL-state code as the other views: a bad value is named here and dropped from the address.
  const schema = useMemo(() => wallUrl(config.refreshSeconds), [config.refreshSeconds]);
  const { params, notices } = useUrlState(schema);
  const thresholds = useMemo(
    () => ({ imageStaleMinutes: config.imageStaleMinutes, rsamStaleHours: config.rsamStaleHours }),
    [config.imageStaleMinutes, config.rsamStaleHours],
  );
  useWallTheme(params.theme);
  const idle = useIdleCursor();
  const { perVolcano } = useWallData(
    params.volcanoes,
    params.refreshSeconds,
    params.range,
    longestBaselineHours() * 3_600_000,
  );
  // The minute, not the second: the route (and attention) render when data or the minute changes.
  const minute = useNowMinute();
  // One rule for every alert: the observatory's (config.json), with the URL's alert= rules as this
  // session's changes to a channel's elevated level (wall-attention.ts), acknowledged in one log.
  const attention = useWallAttention(perVolcano, minute, params.alerts);
  useAttentionSignals(attention);
  const summary = attentionSummary(attention);
  const calm = summary.startsWith('All calm');

  const limiter = useLimiterSnapshot();
  const rateWaits = limiter.queued;
  const held = (key: string) => limiter.endpoints.find((e) => e.key === key)?.blockedUntil ?? null;
  const seismicHeld = held('seismic.rsam');
  const imagesHeld = held('imagery.q');
  // Each request's last answer (a whole refresh round failing is seen at once, however long the
  // backoff makes the next try wait), and since when each has been failing.
  const requests = useMemo(
    () => wallRequests(perVolcano, { seismic: seismicHeld, images: imagesHeld }),
    [perVolcano, seismicHeld, imagesHeld],
  );
  const since = useFailingSince(requests.map((r) => ({ key: r.key, failing: r.failure !== null, at: r.at })));
  const verdict = wallVerdict(feedStates(requests, since, minute));
  // Nothing answers, or every endpoint fails: the banner says it for every tile.
  const outage = verdict !== null && (verdict.kind === 'lost' || verdict.others.length === 0);

  // Loaded before anything fails, not when it does: by then the app's own host may be gone too.
  useEffect(() => {
    const t = setTimeout(() => void loadFailureLines(), 3_000);
    return () => clearTimeout(t);
  }, []);

  const pages = pagesOf(perVolcano, params.cycleSeconds, params.perPage);
  const pageIndex = useCyclingPage(pages.length, params.cycleSeconds);
  const shown = pages[pageIndex] ?? [];
  const cols = shown.length <= 1 ? 1 : shown.length === 2 ? 2 : shown.length === 4 ? 2 : 3;
  const rows = Math.ceil(shown.length / cols);

  return (
    <div className={`wall${idle ? ' wall--idle' : ''}`} data-testid="wall">
      <header className="wall-head">
        <h1 className="wall-head__title">Volcano operations wall</h1>
        <p className="wall-head__meta">
          Refresh every {params.refreshSeconds} s
          {pages.length > 1
            ? ` · page ${pageIndex + 1} of ${pages.length}, turning every ${params.cycleSeconds} s`
            : ''}{' '}
          <DemoBadge short />
        </p>
        <p
          className={`wall-head__attention${calm ? '' : ' wall-head__attention--raised'}`}
          role="status"
          aria-label="Attention"
        >
          {summary}
        </p>
        <UtcClock />
        <SoundButton className="wall-head__button" />
        <NotifyButton className="wall-head__button" />
        <FullscreenButton />
      </header>
      {verdict && (
        <Suspense fallback={<PlainBanner verdict={verdict} />}>
          <WallBanner verdict={verdict} />
        </Suspense>
      )}
      {/* Outside the app layout, so the wall shows the rate waits (429, backoff) itself; not under a
          banner that names the failure and says the wall is trying again (its room is the tiles'),
          unless a 429 holds an endpoint: then the bar counts down its wait. */}
      {rateWaits > 0 && (!verdict || (!outage && (seismicHeld ?? imagesHeld) !== null)) && <RateLimitStatus />}
      {notices.length > 0 && (
        <div className="wall-notice" role="status">
          <strong>Some URL settings were ignored:</strong> {notices.join(' ')}
        </div>
      )}
      <main
        className="wall-grid"
        style={{
          gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`,
          gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`,
        }}
      >
        {shown.map((d) => {
          const feeds = feedStates(
            requests.filter((r) => r.vnum === d.volcano.vnum),
            since,
            minute,
          );
          return (
            <WallTile
              key={d.volcano.vnum}
              data={d}
              thresholds={thresholds}
              range={params.range}
              attention={attention.find((a) => a.vnum === d.volcano.vnum)}
              feeds={feeds}
              outage={outage}
              bannerSays={bannerSays(verdict, feeds)}
            />
          );
        })}
        {shown.length % cols !== 0 && (
          // A free cell of the grid explains the colours to whoever walks in.
          <aside className="wall-legend" aria-label="Legend">
            <h2>Attention</h2>
            <p>{legendText(attentionSettings().defaults)}.</p>
            <h2>Data</h2>
            <ul>
              <li className="wall-tile--ok">
                <span className="wall-tile__dot" aria-hidden="true" /> Data current: all data fresh
              </li>
              <li className="wall-tile--stale">
                <span className="wall-tile__dot" aria-hidden="true" /> Stale: newest image older than{' '}
                {thresholds.imageStaleMinutes} min or RSAM older than {thresholds.rsamStaleHours} h
              </li>
              <li className="wall-tile--failing">
                <span className="wall-tile__dot" aria-hidden="true" /> Failing or unreachable: named on the tile;
                showing the last data received
              </li>
            </ul>
            <p className="muted">
              RSAM: last {shortRelative(params.range)}, times in UTC. Image times in each camera site's zone.
            </p>
          </aside>
        )}
      </main>
    </div>
  );
}
