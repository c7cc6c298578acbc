/**
 * The seismic time-series chart on the shared uPlot owner (plot.tsx): several series on one time
 * axis, cursor sync, controlled zoom. Zoom: drag to select, double-click to reset, wheel
 * (shift+wheel pans), and the keyboard when the chart has focus (← → pan, + − zoom, 0 reset; with
 * Shift, a cursor that reads the values: keyboard-cursor.ts). The cursor reports the raw x nearest
 * the pointer, never a row kept only for drawing.
 */
import { memo, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type uPlot from 'uplot';
import { seriesColor, timeAxisValues, tzDate } from './chart-options';
import { timeAxisSplits } from './time-splits';
import { lineSeries, themedAxis } from './chart-theme';
import { chartExtent, nearestX, type ChartData } from './chart-data';
import { Plot, barPaths, type PlotHandle, type PlotOptions, type XRange } from './plot';
import './time-series-chart.css';
import { numberAxisValues } from '../domain/format-number';


export interface ChartSeries {
  label: string;
  color?: string;
  /** Drawn as a line (default) or as bars (event counts per bin). */
  kind?: 'line' | 'bars';
  /** The right-hand axis (`y2Label`) instead of the left one. */
  axis?: 'y' | 'y2';
  /** Dash pattern in px, e.g. a fitted line over the data. */
  dash?: number[];
}

export interface TimeSeriesChartProps {
  /** An aligned table, or a Drawable for large progressive loads (chart-data.ts). */
  data: ChartData;
  series: readonly ChartSeries[];
  scale?: 'linear' | 'log';
  /** IANA zone of the time axis. */
  timeZone?: string;
  /** Charts sharing a key move their cursors together. */
  syncKey?: string;
  /** Full extent of the x axis when not zoomed (unix seconds); defaults to the data's extent. */
  xBounds?: XRange | null;
  /** Zoomed x range (controlled): null = the full extent. */
  xRange?: XRange | null;
  /** The cursor moved: x value under it (unix s) or null when it left. */
  onCursor?: (x: number | null) => void;
  /** The user zoomed or panned (null = reset to the full extent). */
  onSelect?: (range: XRange | null) => void;
  /** The uPlot instance once built (for PNG export), null when destroyed. */
  onInstance?: (u: uPlot | null) => void;
  /** Points handed to uPlot after each zoom, pan or resize (at most ~4 per pixel column). */
  onDrawn?: (drawn: number) => void;
  height?: number;
  yLabel?: string;
  /** Label of the time axis; defaults to `time (<zone>)` so the axis names its zone. */
  xLabel?: string;
  /** Accessible name of the focusable chart area. */
  label: string;
  /** Label of the right-hand axis; shown when a series uses `axis: 'y2'`. */
  y2Label?: string;
  /** Dragging zooms (default) or selects a span reported by `onSpan`, leaving the zoom alone. */
  dragMode?: 'zoom' | 'select';
  onSpan?: (range: XRange) => void;
}

function seriesOptions(s: ChartSeries, i: number): uPlot.Series {
  const o = lineSeries(s.label, s.color || seriesColor(i));
  if (s.axis === 'y2') o.scale = 'y2';
  if (s.dash) o.dash = s.dash;
  if (s.kind === 'bars') {
    o.paths = barPaths();
    o.fill = s.color || seriesColor(i);
    o.width = 0;
  }
  return o;
}

/** The keyboard cursor's code comes on the chart's first focus: it is no chart view's first-paint code. */
const keyCursor = () => import('./keyboard-cursor');
const CURSOR_KEYS = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];

function xScale(u: uPlot): { min?: number; max?: number } {
  return u.scales.x ?? {};
}

const dataExtent = chartExtent;

