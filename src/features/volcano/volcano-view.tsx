import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { UrlNotices } from '../../ui/url-notices';
import { useUrlState } from '../../ui/use-url-state';
import type { ImageRecord } from '../../api/imagery';
import { alignSeries, insertGaps, type AlignedData } from '../../chart/series-data';
import { MINUTE_MS, type UtcMs } from '../../domain/time';
import { volcanoTimeZone, type ImageType, type Volcano } from '../../domain/volcanoes';
import { ErrorPanel } from '../../ui/error-panel';
import { RateLimitStatus } from '../../ui/rate-limit-status';
import { detectEvents, eventRule, type RsamEvent } from './events';
import { EventsList } from './events-list';
import { FrameLanes, QualityLegend } from './frame-lanes';
import { useCursorFrames } from './cursor-frames';
import { FramePreview } from './frame-preview';
import type { Axis } from './lanes';
import { blindSpans } from './quality';
import type { Band, PlotBox } from './rsam-chart';
import { chooseFreq, FREQ_LABEL } from './sampling';
import { bothLabels, primaryLabel } from './time-labels';
import { useLaneQuality } from './use-lane-quality';
import { camerasOf, useFrameLookup, useLaneFrames, useRsam } from './use-volcano-data';
import { useDebounced } from '../../ui/hooks/use-debounced';
import { useElementSize } from '../../ui/hooks/use-element-size';
import {
  DEFAULT_FROM,
  DEFAULT_TO,
  instantBound,
  MAX_N,
  MIN_N,
  MAX_SPAN_MS,
  MIN_RANGE_MS,
  parseVolcanoParams,
  resolveRange,
  serializeVolcanoParams,
  type VolcanoParams,
} from './volcano-params';
import './volcano.css';

// uPlot loads with the chart, not with the route (first-route bundle budget, README "Measured").
const RsamChart = lazy(() => import('./rsam-chart').then((m) => ({ default: m.RsamChart })));
// Opened on demand, so loaded on demand.
const TimeLapsePanel = lazy(() => import('./time-lapse-panel').then((m) => ({ default: m.TimeLapsePanel })));
const SpanDownloadDialog = lazy(() =>
  import('./span-download-dialog').then((m) => ({ default: m.SpanDownloadDialog })),
);

const sameRange = (a: { from: number; to: number }, b: { from: number; to: number }) =>
  a.from === b.from && a.to === b.to;

