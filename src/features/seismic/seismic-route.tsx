/** Route `/seismic`: RSAM of up to six channels over hours to years. */
import { Suspense, lazy, useMemo, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchRsamSeries } from '../../rsam/use-rsam-series';
import { seismicQueries } from '../../api/seismic';
import type { ChannelRef } from '../../domain/channel-id';
import { volcanoForStation } from '../../domain/volcanoes';
import { offsetsCaption } from '../../domain/zone-changes';
import { ErrorPanel } from '../../ui/error-panel';
import type { XRange } from '../../chart/plot';
import { ChannelPicker } from './channel-picker';
import { RsamChartPanel } from './rsam-chart-panel';
import { RangeForm } from './range-form';
import {
  SMOOTHINGS,
  chartZoneOf,
  describeRange,
  rangeChunks,
  resolveRange,
  seismicUrl,
  type RangeParam,
  type SeismicViewState,
  type Smoothing,
} from './seismic-params';
import { useRsamChunks } from './use-rsam-chunks';
import { ANALYSES, ANALYSIS_LABEL } from './analysis/analysis-params';
import './seismic.css';
import { UrlNotices } from '../../ui/url-notices';
import { useEndpointWait } from '../../ui/rate-status/use-endpoint-wait';
import { useUrlState } from '../../ui/use-url-state';
import { parseUrl } from '../../ui/url-schema';

const AnalysisPanel = lazy(() => import('./analysis/analysis-panel').then((m) => ({ default: m.AnalysisPanel })));

/**
 * The boot calls this with the address before the view first renders (src/app/view-modules.ts): a
 * year's chunks are asked for a render earlier. The view's own queries then find them.
 */
export function prefetch(client: QueryClient, search: URLSearchParams): void {
  const now = Date.now();
  const { params: state } = parseUrl(seismicUrl(now), search);
  const range = resolveRange(state.range, now, chartZoneOf(state));
  // The channel list's two small answers first: asked for once the list rendered, they came after
  // every chunk request had taken its place in the browser's queue for a connection.
  void client.prefetchQuery(seismicQueries.sites());
  void client.prefetchQuery(seismicQueries.latest());
  prefetchRsamSeries(client, state.channels, rangeChunks(range.fromDay, range.toDay));
}

/** Moves focus to a skip link's target without adding a #fragment to the view's shareable address. */
function focusTarget(e: MouseEvent<HTMLAnchorElement>) {
  e.preventDefault();
  const target = document.getElementById(e.currentTarget.hash.slice(1));
  if (!target) return;
  target.focus();
  target.scrollIntoView({ block: 'start' });
}

/** The RSAM budget wait, in a component of its own: the limiter changes with every request. */
function RsamBudgetWait() {
  const wait = useEndpointWait('seismic.rsam');
  if (!wait || wait.queued === 0) return null;
  return (
    <p className="rate-wait">
      {wait.retrying > 0
        ? `Retrying ${wait.retrying} chunk request${wait.retrying === 1 ? '' : 's'} after a failed answer. `
        : `Waiting for the service’s rate limit (100 RSAM requests a minute): ${wait.queued} chunk request${wait.queued === 1 ? '' : 's'} queued. `}
      {wait.waitMs !== null && wait.waitMs > 1000 ? `Next in about ${Math.ceil(wait.waitMs / 1000)} s.` : ''}
    </p>
  );
}