/** Memoised: a parent re-render with the same props (e.g. a cursor readout) leaves the chart alone. */
export const TimeSeriesChart = memo(function TimeSeriesChart(props: TimeSeriesChartProps) {
  const { data, series, scale = 'linear', timeZone = 'UTC', syncKey, height = 320, yLabel = 'counts' } = props;
  const xLabel = props.xLabel ?? `time (${timeZone})`;
  const handle = useRef<PlotHandle>(null);
  // Latest props for uPlot's hooks, which are bound once per instance.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const selectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const live = useRef<HTMLParagraphElement>(null);

  // Callers often pass a new array of the same series: rebuild only when a label or colour changes.
  const seriesKey = JSON.stringify(series.map((s) => [s.label, s.color ?? '', s.kind, s.axis, s.dash]));
  const dragMode = props.dragMode ?? 'zoom';
  const y2Label = props.y2Label;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableSeries = useMemo(() => series, [seriesKey]);
  const options = useMemo((): PlotOptions => {
    const axis = themedAxis();
    const hasY2 = stableSeries.some((s) => s.axis === 'y2');
    return {
      tzDate: tzDate(timeZone),
      legend: { show: false },
      cursor: {
        sync: syncKey ? { key: syncKey, setSeries: false } : undefined,
        drag: { x: true, y: false, setScale: false },
        bind: {
          dblclick: () => () => {
            resetZoom();
            return null;
          },
        },
      },
      scales: {
        x: { time: true },
        y: scale === 'log' ? { distr: 3, log: 10 } : { auto: true },
        ...(hasY2
          ? { y2: { auto: true, range: (_u: uPlot, _min: number, max: number) => [0, max > 0 ? max : 1] } }
          : {}),
      } as uPlot.Options['scales'],
      axes: [
        axis({ label: xLabel, values: timeAxisValues(timeZone), splits: timeAxisSplits(timeZone) }),
        axis({ label: yLabel, size: 70, values: numberAxisValues }),
        ...(hasY2
          ? [
              axis({
                label: y2Label ?? '',
                scale: 'y2',
                side: 1,
                size: 70,
                grid: { show: false },
                values: numberAxisValues,
              }),
            ]
          : []),
      ],
      series: [{}, ...stableSeries.map((s, i) => seriesOptions(s, i))],
      hooks: {
        setCursor: [
          (u) => {
            const left = u.cursor.left ?? -1;
            latest.current.onCursor?.(left < 0 ? null : nearestX(latest.current.data, u.posToVal(left, 'x')));
          },
        ],
        setSelect: [
          (u) => {
            const { left, width } = u.select;
            if (width < 3) return;
            const r: XRange = [u.posToVal(left, 'x'), u.posToVal(left + width, 'x')];
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            if (dragMode === 'select') {
              latest.current.onSpan?.(r);
              return;
            }
            setX(r);
            latest.current.onSelect?.(r);
          },
        ],
      },
    };
    // resetZoom and setX read refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stableSeries, scale, timeZone, syncKey, yLabel, xLabel, dragMode, y2Label]);

  const plot = () => handle.current?.plot() ?? null;

  function fullRange(): XRange | null {
    return latest.current.xBounds ?? dataExtent(latest.current.data);
  }

  function setX(r: XRange | null | undefined) {
    if (!r) return;
    handle.current?.setX(r);
  }

  function resetZoom() {
    setX(fullRange());
    if (selectTimer.current) clearTimeout(selectTimer.current);
    latest.current.onSelect?.(null);
  }

  /** Zooms by `factor` around x value `at` (or the centre), kept inside the full extent. */
  function zoomBy(factor: number, at?: number) {
    const u = plot();
    const full = fullRange();
    if (!u || !full) return;
    const { min = full[0], max = full[1] } = xScale(u);
    const c = at ?? (min + max) / 2;
    const span = Math.min(full[1] - full[0], Math.max(120, (max - min) * factor));
    let lo = c - (c - min) * (span / (max - min));
    lo = Math.max(full[0], Math.min(lo, full[1] - span));
    setX([lo, lo + span]);
    reportLater([lo, lo + span]);
  }

  function panBy(fraction: number) {
    const u = plot();
    const full = fullRange();
    if (!u || !full) return;
    const { min = full[0], max = full[1] } = xScale(u);
    const span = max - min;
    const lo = Math.max(full[0], Math.min(min + span * fraction, full[1] - span));
    setX([lo, lo + span]);
    reportLater([lo, lo + span]);
  }

  /** Wheel and key zooms come in bursts: report the last one. */
  function reportLater(r: XRange) {
    if (selectTimer.current) clearTimeout(selectTimer.current);
    selectTimer.current = setTimeout(() => latest.current.onSelect?.(r), 150);
  }

  // The wheel listener lives as long as the instance.
  const onInstance = useMemo(
    () => (u: uPlot | null) => {
      latest.current.onInstance?.(u);
      if (!u) return;
      u.over.addEventListener(
        'wheel',
        (e: WheelEvent) => {
          e.preventDefault();
          if (e.shiftKey) panBy(e.deltaY > 0 ? 0.1 : -0.1);
          else {
            const left = u.cursor.left ?? -1;
            zoomBy(e.deltaY > 0 ? 1.25 : 0.8, left >= 0 ? u.posToVal(left, 'x') : undefined);
          }
        },
        { passive: false },
      );
    },
    // zoomBy and panBy read refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  useEffect(
    () => () => {
      if (selectTimer.current) clearTimeout(selectTimer.current);
    },
    [],
  );

  const onDrawn = useMemo(() => (n: number) => latest.current.onDrawn?.(n), []);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const u = plot();
    if (e.shiftKey ? CURSOR_KEYS.includes(e.key) : e.key === 'Escape' && (u?.cursor.left ?? -1) >= 0) {
      e.preventDefault();
      const { key } = e;
      const units = series.map((s) => ({ label: s.label, unit: s.axis === 'y2' ? (y2Label ?? '') : yLabel }));
      const c = { data, series: units, timeZone, live: live.current, bins: series.some((s) => s.kind === 'bars') };
      if (u) void keyCursor().then((m) => plot() === u && m.cursorKey(u, key, c));
      return;
    }
    const keys: Record<string, () => void> = {
      ArrowLeft: () => panBy(-0.1),
      ArrowRight: () => panBy(0.1),
      '+': () => zoomBy(0.5),
      '=': () => zoomBy(0.5),
      '-': () => zoomBy(2),
      _: () => zoomBy(2),
      '0': resetZoom,
      Home: resetZoom,
    };
    const f = keys[e.key];
    if (f) {
      e.preventDefault();
      f();
    }
  }

  return (
    <>
      <Plot
        handle={handle}
        options={options}
        data={data}
        xRange={props.xRange ?? props.xBounds ?? null}
        height={height}
        deferData
        onInstance={onInstance}
        onDrawn={onDrawn}
        className="ts-chart"
        tabIndex={0}
        role="group"
        aria-label={`${props.label}. Arrow keys pan, plus and minus zoom, 0 resets the zoom; Shift+arrow keys move a cursor that reads the values, Shift+Home and Shift+End move it to the first and last point, Escape hides it.`}
        onKeyDown={onKeyDown}
        onFocus={() => void keyCursor()}
      />
      <p ref={live} className="visually-hidden" aria-live="polite" aria-atomic="true" />
    </>
  );
});