export function VolcanoView({ volcano: v }: { volcano: Volcano }) {
  // Relative ranges resolve against the moment the view opened, so "now" does not creep each render.
  const [now, setNow] = useState(() => Date.now());
  const parse = useCallback((search: URLSearchParams) => parseVolcanoParams(search, now), [now]);
  const { params, notices, dismissNotices, apply } = useUrlState(parse, serializeVolcanoParams);
  const range = useMemo(() => resolveRange(params, now), [params, now]);
  const zone = volcanoTimeZone(v.vnum);
  const displayZone = params.tz === 'utc' ? 'UTC' : zone;

  const update = useCallback(
    (patch: Partial<VolcanoParams>, replace = false) => apply({ ...params, ...patch }, { replace }),
    [params, apply],
  );
  const setRange = (from: UtcMs, to: UtcMs) => {
    const span = Math.max(MIN_RANGE_MS, to - from);
    const end = Math.min(Date.now(), from + span);
    update({ from: instantBound(end - span), to: instantBound(end) });
  };

  // Frames follow the range after a pause, so dragging through zooms does not fire a request each.
  const framesRange = useDebounced(range, 300, sameRange);
  const freq = chooseFreq(framesRange.to - framesRange.from);
  const cameras = useMemo(() => camerasOf(v), [v]);
  const lanes = useLaneFrames(v, cameras, freq, framesRange.from, framesRange.to);
  const lookup = useFrameLookup(v, params.frame);

  const hasSeismic = v.verticalChannels.length > 0;
  const rsam = useRsam(v.verticalChannels, range.from, range.to);
  const chartData = useMemo((): AlignedData => {
    // One column per channel always: uPlot's series are built from the channel list.
    const parts = rsam.channels.map((c) => (c.series ? insertGaps(c.series) : { x: new Float64Array(0), y: [] }));
    return alignSeries(parts);
  }, [rsam.channels]);
  const events = useMemo((): RsamEvent[] => {
    const series = rsam.channels.flatMap((c) =>
      c.series ? [{ id: c.id, times: c.series.times, values: c.series.values, windowSec: c.series.windowSec }] : [],
    );
    return detectEvents(series, { n: params.n }).filter((e) => e.to >= range.from && e.from <= range.to);
  }, [rsam.channels, params.n, range]);

  const [hoverT, setHoverT] = useState<UtcMs | null>(null);
  const [playT, setPlayT] = useState<UtcMs | null>(null);
  const span = params.span ?? null;
  const setSpan = (s: { from: UtcMs; to: UtcMs } | null) =>
    update({ span: s ? { from: Math.round(s.from / 1000) * 1000, to: Math.round(s.to / 1000) * 1000 } : undefined });
  const [download, setDownload] = useState<ImageType | null>(null);
  // The field follows params.n when the URL changes it, and keeps the user's text otherwise.
  const [nText, setNText] = useState(String(params.n));
  const [seenN, setSeenN] = useState(params.n);
  if (seenN !== params.n) {
    setSeenN(params.n);
    setNText(String(params.n));
  }
  const nValid = Number(nText) >= MIN_N && Number(nText) <= MAX_N;

  const cursorT = hoverT ?? playT ?? params.at ?? null;

  // Lanes hold the loaded frames plus the deep-linked one, which the sampling may have skipped.
  const lanesWithSelected = useMemo(() => {
    const rec = lookup.record;
    if (!rec) return lanes;
    return lanes.map((l) => {
      if (
        l.camera.site !== rec.site ||
        l.camera.imageType !== rec.image_type ||
        l.frames.some((r) => r.image_id === rec.image_id)
      )
        return l;
      return { ...l, frames: [...l.frames, rec].sort((a, b) => a.time.utcMs - b.time.utcMs) };
    });
  }, [lanes, lookup.record]);

  const quality = useLaneQuality(v, lanesWithSelected, freq, framesRange.from, framesRange.to);
  const segments = quality.segments;
  const blind = useMemo(() => blindSpans(segments), [segments]);

  const nearest = useCursorFrames(lanesWithSelected, freq, cursorT, hoverT === null ? lookup.record : null);
  const highlightIds = useMemo(() => new Set(nearest.flatMap((e) => (e.record ? [e.record.image_id] : []))), [nearest]);

  const pick = (r: ImageRecord) => update({ at: r.time.utcMs, frame: r.image_id }, true);

  const [plotBox, setPlotBox] = useState<PlotBox | null>(null);
  const lanesRef = useRef<HTMLDivElement>(null);
  const lanesWidth = useElementSize(lanesRef).width;
  const box = hasSeismic && plotBox ? plotBox : { left: 40, width: Math.max(100, lanesWidth - 80) };
  const axis: Axis = useMemo(
    () => ({ from: range.from, to: range.to, width: box.width }),
    [range.from, range.to, box.width],
  );

  const bands = useMemo((): Band[] => {
    const b: Band[] = blind.map((s) => ({ from: s.from / 1000, to: s.to / 1000, kind: 'blind' }));
    for (const e of events)
      b.push({ from: e.from / 1000, to: Math.max(e.to, e.from + MINUTE_MS) / 1000, kind: 'event' });
    if (span) b.push({ from: span.from / 1000, to: span.to / 1000, kind: 'span' });
    return b;
  }, [blind, events, span]);

  const zoomBy = (factor: number) => {
    const c = cursorT !== null && cursorT >= range.from && cursorT <= range.to ? cursorT : (range.from + range.to) / 2;
    const len = (range.to - range.from) * factor;
    setRange(c - len / 2, c + len / 2);
  };
  const pan = (fraction: number) => {
    const len = range.to - range.from;
    setRange(range.from + len * fraction, range.to + len * fraction);
  };

  const cursorLabel = cursorT === null ? null : bothLabels(cursorT, zone, params.tz);
  const multiTypes = [...new Set(cameras.map((c) => c.imageType))];

  return (
    <section className="page volcano">
      <h1>
        {v.name}{' '}
        <span className="muted">
          · {v.country} · volcano {v.vnum}
        </span>
      </h1>
      <UrlNotices notices={notices} onDismiss={dismissNotices} />
      {lookup.problem && (
        <p className="notice" role="status">
          {lookup.problem}
        </p>
      )}

      <div className="volcano__toolbar button-row" role="toolbar" aria-label="Time range">
        <span>
          {primaryLabel(range.from, zone, params.tz, false)} → {primaryLabel(range.to, zone, params.tz, false)}
        </span>
        <button type="button" onClick={() => zoomBy(0.5)} disabled={range.to - range.from <= MIN_RANGE_MS}>
          Zoom in
        </button>
        <button type="button" onClick={() => zoomBy(2)}>
          Zoom out
        </button>
        <button type="button" onClick={() => pan(-0.5)}>
          Earlier
        </button>
        <button type="button" onClick={() => pan(0.5)}>
          Later
        </button>
        <button
          type="button"
          onClick={() => {
            setNow(Date.now());
            update({ from: DEFAULT_FROM, to: DEFAULT_TO });
          }}
        >
          Last 7 days
        </button>
        <label>
          Times in{' '}
          <select
            value={params.tz}
            onChange={(e) => update({ tz: e.target.value === 'local' ? 'local' : 'utc' }, true)}
          >
            <option value="utc">UTC</option>
            <option value="local">Site time ({zone})</option>
          </select>
        </label>
      </div>

      <p className="volcano__status">
        <span className="volcano__cursor" aria-label="Cursor time" data-testid="cursor-time">
          Cursor: {cursorLabel ? cursorLabel.primary : 'none'}
        </span>
        {cursorLabel && <span className="muted"> · {cursorLabel.secondary}</span>}
        <span className="volcano__sampling" data-testid="sampling">
          {' '}
          · Frame sampling: {FREQ_LABEL[freq]}
        </span>
      </p>
      <RateLimitStatus />

      {hasSeismic ? (
        <div className="volcano-chart card" data-testid="volcano-chart">
          <h2 className="visually-hidden">Seismic amplitude (RSAM)</h2>
          {rsam.error !== null && (
            <ErrorPanel error={rsam.error} onRetry={rsam.retry} context={`Loading RSAM for ${v.name}`} />
          )}
          {rsam.isPending && <p role="status">Loading RSAM…</p>}
          <Suspense fallback={<p role="status">Loading the chart…</p>}>
            <RsamChart
              data={chartData}
              labels={rsam.channels.map((c) => c.id)}
              zone={displayZone}
              range={[range.from / 1000, range.to / 1000]}
              bands={bands}
              marker={hoverT === null && cursorT !== null ? cursorT / 1000 : null}
              onCursor={(t) => setHoverT(t === null ? null : Math.round(t * 1000))}
              onZoom={(a, b) => setRange(a * 1000, b * 1000)}
              onPlotBox={setPlotBox}
              label={`RSAM of ${rsam.channels.map((c) => c.id).join(' and ')}; drag across the chart to zoom`}
            />
          </Suspense>
          <p className="muted volcano-chart__legend">
            {rsam.channels.map((c, i) => (
              <span key={c.id} className={`volcano-chart__key volcano-chart__key--${i}`}>
                {c.id}
              </span>
            ))}{' '}
            · red shading: events · grey shading: every camera blind · blue: selected span. Drag across the chart to
            zoom.
          </p>
        </div>
      ) : (
        <p className="notice" role="status">
          {v.name} has no seismic channels: only the camera lanes and their quality strips are shown.
        </p>
      )}

      <div ref={lanesRef} className="volcano__lanes card">
        <h2 className="visually-hidden">Camera frames</h2>
        <FrameLanes
          lanes={lanesWithSelected}
          segments={segments}
          axis={axis}
          left={box.left}
          tz={params.tz}
          highlightIds={highlightIds}
          selectedId={params.frame ?? null}
          onPick={pick}
        />
        <div className="lanes__axis" style={{ marginLeft: box.left, width: box.width }} aria-hidden="true">
          <span>{primaryLabel(range.from, zone, params.tz, false)}</span>
          <span>{primaryLabel((range.from + range.to) / 2, zone, params.tz, false)}</span>
          <span>{primaryLabel(range.to, zone, params.tz, false)}</span>
        </div>
        <QualityLegend />
      </div>

      <div className="volcano__below">
        <FramePreview
          entries={nearest}
          qualityOf={quality.qualityOf}
          tz={params.tz}
          title={hoverT !== null ? 'Nearest frames to the cursor' : 'Frames at the cursor'}
        />

        <section className="card volcano__events" aria-labelledby="events-h">
          <h2 id="events-h">Events</h2>
          {hasSeismic ? (
            <>
              <form
                className="button-row"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (nValid) update({ n: Number(nText) });
                }}
              >
                <label>
                  Threshold (× running median){' '}
                  <input
                    type="number"
                    min={MIN_N}
                    max={MAX_N}
                    step={0.5}
                    value={nText}
                    onChange={(e) => setNText(e.target.value)}
                    aria-invalid={!nValid}
                  />
                </label>
                <button type="submit">Apply</button>
                {!nValid && (
                  <span className="field-error">
                    Enter a number from {MIN_N} to {MAX_N}.
                  </span>
                )}
              </form>
              <p className="muted" data-testid="event-rule">
                {eventRule(params.n)}
              </p>
              {rsam.isPending ? (
                <p role="status">Looking for events…</p>
              ) : (
                <EventsList
                  events={events}
                  lanes={lanes}
                  zone={zone}
                  tz={params.tz}
                  selected={span}
                  onSelect={(e) => setSpan({ from: e.from, to: Math.max(e.to, e.from + MINUTE_MS) })}
                  onZoom={(e) => {
                    const pad = Math.max(30 * MINUTE_MS, (e.to - e.from) / 2);
                    setRange(e.from - pad, e.to + pad);
                  }}
                  onPick={pick}
                />
              )}
            </>
          ) : (
            <p className="muted">Events need seismic data, which {v.name} does not have.</p>
          )}
        </section>
      </div>

      <section className="card volcano__span" aria-labelledby="span-h">
        <h2 id="span-h">Evidence pack</h2>
        <div className="button-row">
          <button
            type="button"
            onClick={() => setSpan({ from: range.from, to: Math.min(range.to, range.from + MAX_SPAN_MS) })}
          >
            Select the visible range
          </button>
          {span && (
            <button type="button" onClick={() => setSpan(null)}>
              Clear the selection
            </button>
          )}
        </div>
        {span ? (
          <>
            <p>
              Selected span: {primaryLabel(span.from, zone, params.tz)} → {primaryLabel(span.to, zone, params.tz)}
            </p>
            <div className="button-row">
              {multiTypes.map((t) => (
                <button key={t} type="button" onClick={() => setDownload(t)}>
                  Download {t} images…
                </button>
              ))}
            </div>
            <Suspense fallback={<p role="status">Loading the time-lapse…</p>}>
              <TimeLapsePanel
                key={`${span.from}-${span.to}`}
                volcano={v}
                cameras={cameras}
                span={span}
                zone={zone}
                tz={params.tz}
                onTime={setPlayT}
              />
            </Suspense>
          </>
        ) : (
          <p className="muted">
            Select an event, or the visible range, for a time-lapse of both cameras and a download of its images.
          </p>
        )}
      </section>
      {download && span && (
        <Suspense fallback={null}>
          <SpanDownloadDialog
            volcano={v}
            imageType={download}
            span={span}
            zone={zone}
            tz={params.tz}
            onClose={() => setDownload(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