export function Component() {
  const [sp] = useSearchParams();
  const fromParam = sp.get('from');
  const toParam = sp.get('to');
  // "now" is fixed per chosen range, so a relative range keeps stable query keys while shown.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const now = useMemo(() => Date.now(), [fromParam, toParam]);
  const schema = useMemo(() => seismicUrl(now), [now]);
  const { params: state, notices, dismissNotices, apply } = useUrlState(schema);
  const update = (patch: Partial<SeismicViewState>, replace = false) => apply({ ...state, ...patch }, { replace });

  const first = state.channels[0];
  const volcano = first ? volcanoForStation(first.network, first.station) : undefined;
  const zone = chartZoneOf(state);
  const range = useMemo(() => resolveRange(state.range, now, zone), [state.range, now, zone]);
  const bounds = useMemo((): XRange => [range.fromMs / 1000, range.toMs / 1000], [range]);
  const chunks = useRsamChunks(state.channels, range);
  // Every offset the range holds: a range across a clock change is half one, half the other.
  const zoneLabel =
    zone === 'UTC'
      ? 'UTC'
      : `local time of ${volcano?.name} (${zone}, ${offsetsCaption(zone, range.fromMs, range.toMs)})`;
  const otherVolcanoes = state.channels.some((c) => volcanoForStation(c.network, c.station)?.vnum !== volcano?.vnum);

  const answered = chunks.loaded + chunks.failed.length;
  const complete = answered === chunks.total;
  const loading = !chunks.paused && chunks.pending > 0;

  // The amplitude chart and the analysis chart read the same loaded chunks and share the zoom.
  const panelProps = {
    channels: chunks.channels,
    state,
    bounds,
    zone,
    zoneLabel,
    complete,
    onView: (v: XRange | null) => update({ view: v ? [Math.round(v[0]), Math.round(v[1])] : null }, true),
  };
  const setChannels = (channels: ChannelRef[]) => update({ channels, view: null });
  const setRange = (r: RangeParam) => update({ range: r, view: null });

  return (
    <section className="page seismic">
      <h1>Seismic RSAM</h1>
      {/* The channel list is up to ~60 tab stops: a keyboard user can pass it, or go to the chart. */}
      <nav aria-label="Skip within this page" className="seismic-skips">
        <a className="skip-link" href="#seismic-settings" onClick={focusTarget}>
          Skip the channel list
        </a>
        {state.channels.length > 0 && (
          <a className="skip-link" href="#seismic-chart" onClick={focusTarget}>
            Skip to the chart
          </a>
        )}
      </nav>
      <UrlNotices notices={notices} onDismiss={dismissNotices} />
      <div className="seismic-layout">
        <ChannelPicker selected={state.channels} onChange={setChannels} />
        <div className="seismic-main" id="seismic-settings" tabIndex={-1}>
          <RangeForm range={state.range} channels={state.channels} now={now} onChange={setRange} chartZone={zone} />
          <fieldset className="card seismic-display">
            <legend>Display</legend>
            <div role="radiogroup" aria-label="Analysis" className="seg seg--analysis">
              {ANALYSES.map((a) => (
                <label key={a}>
                  <input
                    type="radio"
                    name="analysis"
                    checked={state.analysis === a}
                    onChange={() => update({ analysis: a, view: null })}
                  />
                  {ANALYSIS_LABEL[a]}
                </label>
              ))}
            </div>
            <div role="radiogroup" aria-label="Amplitude scale" className="seg">
              {(['linear', 'log'] as const).map((v) => (
                <label key={v}>
                  <input type="radio" name="scale" checked={state.scale === v} onChange={() => update({ scale: v })} />
                  {v === 'linear' ? 'Linear' : 'Logarithmic'}
                </label>
              ))}
            </div>
            <div role="radiogroup" aria-label="Time zone" className="seg">
              <label>
                <input type="radio" name="tz" checked={state.tz === 'utc'} onChange={() => update({ tz: 'utc' })} />
                UTC
              </label>
              <label>
                <input type="radio" name="tz" checked={state.tz === 'local'} onChange={() => update({ tz: 'local' })} />
                Volcano local time
              </label>
            </div>
            <div role="radiogroup" aria-label="Layout" className="seg">
              {(['overlay', 'stacked'] as const).map((v) => (
                <label key={v}>
                  <input
                    type="radio"
                    name="layout"
                    checked={state.layout === v}
                    onChange={() => update({ layout: v })}
                  />
                  {v === 'overlay' ? 'Overlaid' : 'Stacked panels'}
                </label>
              ))}
            </div>
            <label>
              Smoothing{' '}
              <select
                value={state.smooth ?? ''}
                onChange={(e) => update({ smooth: (e.target.value || null) as Smoothing | null })}
              >
                <option value="">
                  {/* analysis-inverse.ts fits 10-minute medians even here: raw 1/RSAM is too noisy to fit. */}
                  {state.analysis === 'inverse' ? 'Default (10-minute medians)' : 'None (raw windows)'}
                </option>
                {SMOOTHINGS.map((s) => (
                  <option key={s} value={s}>
                    {s === '10m' ? '10 min' : s === '1h' ? '1 hour' : '1 day'}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Statistic{' '}
              <select
                value={state.stat}
                disabled={!state.smooth}
                onChange={(e) => update({ stat: e.target.value === 'median' ? 'median' : 'mean' })}
              >
                <option value="mean">Rolling mean</option>
                <option value="median">Rolling median</option>
              </select>
            </label>
          </fieldset>
          {state.tz === 'local' && !volcano && state.channels.length > 0 && (
            <p className="notice">The first channel belongs to no known volcano, so times stay in UTC.</p>
          )}
          {state.tz === 'local' && volcano && otherVolcanoes && (
            <p className="notice">
              Channels of several volcanoes: times are in the local time of {volcano.name}, the first channel’s volcano.
            </p>
          )}

          {state.channels.length === 0 ? (
            <div className="card seismic-empty">
              <p>
                <strong>No channel chosen.</strong> Pick up to six channels in the list (type “HHZ” or “VPCC” to filter)
                to draw their RSAM for the {describeRange(state.range, zone)}.
              </p>
            </div>
          ) : (
            <>
              <div className="seismic-progress" aria-live="polite">
                {(loading || chunks.paused || !complete) && (
                  <>
                    <label>
                      {chunks.paused ? 'Loading cancelled:' : 'Loading RSAM:'} {chunks.loaded} of {chunks.total} chunks{' '}
                      <progress max={chunks.total} value={chunks.loaded} />
                    </label>
                    {chunks.paused ? (
                      <button type="button" onClick={chunks.resume}>
                        Resume loading
                      </button>
                    ) : (
                      loading && (
                        <button type="button" onClick={chunks.cancel}>
                          Cancel loading
                        </button>
                      )
                    )}
                  </>
                )}
                {complete && chunks.total > 0 && (
                  <span className="muted">
                    {describeRange(state.range, zone)}: {chunks.loaded} of {chunks.total} chunks loaded.
                  </span>
                )}
                {loading && <RsamBudgetWait />}
              </div>
              {chunks.failed.length > 0 && (
                <div className="seismic-failed">
                  {chunks.failed.map((f) => (
                    <ErrorPanel key={f.label} error={f.error} onRetry={f.retry} context={`Loading RSAM ${f.label}`} />
                  ))}
                  <p className="muted">The chart keeps the chunks already loaded; retry the failed ones above.</p>
                </div>
              )}
              <div id="seismic-chart" tabIndex={-1}>
                <Suspense fallback={<p role="status">Loading the chart…</p>}>
                  {state.analysis !== 'amplitude' ? (
                    <AnalysisPanel {...panelProps} onChange={(patch) => update(patch)} />
                  ) : (
                    <RsamChartPanel {...panelProps} />
                  )}
                </Suspense>
              </div>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
