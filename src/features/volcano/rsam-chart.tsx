/**
 * The volcano view's RSAM chart on the shared uPlot owner (chart/plot.tsx): shading bands, an
 * externally set cursor line and the plot box reported, so the camera lanes share its time axis.
 * x is unix seconds; the visible range is the view's (controlled). Focused, it has the seismic
 * chart's keyboard cursor (chart/keyboard-cursor.ts, loaded on focus): its moves reach `onCursor`
 * as the pointer's do, so the frames follow it.
 */
import { t } from '@lingui/core/macro';
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useLocale } from '../../i18n/runtime';
import { loadKeyboardCursor, Plot, type PlotHandle } from '../../chart/plot';
import { cssVar } from '../../chart/chart-theme';
import { ChartOptionsBuilder } from '../../chart/chart-options';
import { seriesColor } from '../../chart/palette';
import { useShownTheme } from '../../stores/theme-store';
import type { AlignedData } from '../../chart/series-data';

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
  // A theme toggle rebuilds the options: the series' palette, the axes' and the cursor line's colours.
  const theme = useShownTheme();
  // The axes' words are in the language shown: a change of language rebuilds them.
  const locale = useLocale();
  const config = useMemo(() => {
    // The page's text colour, not --accent: the accent is close to the first series' orange, and a
    // cursor line the colour of one channel reads as part of that channel.
    const cursorColor = cssVar('--fg', '#e8edf2');
    const reportBox = (u: { bbox: PlotBox }) => {
      const r = window.devicePixelRatio || 1;
      latest.current.onPlotBox({ left: u.bbox.left / r, width: u.bbox.width / r });
    };
    const b = new ChartOptionsBuilder(zone)
      .addScale('x', { time: true, auto: false })
      .addScale('y', { log: true })
      .addTimeAxis({ label: t`Time (${zone})`, labelSize: 20 })
      .addAxis({ label: t`RSAM (counts)`, size: 64 })
      .setCursor({ points: false, onDragX: ([a, b]) => latest.current.onZoom(a, b) });
    (labelKey ? labelKey.split('\n') : []).forEach((label, i) => b.addSeries({ label, color: seriesColor(i, theme) }));
    return b
      .addHook('drawClear', (u) => {
        const ctx = u.ctx;
        const { top, height: h } = u.bbox;
        ctx.save();
        for (const band of latest.current.bands) {
          const x0 = u.valToPos(band.from, 'x', true);
          const x1 = u.valToPos(band.to, 'x', true);
          ctx.fillStyle = BAND_FILL[band.kind];
          ctx.fillRect(x0, top, Math.max(1, x1 - x0), h);
          if (band.kind === 'span') drawSpan(ctx, x0, Math.max(x0 + 1, x1), top, h, window.devicePixelRatio || 1);
        }
        ctx.restore();
      })
      .addHook('draw', (u) => {
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
      })
      .addHook('setSize', reportBox)
      .addHook('ready', reportBox)
      .addHook('setCursor', (u) => {
        const left = u.cursor.left ?? -1;
        latest.current.onCursor(left >= 0 ? u.posToVal(left, 'x') : null);
      })
      .getConfig();
    // The language is read by the axes' messages, which the rule cannot see.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labelKey, zone, theme, locale]);

  const [r0, r1] = props.range;
  // Bands and the marker are read by the draw hooks; a redraw without rebuilding picks them up.
  const { bands, marker } = props;
  useEffect(() => {
    handle.current?.redraw();
  }, [bands, marker]);

  function onKeyDown(e: KeyboardEvent) {
    const p = handle.current;
    const { key } = e;
    if (!p || !(e.shiftKey ? /^(Arrow(Left|Right)|Home|End)$/.test(key) : key === 'Escape' && p.cursorShown())) return;
    e.preventDefault();
    const c = { data, series: labels.map((label) => ({ label, unit: t`counts` })), timeZone: zone, live: live.current };
    void p.cursorKey(key, c);
  }

  return (
    <>
      <Plot
        ref={handle}
        config={config}
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
        onFocus={() => void loadKeyboardCursor()}
        data-testid="rsam-chart"
      />
      <p ref={live} className="visually-hidden" aria-live="polite" aria-atomic="true" />
    </>
  );
}
