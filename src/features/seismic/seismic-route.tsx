/** Route `/seismic`: RSAM of up to six channels over hours to years. */
import { Suspense, lazy, useMemo, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  if (!wait || wait.queued === 0) return null;
  const seconds = wait.waitMs === null ? 0 : Math.ceil(wait.waitMs / 1000);
  return (
    <p className="rate-wait">
      {wait.retrying > 0
        ? plural(wait.retrying, {
            one: 'Retrying # chunk request after a failed answer.',
            other: 'Retrying # chunk requests after a failed answer.',
          })
        : plural(wait.queued, {
            one: 'Waiting for the service’s rate limit (100 RSAM requests a minute): # chunk request queued.',
            other: 'Waiting for the service’s rate limit (100 RSAM requests a minute): # chunk requests queued.',
          })}{' '}
      {wait.waitMs !== null && wait.waitMs > 1000 ? t`Next in about ${seconds} s.` : ''}
    </p>
  );
}

export function Component() {
  const { t, i18n } = useLingui();
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
  const volcanoName = volcano?.name;
  const offsets = zone === 'UTC' ? '' : offsetsCaption(zone, range.fromMs, range.toMs);
  const zoneLabel = zone === 'UTC' ? 'UTC' : t`local time of ${volcanoName} (${zone}, ${offsets})`;
  const otherVolcanoes = state.channels.some((c) => volcanoForStation(c.network, c.station)?.vnum !== volcano?.vnum);

  const answered = chunks.loaded + chunks.failed.length;
  const loaded = chunks.loaded;
  const rangeWords = describeRange(state.range, zone);
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
      <h1>{t`Seismic RSAM`}</h1>
      {/* The channel list is up to ~60 tab stops: a keyboard user can pass it, or go to the chart. */}
      <nav aria-label={t`Skip within this page`} className="seismic-skips">
        <a className="skip-link" href="#seismic-settings" onClick={focusTarget}>
          {t`Skip the channel list`}
        </a>
        {state.channels.length > 0 && (
          <a className="skip-link" href="#seismic-chart" onClick={focusTarget}>
            {t`Skip to the chart`}
          </a>
        )}
      </nav>
      <UrlNotices notices={notices} onDismiss={dismissNotices} />
      <div className="seismic-layout">
        <ChannelPicker selected={state.channels} onChange={setChannels} />
        <div className="seismic-main" id="seismic-settings" tabIndex={-1}>
          <RangeForm range={state.range} channels={state.channels} now={now} onChange={setRange} chartZone={zone} />
          <fieldset className="card seismic-display">
            <legend>{t`Display`}</legend>
            <div role="radiogroup" aria-label={t`Analysis`} className="seg seg--analysis">
              {ANALYSES.map((a) => (
                <label key={a}>
                  <input
                    type="radio"
                    name="analysis"
                    checked={state.analysis === a}
                    onChange={() => update({ analysis: a, view: null })}
                  />
                  {i18n._(ANALYSIS_LABEL[a])}
                </label>
              ))}
            </div>
            <div role="radiogroup" aria-label={t`Amplitude scale`} className="seg">
              {(['linear', 'log'] as const).map((v) => (
                <label key={v}>
                  <input type="radio" name="scale" checked={state.scale === v} onChange={() => update({ scale: v })} />
                  {v === 'linear' ? t`Linear` : t`Logarithmic`}
                </label>
              ))}
            </div>
            <div role="radiogroup" aria-label={t`Time zone`} className="seg">
              <label>
                <input type="radio" name="tz" checked={state.tz === 'utc'} onChange={() => update({ tz: 'utc' })} />
                UTC
              </label>
              <label>
                <input type="radio" name="tz" checked={state.tz === 'local'} onChange={() => update({ tz: 'local' })} />
                {t`Volcano local time`}
              </label>
            </div>
            <div role="radiogroup" aria-label={t`Layout`} className="seg">
              {(['overlay', 'stacked'] as const).map((v) => (
                <label key={v}>
                  <input
                    type="radio"
                    name="layout"
                    checked={state.layout === v}
                    onChange={() => update({ layout: v })}
                  />
                  {v === 'overlay' ? t`Overlaid` : t`Stacked panels`}
                </label>
              ))}
            </div>
            <label>
              {t`Smoothing`}{' '}
              <select
                value={state.smooth ?? ''}
                onChange={(e) => update({ smooth: (e.target.value || null) as Smoothing | null })}
              >
                <option value="">
                  {/* analysis-inverse.ts fits 10-minute medians even here: raw 1/RSAM is too noisy to fit. */}
                  {state.analysis === 'inverse' ? t`Default (10-minute medians)` : t`None (raw windows)`}
                </option>
                {SMOOTHINGS.map((s) => (
                  <option key={s} value={s}>
                    {s === '10m' ? t`10 min` : s === '1h' ? t`1 hour` : t`1 day`}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t`Statistic`}{' '}
              <select
                value={state.stat}
                disabled={!state.smooth}
                onChange={(e) => update({ stat: e.target.value === 'median' ? 'median' : 'mean' })}
              >
                <option value="mean">{t`Rolling mean`}</option>
                <option value="median">{t`Rolling median`}</option>
              </select>
            </label>
          </fieldset>
          {state.tz === 'local' && !volcano && state.channels.length > 0 && (
            <p className="notice">{t`The first channel belongs to no known volcano, so times stay in UTC.`}</p>
          )}
          {state.tz === 'local' && volcano && otherVolcanoes && (
            <p className="notice">
              {t`Channels of several volcanoes: times are in the local time of ${volcanoName}, the first channel’s volcano.`}
            </p>
          )}

          {state.channels.length === 0 ? (
            <div className="card seismic-empty">
              <p>
                <Trans>
                  <strong>No channel chosen.</strong> Pick up to six channels in the list (type “HHZ” or “VPCC” to
                  filter) to draw their RSAM for the {rangeWords}.
                </Trans>
              </p>
            </div>
          ) : (
            <>
              <div className="seismic-progress" aria-live="polite">
                {(loading || chunks.paused || !complete) && (
                  <>
                    <label>
                      {chunks.paused
                        ? plural(chunks.total, {
                            one: `Loading cancelled: ${loaded} of # chunk`,
                            other: `Loading cancelled: ${loaded} of # chunks`,
                          })
                        : plural(chunks.total, {
                            one: `Loading RSAM: ${loaded} of # chunk`,
                            other: `Loading RSAM: ${loaded} of # chunks`,
                          })}{' '}
                      <progress max={chunks.total} value={chunks.loaded} />
                    </label>
                    {chunks.paused ? (
                      <button type="button" onClick={chunks.resume}>
                        {t`Resume loading`}
                      </button>
                    ) : (
                      loading && (
                        <button type="button" onClick={chunks.cancel}>
                          {t`Cancel loading`}
                        </button>
                      )
                    )}
                  </>
                )}
                {complete && chunks.total > 0 && (
                  <span className="muted">
                    {plural(chunks.total, {
                      one: `${rangeWords}: ${loaded} of # chunk loaded.`,
                      other: `${rangeWords}: ${loaded} of # chunks loaded.`,
                    })}
                  </span>
                )}
                {loading && <RsamBudgetWait />}
              </div>
              {chunks.failed.length > 0 && (
                <div className="seismic-failed">
                  {chunks.failed.map((f) => (
                    <ErrorPanel key={f.label} error={f.error} onRetry={f.retry} context={t`Loading RSAM ${f.label}`} />
                  ))}
                  <p className="muted">{t`The chart keeps the chunks already loaded; retry the failed ones above.`}</p>
                </div>
              )}
              <div id="seismic-chart" tabIndex={-1}>
                <Suspense fallback={<p role="status">{t`Loading the chart…`}</p>}>
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
