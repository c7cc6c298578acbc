/**
 * The volcano view's RSAM chart on the shared uPlot owner (chart/plot.tsx): shading bands, an
 * externally set cursor line and the plot box reported, so the camera lanes share its time axis.
 * x is unix seconds; the visible range is the view's (controlled). Focused, it has the seismic
 * chart's keyboard cursor (chart/keyboard-cursor.ts, loaded on focus): its moves reach `onCursor`
 * as the pointer's do, so the frames follow it.
 */
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type uPlot from 'uplot';
import { Plot, type PlotHandle, type PlotOptions } from '../../chart/plot';
import { cssVar, lineSeries, themedAxis } from '../../chart/chart-theme';
import { seriesColor, timeAxisValues, tzDate } from '../../chart/chart-options';
import { timeAxisSplits } from '../../chart/time-splits';
import type { AlignedData } from '../../chart/series-data';
import { numberAxisValues } from '../../domain/format-number';

export interface Band {
  /** Unix seconds. */
  from: number;
  to: number;
  kind: 'blind' | 'event' | 'span';
}

export interface PlotBox {
  left: number;
  width: number;
}

interface Props {
  data: AlignedData;
  labels: readonly string[];
  zone: string;
  /** Visible x range, unix seconds. */
  range: readonly [number, number];
  bands: readonly Band[];
  /** A line drawn at this time (unix s) when the pointer is not over the chart: cursor, playback. */
  marker: number | null;
  onCursor: (t: number | null) => void;
  onZoom: (from: number, to: number) => void;
  onPlotBox: (box: PlotBox) => void;
  height?: number;
  label: string;
  /** Id of the text that says how to use the chart (its shading, the drag, the keys). */
  describedBy?: string;
}

const keyCursor = () => import('../../chart/keyboard-cursor');

const BAND_FILL: Record<Band['kind'], string> = {
  blind: 'rgba(140, 140, 160, 0.28)',
  event: 'rgba(230, 80, 60, 0.22)',
  span: 'rgba(0, 114, 178, 0.1)',
};
/** The selected span's hatching and edges: a flat tint alone read as the grey "every camera blind". */
const SPAN_LINE = 'rgba(0, 114, 178, 0.55)';
const SPAN_EDGE = '#0072b2';

/** Diagonal hatching with solid edges over [x0, x1] × [top, top + h] (canvas pixels). */
function drawSpan(ctx: CanvasRenderingContext2D, x0: number, x1: number, top: number, h: number, px: number) {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x0, top, x1 - x0, h);
  ctx.clip();
  ctx.strokeStyle = SPAN_LINE;
  ctx.lineWidth = 1.5 * px;
  const step = 8 * px;
  ctx.beginPath();
  for (let x = x0 - h; x < x1; x += step) {
    ctx.moveTo(x, top + h);
    ctx.lineTo(x + h, top);
  }
  ctx.stroke();
  ctx.restore();
  ctx.save();
  ctx.strokeStyle = SPAN_EDGE;
  ctx.lineWidth = 2 * px;
  ctx.beginPath();
  for (const x of [x0, x1]) {
    ctx.moveTo(x, top);
    ctx.lineTo(x, top + h);
  }
  ctx.stroke();
  ctx.restore();
}

export function RsamChart(props: Props) {
  const { data, labels, zone, height = 280 } = props;
  const handle = useRef<PlotHandle>(null);
  const live = useRef<HTMLParagraphElement>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  const labelKey = labels.join('\n');
  const options = useMemo((): PlotOptions => {
    // The page's text colour, not --accent: the accent is close to the first series' orange, and a
    // cursor line the colour of one channel reads as part of that channel.
    const cursorColor = cssVar('--fg', '#e8edf2');
    const axis = themedAxis();
    const reportBox = (u: uPlot) => {
      const r = window.devicePixelRatio || 1;
      latest.current.onPlotBox({ left: u.bbox.left / r, width: u.bbox.width / r });
    };
    return {
      tzDate: tzDate(zone),
      legend: { show: false },
      cursor: { drag: { x: true, y: false, setScale: false }, points: { show: false } },
      scales: {
        x: { time: true, auto: false },
        y: { distr: 3, log: 10 },
      },
      axes: [
        axis({ label: `Time (${zone})`, labelSize: 20, values: timeAxisValues(zone), splits: timeAxisSplits(zone) }),
        axis({ label: 'RSAM (counts)', size: 64, values: numberAxisValues }),
      ],
      series: [{}, ...(labelKey ? labelKey.split('\n') : []).map((label, i) => lineSeries(label, seriesColor(i)))],
      hooks: {
        drawClear: [
          (u) => {
            const ctx = u.ctx;
            const { top, height: h } = u.bbox;
            ctx.save();
            for (const b of latest.current.bands) {
              const x0 = u.valToPos(b.from, 'x', true);
              const x1 = u.valToPos(b.to, 'x', true);
              ctx.fillStyle = BAND_FILL[b.kind];
              ctx.fillRect(x0, top, Math.max(1, x1 - x0), h);
              if (b.kind === 'span') drawSpan(ctx, x0, Math.max(x0 + 1, x1), top, h, window.devicePixelRatio || 1);
            }
            ctx.restore();
          },
        ],
        draw: [
          (u) => {
            const m = latest.current.marker;
            if (m === null) return;
            const x = u.valToPos(m, 'x', true);
            if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) return;
            const ctx = u.ctx;
            ctx.save();
            ctx.strokeStyle = cursorColor;
            ctx.lineWidth = 2 * (window.devicePixelRatio || 1);
            ctx.beginPath();
            ctx.moveTo(x, u.bbox.top);
            ctx.lineTo(x, u.bbox.top + u.bbox.height);
            ctx.stroke();
            ctx.restore();
          },
        ],
        setSize: [reportBox],
        ready: [reportBox],
        setCursor: [
          (u) => {
            const left = u.cursor.left ?? -1;
            latest.current.onCursor(left >= 0 ? u.posToVal(left, 'x') : null);
          },
        ],
        setSelect: [
          (u) => {
            const { left, width } = u.select;
            if (width < 3) return;
            const a = u.posToVal(left, 'x');
            const b = u.posToVal(left + width, 'x');
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            latest.current.onZoom(a, b);
          },
        ],
      },
    };
  }, [labelKey, zone]);

  const [r0, r1] = props.range;
  // Bands and the marker are read by the draw hooks; a redraw without rebuilding picks them up.
  const { bands, marker } = props;
  useEffect(() => {
    handle.current?.plot()?.redraw(false);
  }, [bands, marker]);

  function onKeyDown(e: KeyboardEvent) {
    const u = handle.current?.plot();
    const { key } = e;
    if (!u || !(e.shiftKey ? /^(Arrow(Left|Right)|Home|End)$/.test(key) : key === 'Escape' && u.cursor.left! >= 0))
      return;
    e.preventDefault();
    const c = { data, series: labels.map((label) => ({ label, unit: 'counts' })), timeZone: zone, live: live.current };
    void keyCursor().then((m) => handle.current?.plot() == u && m.cursorKey(u, key, c));
  }

  return (
    <>
      <Plot
        handle={handle}
        options={options}
        data={data}
        xRange={[r0, r1]}
        height={height}
        minWidth={200}
        className="volcano-chart__plot"
        tabIndex={0}
        role="group"
        aria-label={props.label}
        aria-describedby={props.describedBy}
        onKeyDown={onKeyDown}
        onFocus={() => void keyCursor()}
        data-testid="rsam-chart"
      />
      <p ref={live} className="visually-hidden" aria-live="polite" aria-atomic="true" />
    </>
  );
}
