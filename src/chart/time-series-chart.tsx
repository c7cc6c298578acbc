/**
 * The seismic time-series chart on the shared uPlot owner (plot.tsx): several series on one time
 * axis, cursor sync, controlled zoom. Zoom: drag to select, double-click to reset, wheel
 * (shift+wheel pans), and the keyboard when the chart has focus (← → pan, + − zoom, 0 reset; with
 * Shift, a cursor that reads the values: keyboard-cursor.ts). The cursor reports the raw x nearest
 * the pointer, never a row kept only for drawing.
 */
import { memo, useEffect, useImperativeHandle, useMemo, useRef, type KeyboardEvent, type Ref } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useShownTheme } from '../stores/theme-store';
import { ChartOptionsBuilder } from './chart-options';
import { seriesColor } from './palette';
import { chartExtent, nearestX, type ChartData } from './chart-data';
import { loadKeyboardCursor, Plot, type PlotHandle, type PlotSize, type XRange } from './plot';
import './time-series-chart.css';

/** What a view may ask of its chart: a canvas of it for an export (plot.tsx `toCanvas`). */
export interface ChartHandle {
  toCanvas: (size?: PlotSize) => Promise<HTMLCanvasElement>;
}

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
  ref?: Ref<ChartHandle>;
}

const CURSOR_KEYS = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];

const dataExtent = chartExtent;

/** Memoised: a parent re-render with the same props (e.g. a cursor readout) leaves the chart alone. */
export const TimeSeriesChart = memo(function TimeSeriesChart(props: TimeSeriesChartProps) {
  const { t } = useLingui();
  const { data, series, scale = 'linear', timeZone = 'UTC', syncKey, height = 320 } = props;
  const yLabel = props.yLabel ?? t`counts`;
  const xLabel = props.xLabel ?? t`time (${timeZone})`;
  const chartLabel = props.label;
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
  // The theme shown: its series palette and (read from CSS by the builder) its axis colours, so a
  // toggle rebuilds the options and the chart follows without a reload.
  const theme = useShownTheme();
  const config = useMemo(() => {
    const hasY2 = stableSeries.some((s) => s.axis === 'y2');
    const b = new ChartOptionsBuilder(timeZone)
      .addScale('x', { time: true })
      .addScale('y', scale === 'log' ? { log: true } : { auto: true })
      .addTimeAxis({ label: xLabel })
      .addAxis({ label: yLabel, size: 70 });
    if (hasY2)
      b.addScale('y2', { auto: true, range: (_min, max) => [0, max !== null && max > 0 ? max : 1] }).addAxis({
        label: y2Label ?? '',
        scale: 'y2',
        side: 1,
        size: 70,
        grid: false,
      });
    stableSeries.forEach((s, i) =>
      b.addSeries({
        label: s.label,
        color: s.color || seriesColor(i, theme),
        scale: s.axis === 'y2' ? 'y2' : undefined,
        dash: s.dash,
        kind: s.kind,
      }),
    );
    return b
      .setCursor({
        sync: syncKey,
        onDoubleClick: resetZoom,
        onDragX: (r) => {
          if (dragMode === 'select') {
            latest.current.onSpan?.(r);
            return;
          }
          setX(r);
          latest.current.onSelect?.(r);
        },
      })
      .addHook('setCursor', (u) => {
        const left = u.cursor.left ?? -1;
        latest.current.onCursor?.(left < 0 ? null : nearestX(latest.current.data, u.posToVal(left, 'x')));
      })
      .addHook('init', (u) => {
        // Wheel: zoom about the pointer, or pan with Shift. Lives as long as the instance.
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
      })
      .getConfig();
    // resetZoom, setX, zoomBy and panBy read refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stableSeries, theme, scale, timeZone, syncKey, yLabel, xLabel, dragMode, y2Label]);

  useImperativeHandle(props.ref, () => ({ toCanvas: (size) => handle.current!.toCanvas(size) }), []);

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
    const full = fullRange();
    const shown = handle.current?.shownX();
    if (!shown || !full) return;
    const [min, max] = shown;
    const c = at ?? (min + max) / 2;
    const span = Math.min(full[1] - full[0], Math.max(120, (max - min) * factor));
    let lo = c - (c - min) * (span / (max - min));
    lo = Math.max(full[0], Math.min(lo, full[1] - span));
    setX([lo, lo + span]);
    reportLater([lo, lo + span]);
  }

  function panBy(fraction: number) {
    const full = fullRange();
    const shown = handle.current?.shownX();
    if (!shown || !full) return;
    const [min, max] = shown;
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

  useEffect(
    () => () => {
      if (selectTimer.current) clearTimeout(selectTimer.current);
    },
    [],
  );

  const onDrawn = useMemo(() => (n: number) => latest.current.onDrawn?.(n), []);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const p = handle.current;
    if (e.shiftKey ? CURSOR_KEYS.includes(e.key) : e.key === 'Escape' && !!p?.cursorShown()) {
      e.preventDefault();
      const units = series.map((s) => ({ label: s.label, unit: s.axis === 'y2' ? (y2Label ?? '') : yLabel }));
      const c = { data, series: units, timeZone, live: live.current, bins: series.some((s) => s.kind === 'bars') };
      void p?.cursorKey(e.key, c);
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
        ref={handle}
        config={config}
        data={data}
        xRange={props.xRange ?? props.xBounds ?? null}
        height={height}
        deferData
        onDrawn={onDrawn}
        className="ts-chart"
        tabIndex={0}
        role="group"
        aria-label={t`${chartLabel}. Arrow keys pan, plus and minus zoom, 0 resets the zoom; Shift+arrow keys move a cursor that reads the values, Shift+Home and Shift+End move it to the first and last point, Escape hides it.`}
        onKeyDown={onKeyDown}
        onFocus={() => void loadKeyboardCursor()}
      />
      <p ref={live} className="visually-hidden" aria-live="polite" aria-atomic="true" />
    </>
  );
});
