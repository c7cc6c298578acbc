/**
 * The volcano view: one time axis shared by the RSAM chart and the camera lanes, a cursor that
 * brings up the frames at its time, events, and an evidence pack of a chosen span.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { UrlNotices } from '../../ui/url-notices';
import { countryName } from '../../ui/country-name';
import { useUrlState } from '../../ui/use-url-state';
import type { ImageRecord } from '../../api/imagery/imagery-shapes';
import { MINUTE_MS, type UtcMs } from '../../domain/time';
import { volcanoTimeZone, type Volcano } from '../../domain/volcanoes';
import { RateLimitStatus } from '../../ui/rate-status/rate-limit-status';
import { useDebounced } from '../../ui/hooks/use-debounced';
import { useElementSize } from '../../ui/hooks/use-element-size';
import { useCursorFrames, useLanesWithPicked, useShownIds } from './frames/cursor-frames';
import { FrameLanes, QualityLegend } from './frames/frame-lanes';
import type { Axis } from './frames/lanes';
import { blindSpans, type Span } from './frames/quality';
import { RangeToolbar, useRangeNavigation } from './range-toolbar';
import type { PlotBox } from './rsam-chart';
import { chooseFreq, freqLabel } from './frames/sampling';
import { bothLabels, primaryLabel } from './time-labels';
import { useLaneQuality } from './frames/use-lane-quality';
import { useRangeEvents } from './events/use-range-events';
import { camerasOf, useFrameLookup, useLaneFrames, useRsam } from './use-volcano-data';
import { VolcanoRsamCard } from './volcano-rsam-card';
import { chartedChannels, DEFAULT_RANGE, resolveVolcanoRange, volcanoUrl, type VolcanoParams } from './volcano-params';
import { StationChannels } from './station-channels';
import './volcano.css';

// Below the chart and the lanes, so asked for once the RSAM has arrived: the first paint does not
// wait on them (scripts/bundle-budget.mjs counts what it does wait on). A failed load says so in
// their place and leaves the chart and lanes on screen.
const belowPanels = () =>
  import('./below-panels').catch((e: unknown): typeof import('./below-panels') => {
    const Failed = () => (
      <p role="alert" className="notice">
        <FailedText why={e instanceof Error ? e.message : String(e)} />
      </p>
    );
    const Nothing = () => <></>;
    return { FramePreview: Failed, EventsPanel: Nothing, EvidencePack: Nothing };
  });
const FramePreview = lazy(() => belowPanels().then((m) => ({ default: m.FramePreview })));
const EventsPanel = lazy(() => belowPanels().then((m) => ({ default: m.EventsPanel })));
const EvidencePack = lazy(() => belowPanels().then((m) => ({ default: m.EvidencePack })));

// A component, so its words are said in the language shown when it renders, not when the chunk failed.
function FailedText({ why }: { why: string }) {
  return (
    <Trans>
      The frame preview, events and evidence pack could not be loaded ({why}). Check the connection and reload the page.
    </Trans>
  );
}

function BelowLoading() {
  return (
    <p className="muted" role="status">
      <Trans>Loading the frame preview, events and evidence pack…</Trans>
    </p>
  );
}

const sameRange = (a: { from: number; to: number }, b: { from: number; to: number }) =>
  a.from === b.from && a.to === b.to;

export function VolcanoView({ volcano: v }: { volcano: Volcano }) {
  const { t } = useLingui();
  // Relative ranges resolve against the moment the view opened, so "now" does not creep each render.
  const [now, setNow] = useState(() => Date.now());
  const schema = useMemo(() => volcanoUrl(now, v), [now, v]);
  const { params, notices, dismissNotices, apply } = useUrlState(schema);
  const range = useMemo(() => resolveVolcanoRange(params.range, now), [params.range, now]);
  const zone = volcanoTimeZone(v.vnum);
  const displayZone = params.tz === 'utc' ? 'UTC' : zone;

  const update = useCallback(
    (patch: Partial<VolcanoParams>, replace = false) => apply({ ...params, ...patch }, { replace }),
    [params, apply],
  );

  // Frames follow the range after a pause, so dragging through zooms does not fire a request each.
  const framesRange = useDebounced(range, 300, sameRange);
  const freq = chooseFreq(framesRange.to - framesRange.from);
  const cameras = useMemo(() => camerasOf(v), [v]);
  const lanes = useLaneFrames(v, cameras, freq, framesRange.from, framesRange.to);
  const lookup = useFrameLookup(v, params.frame);

  const hasSeismic = v.verticalChannels.length > 0;
  const channels = chartedChannels(params, v);
  const rsam = useRsam(channels, range.from, range.to);
  const found = useRangeEvents(rsam.channels, params.n, range);
  const events = found.events;
  // Once open, the panels stay: a later range's loading does not take them away.
  const [belowOpen, setBelowOpen] = useState(false);
  if (!belowOpen && (!hasSeismic || !rsam.isPending)) setBelowOpen(true);

  const [hoverT, setHoverT] = useState<UtcMs | null>(null);
  const [playT, setPlayT] = useState<UtcMs | null>(null);
  const span = params.span ?? null;
  const setSpan = (s: Span | null) =>
    update({ span: s ? { from: Math.round(s.from / 1000) * 1000, to: Math.round(s.to / 1000) * 1000 } : undefined });
  const cursorT = hoverT ?? playT ?? params.at ?? null;
  const nav = useRangeNavigation(range, cursorT, (bounds) => update({ range: bounds }));

  const lanesWithPicked = useLanesWithPicked(lanes, lookup.record);
  const quality = useLaneQuality(v, lanesWithPicked, freq, framesRange.from, framesRange.to);
  const segments = quality.segments;
  const blind = useMemo(() => blindSpans(segments), [segments]);

  const nearest = useCursorFrames(lanesWithPicked, freq, cursorT, hoverT === null ? lookup.record : null);
  const highlightIds = useShownIds(nearest);
  const pick = (r: ImageRecord) => update({ at: r.time.utcMs, frame: r.image_id }, true);

  const [plotBox, setPlotBox] = useState<PlotBox | null>(null);
  const lanesRef = useRef<HTMLDivElement>(null);
  const lanesWidth = useElementSize(lanesRef).width;
  const box = hasSeismic && plotBox ? plotBox : { left: 40, width: Math.max(100, lanesWidth - 80) };
  const axis: Axis = useMemo(
    () => ({ from: range.from, to: range.to, width: box.width }),
    [range.from, range.to, box.width],
  );

  const { name, vnum } = v;
  const country = countryName(v.country);
  const cursorLabel = cursorT === null ? null : bothLabels(cursorT, zone, params.tz);
  const cursorTime = cursorLabel?.primary;
  const sampling = freqLabel(freq);

  return (
    <section className="page volcano">
      <h1>
        {v.name}{' '}
        <span className="muted">
          <Trans>
            · {country} · volcano {vnum}
          </Trans>
        </span>
      </h1>
      <UrlNotices notices={notices} onDismiss={dismissNotices} />
      {lookup.problem && (
        <p className="notice" role="status">
          {lookup.problem}
        </p>
      )}

      <RangeToolbar
        range={range}
        zone={zone}
        tz={params.tz}
        nav={nav}
        onDefault={() => {
          setNow(Date.now());
          update({ range: DEFAULT_RANGE });
        }}
        onTz={(tz) => update({ tz }, true)}
      />

      <p className="volcano__status">
        <span className="volcano__cursor" aria-label={t`Cursor time`} data-testid="cursor-time">
          {cursorTime ? t`Cursor: ${cursorTime}` : t`Cursor: none`}
        </span>
        {cursorLabel && <span className="muted"> · {cursorLabel.secondary}</span>}
        <span className="volcano__sampling" data-testid="sampling">
          {' '}
          {t`· Frame sampling: ${sampling}`}
        </span>
      </p>
      <RateLimitStatus />

      {hasSeismic && <StationChannels volcano={v} charted={channels} onChange={(c) => update({ channels: c })} />}
      {hasSeismic ? (
        <VolcanoRsamCard
          volcanoName={v.name}
          rsam={rsam}
          displayZone={displayZone}
          range={range}
          blind={blind}
          events={events}
          span={span}
          marker={hoverT === null ? cursorT : null}
          onHover={setHoverT}
          onZoom={nav.setRange}
          onPlotBox={setPlotBox}
        />
      ) : (
        <p className="notice" role="status">
          <Trans>{name} has no seismic channels: only the camera lanes and their quality strips are shown.</Trans>
        </p>
      )}

      <div ref={lanesRef} className="volcano__lanes card">
        <h2 className="visually-hidden">
          <Trans>Camera frames</Trans>
        </h2>
        <FrameLanes
          lanes={lanesWithPicked}
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

      {belowOpen ? (
        <Suspense fallback={<BelowLoading />}>
          <div className="volcano__below">
            <FramePreview
              entries={nearest}
              qualityOf={quality.qualityOf}
              tz={params.tz}
              title={hoverT !== null ? t`Nearest frames to the cursor` : t`Frames at the cursor`}
            />
            <EventsPanel
              volcanoName={v.name}
              hasSeismic={hasSeismic}
              pending={rsam.isPending}
              working={found.working}
              known={found.known}
              error={found.error}
              onRetry={found.retry}
              n={params.n}
              onN={(n) => update({ n })}
              events={events}
              inRange={found.inRange}
              unjudged={found.unjudged}
              channels={channels}
              range={range}
              lanes={lanes}
              zone={zone}
              tz={params.tz}
              selected={span}
              onSelect={(e) => setSpan({ from: e.from, to: Math.max(e.to, e.from + MINUTE_MS) })}
              onZoom={(e) => {
                const pad = Math.max(30 * MINUTE_MS, (e.to - e.from) / 2);
                nav.setRange(e.from - pad, e.to + pad);
              }}
              onPick={pick}
            />
          </div>

          <EvidencePack
            volcano={v}
            cameras={cameras}
            range={range}
            span={span}
            onSpan={setSpan}
            zone={zone}
            tz={params.tz}
            onTime={setPlayT}
          />
        </Suspense>
      ) : (
        <BelowLoading />
      )}
    </section>
  );
}
