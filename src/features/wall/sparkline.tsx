/**
 * A small RSAM chart that owns one uPlot instance (docs/architecture.md): new data → setData,
 * container resize → setSize, unmount → destroy. Nothing else rebuilds it, so hours of refreshes
 * reuse the same canvas instead of piling up new ones.
 */
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { SparkData } from './wall-model';

interface Props {
  data: SparkData;
  /** Accessible name of the chart, e.g. "RSAM AV.CLCL..BHZ, last 24 h". */
  label: string;
  /** Changing it rebuilds the chart with the new theme's colours. */
  theme: string;
}

function cssVar(el: Element, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

const utcDate = (ts: number) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC');

function compactCount(v: number): string {
  if (Math.abs(v) >= 10_000) return `${Math.round(v / 1000)}k`;
  if (Math.abs(v) >= 1_000) return `${(v / 1000).toFixed(1)}k`;
  return String(Math.round(v));
}

/** Axis type follows the room-scale text, about 1.4 % of the screen height; rebuilt when it changes. */
function useAxisFontPx(): number {
  const calc = () => Math.max(12, Math.round(window.innerHeight * 0.014));
  const [px, setPx] = useState(calc);
  useEffect(() => {
    const on = () => setPx(calc());
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return px;
}

export function Sparkline({ data, label, theme }: Props) {
  const fontPx = useAxisFontPx();
  const boxRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const dataRef = useRef(data);

  useEffect(() => {
    dataRef.current = data;
    plotRef.current?.setData([data.x, data.y]);
  }, [data]);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const line = cssVar(box, '--accent', '#ff9a3c');
    const axis = cssVar(box, '--fg-muted', '#a9b4c0');
    const grid = cssVar(box, '--border', '#2c3643');
    const font = `${fontPx}px system-ui, sans-serif`;
    const width = Math.max(50, Math.floor(box.clientWidth));
    const height = Math.max(40, Math.floor(box.clientHeight));
    const opts: uPlot.Options = {
      width,
      height,
      tzDate: utcDate,
      legend: { show: false },
      cursor: { show: false },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      scales: { x: { time: true } },
      series: [{}, { stroke: line, width: Math.max(1.5, fontPx / 8), spanGaps: false, points: { show: false } }],
      axes: [
        {
          stroke: axis,
          font,
          size: fontPx * 2,
          space: fontPx * 5,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid },
          values: '{HH}:{mm}',
        },
        {
          stroke: axis,
          font,
          size: fontPx * 3.4,
          space: fontPx * 2,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid },
          values: (_u, splits) => splits.map(compactCount),
        },
      ],
    };
    const plot = new uPlot(opts, [dataRef.current.x, dataRef.current.y], box);
    plotRef.current = plot;
    const ro = new ResizeObserver((entries) => {
      const r = entries[0]?.contentRect;
      if (!r || r.width < 10 || r.height < 10) return;
      const w = Math.floor(r.width);
      const h = Math.floor(r.height);
      if (w !== plot.width || h !== plot.height) plot.setSize({ width: w, height: h });
    });
    ro.observe(box);
    return () => {
      ro.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [theme, fontPx]);

  return <div ref={boxRef} className="wall-spark" role="img" aria-label={label} data-testid="wall-sparkline" />;
}
