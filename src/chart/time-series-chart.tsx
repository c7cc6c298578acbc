/**
 * One component owns one uPlot instance (docs/architecture.md): resize → setSize, new data →
 * setData, new options → rebuild, unmount → destroy. Data is columnar, x in unix seconds, gaps as
 * null. Zoom: drag to select, double-click to reset, wheel (shift+wheel pans), and the keyboard
 * when the chart has focus (← → pan, + − zoom, 0 reset).
 */
import { memo, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { mountSizedPlot } from './sized-plot';
import { seriesColor, tzDate } from './chart-options';
import { lineSeries, themedAxis } from './chart-theme';
import type { AlignedData } from './series-data';
import './time-series-chart.css';

export interface ChartSeries {
  label: string;
  color?: string;
}

export type XRange = readonly [min: number, max: number];

export interface TimeSeriesChartProps {
  data: AlignedData;
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
  height?: number;
  yLabel?: string;
  /** Label of the time axis; defaults to `time (<zone>)` so the axis names its zone. */
  xLabel?: string;
  /** Accessible name of the focusable chart area. */
  label: string;
}

const DAY = 86_400;
/** 24-hour, ISO-ordered tick labels (uPlot's table: increment, format, then the rollover rows). */
const TIME_FORMATS: uPlot.Axis.Values = [
  [365 * DAY, '{YYYY}', null, null, null, null, null, null, 1],
  [28 * DAY, '{YYYY}-{MM}', '\n{YYYY}', null, null, null, null, null, 1],
  [DAY, '{MM}-{DD}', '\n{YYYY}', null, null, null, null, null, 1],
  [3600, '{HH}:{mm}', '\n{YYYY}-{MM}-{DD}', null, '\n{MM}-{DD}', null, null, null, 1],
  [60, '{HH}:{mm}', '\n{YYYY}-{MM}-{DD}', null, '\n{MM}-{DD}', null, null, null, 1],
  [1, ':{ss}', '\n{YYYY}-{MM}-{DD} {HH}:{mm}', null, '\n{MM}-{DD} {HH}:{mm}', null, '\n{HH}:{mm}', null, 1],
];

function xScale(u: uPlot): { min?: number; max?: number } {
  return u.scales.x ?? {};
}

function dataExtent(data: AlignedData): XRange | null {
  const x = data[0];
  if (!x.length) return null;
  return [x[0]!, x[x.length - 1]!];
}

/** Memoised: a parent re-render with the same props (e.g. a cursor readout) leaves the chart alone. */
export const TimeSeriesChart = memo(function TimeSeriesChart(props: TimeSeriesChartProps) {
  const { data, series, scale = 'linear', timeZone = 'UTC', syncKey, height = 320, yLabel = 'counts' } = props;
  const xLabel = props.xLabel ?? `time (${timeZone})`;
  const wrapRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  // Latest props for uPlot's hooks, which are bound once per instance.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  // The range the component itself last set: uPlot runs hooks in a deferred commit, so a flag
  // around setScale cannot tell them apart; comparing the range can.
  const lastSet = useRef<XRange | null>(null);
  const selectTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Callers often pass a new array of the same series: rebuild only when a label or colour changes.
  const seriesKey = JSON.stringify(series.map((s) => [s.label, s.color ?? '']));
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableSeries = useMemo(() => series, [seriesKey]);
  const options = useMemo((): Omit<uPlot.Options, 'width'> => {
    const axis = themedAxis();
    return {
      height,
      tzDate: tzDate(timeZone),
      legend: { show: false },
      cursor: {
        sync: syncKey ? { key: syncKey, setSeries: false } : undefined,
        drag: { x: true, y: false, setScale: true },
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
      },
      axes: [axis({ label: xLabel, values: TIME_FORMATS }), axis({ label: yLabel, size: 70 })],
      series: [{}, ...stableSeries.map((s, i) => lineSeries(s.label, s.color || seriesColor(i)))],
      hooks: {
        setCursor: [
          (u) => {
            const idx = u.cursor.idx;
            const x = idx === null || idx === undefined ? null : (u.data[0][idx] ?? null);
            latest.current.onCursor?.(x);
          },
        ],
        setScale: [
          (u, key) => {
            if (key !== 'x') return;
            const { min, max } = xScale(u);
            if (min === undefined || max === undefined) return;
            const set = lastSet.current;
            if (set && Math.abs(set[0] - min) < 1e-6 && Math.abs(set[1] - max) < 1e-6) return;
            // Wheel zooms fire many scale changes: report the last one.
            if (selectTimer.current) clearTimeout(selectTimer.current);
            selectTimer.current = setTimeout(() => latest.current.onSelect?.([min, max]), 150);
          },
        ],
      },
    };
    // resetZoom reads refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stableSeries, scale, timeZone, syncKey, height, yLabel, xLabel]);

  function fullRange(u: uPlot): XRange | null {
    return latest.current.xBounds ?? dataExtent(u.data as unknown as AlignedData);
  }

  function setX(u: uPlot, r: XRange | null | undefined) {
    if (!r) return;
    lastSet.current = r;
    u.setScale('x', { min: r[0], max: r[1] });
  }

  function resetZoom() {
    const u = plotRef.current;
    if (!u) return;
    setX(u, fullRange(u));
    if (selectTimer.current) clearTimeout(selectTimer.current);
    latest.current.onSelect?.(null);
  }

  /** Zooms by `factor` around x value `at` (or the centre), kept inside the full extent. */
  function zoomBy(factor: number, at?: number) {
    const u = plotRef.current;
    const full = u && fullRange(u);
    if (!u || !full) return;
    const { min = full[0], max = full[1] } = xScale(u);
    const c = at ?? (min + max) / 2;
    const span = Math.min(full[1] - full[0], Math.max(120, (max - min) * factor));
    let lo = c - (c - min) * (span / (max - min));
    lo = Math.max(full[0], Math.min(lo, full[1] - span));
    u.setScale('x', { min: lo, max: lo + span });
  }

  function panBy(fraction: number) {
    const u = plotRef.current;
    const full = u && fullRange(u);
    if (!u || !full) return;
    const { min = full[0], max = full[1] } = xScale(u);
    const span = max - min;
    const lo = Math.max(full[0], Math.min(min + span * fraction, full[1] - span));
    u.setScale('x', { min: lo, max: lo + span });
  }

  // Build (and rebuild on new options); destroy on unmount.
  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    const { plot: u, dispose } = mountSizedPlot(el, options, latest.current.data as uPlot.AlignedData, 100);
    plotRef.current = u;
    setX(u, latest.current.xRange ?? fullRange(u));
    latest.current.onInstance?.(u);
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      if (e.shiftKey) panBy(e.deltaY > 0 ? 0.1 : -0.1);
      else {
        const left = u.cursor.left ?? -1;
        zoomBy(e.deltaY > 0 ? 1.25 : 0.8, left >= 0 ? u.posToVal(left, 'x') : undefined);
      }
    };
    u.over.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      u.over.removeEventListener('wheel', onWheel);
      if (selectTimer.current) clearTimeout(selectTimer.current);
      latest.current.onInstance?.(null);
      dispose();
      plotRef.current = null;
    };
    // The instance is rebuilt only when the options change; data and ranges follow below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options]);

  // New data: keep the current zoom (progressive loading must not jump), re-range y. Drawn in the
  // next frame, a task of its own, so preparing a year of data and drawing it never add up to one
  // long main-thread task.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const u = plotRef.current;
      if (!u || u.data === (data as unknown)) return;
      const { min, max } = xScale(u);
      u.setData(data as uPlot.AlignedData, false);
      const zoomed = latest.current.xRange;
      setX(u, zoomed ?? fullRange(u) ?? (min !== undefined && max !== undefined ? [min, max] : null));
    });
    return () => cancelAnimationFrame(frame);
  }, [data]);

  // Controlled zoom: follow xRange / xBounds when they differ from what is shown.
  const xr0 = props.xRange?.[0];
  const xr1 = props.xRange?.[1];
  const xb0 = props.xBounds?.[0];
  const xb1 = props.xBounds?.[1];
  useEffect(() => {
    const u = plotRef.current;
    if (!u) return;
    const want: XRange | null = xr0 !== undefined && xr1 !== undefined ? [xr0, xr1] : fullRange(u);
    if (want && (xScale(u).min !== want[0] || xScale(u).max !== want[1])) setX(u, want);
  }, [xr0, xr1, xb0, xb1]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
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
    <div
      ref={wrapRef}
      className="ts-chart"
      tabIndex={0}
      role="group"
      aria-label={`${props.label}. Arrow keys pan, plus and minus zoom, 0 resets the zoom.`}
      onKeyDown={onKeyDown}
    />
  );
});
