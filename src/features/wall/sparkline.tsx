/**
 * A small RSAM chart of the wall on the shared uPlot owner (chart/plot.tsx). Options change only
 * with the theme shown or the type size, so hours of refreshes reuse one canvas. The y axis is
 * logarithmic: an episode is often 10–100× the background, and on a linear axis the background
 * then lies flat on the floor; on log decades both read, each tick labelled.
 */
import { useEffect, useMemo, useState } from 'react';
import { Plot } from '../../chart/plot';
import { ChartOptionsBuilder } from '../../chart/chart-options';
import { cssVar } from '../../chart/chart-theme';
import { useShownTheme } from '../../stores/theme-store';
import { blockData } from '../../chart/blocks';
import { logTicks, logRange } from './spark-scale';
import type { SparkData } from './wall-model';

interface Props {
  data: SparkData;
  /** Accessible name of the chart, e.g. "RSAM AV.CLCL..BHZ, last 24 h". */
  label: string;
  /**
   * Whether this chart draws the time axis. A tile's channels share one range, so only the lowest
   * draws it: an axis under each left a two-channel tile's lines 16 px at 1920×1080.
   */
  timeAxis: boolean;
}

function compactCount(v: number): string {
  if (Math.abs(v) >= 1_000_000) return `${+(v / 1_000_000).toPrecision(2)}M`;
  if (Math.abs(v) >= 1_000) return `${+(v / 1000).toPrecision(2)}k`;
  return String(+v.toPrecision(2));
}

/** Tick type a room can read: 1/45 of the screen height, 24 px on a 1080-line wall; rebuilt when it changes. */
function useAxisFontPx(): number {
  const calc = () => Math.max(14, Math.round(window.innerHeight / 45));
  const [px, setPx] = useState(calc);
  useEffect(() => {
    const on = () => setPx(calc());
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return px;
}

export function Sparkline({ data, label, timeAxis }: Props) {
  const fontPx = useAxisFontPx();
  // The theme the page is drawn in (the wall's own `theme=` once applied, else the user's): the
  // store applies it to the document before this renders again, so the options rebuilt for it read
  // its colours. A theme passed down from the route's render ran ahead of the wall's theme= effect,
  // and a light wall opened from a dark choice kept the dark accent.
  const theme = useShownTheme();

  // A log axis has no place for zero or negative counts: those windows are left out (a break).
  // Drawn from typed columns like the seismic chart's (chart/blocks.ts): min/max per pixel column, and
  // no boxed numbers kept between refreshes.
  const columns = useMemo(
    () => blockData([{ blocks: [{ x: data.x, y: data.y.map((v) => (v > 0 ? v : Number.NaN)) }], gapSec: Infinity }]),
    [data],
  );

  const config = useMemo(() => {
    const font = `${fontPx}px system-ui, sans-serif`;
    // Room for half a tick label above the top tick and, without the time axis, below the lowest:
    // uPlot's own padding there is a third of the time axis's height, lost to every line. The right
    // is padded alike with or without the time axis (room for its last label), so stacked channels'
    // times line up.
    const pad = Math.ceil(fontPx / 2) + 1;
    // Ticks 2 px wide (uPlot's own width), as the wall has always drawn them.
    const tickWidth = 2;
    // Times on the wall are UTC: its labels read UTC's wall clock, on one line.
    return new ChartOptionsBuilder('UTC')
      .setPadding([pad, Math.round(fontPx * 1.5), timeAxis ? null : pad, null])
      .setCursor({ show: false })
      .addScale('x', { time: true })
      .addScale('y', { log: true, range: logRange })
      .addSeries({ color: cssVar('--accent', '#ff9a3c'), width: Math.max(1.5, fontPx / 8) })
      .addTimeAxis({ show: timeAxis, size: fontPx * 1.7, space: fontPx * 5, font, tickWidth, oneLine: true })
      .addAxis({
        font,
        tickWidth,
        size: fontPx * 3,
        space: fontPx * 1.2,
        splits: (u) =>
          logTicks(u.scales.y!.min ?? 1, u.scales.y!.max ?? 10, u.bbox.height / devicePixelRatio / (fontPx * 1.3)),
        // uPlot may pass null for a tick it filtered out.
        values: (_u, splits) => splits.map((v) => (v === null || v === undefined ? '' : compactCount(v))),
      })
      .getConfig();
    // theme: the colours are read from CSS when the options are built.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme, fontPx, timeAxis]);

  return (
    <Plot
      config={config}
      data={columns}
      minWidth={50}
      minHeight={30}
      className="wall-spark"
      role="img"
      aria-label={`${label}, logarithmic counts axis`}
      data-testid="wall-sparkline"
    />
  );
}
