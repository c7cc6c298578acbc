/**
 * The values under the cursor. The cursor position lives in a small store that the charts write and
 * the legend alone reads, so a cursor move re-renders the legend text only.
 */
import { memo, useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';
import { seriesColor } from '../../chart/palette';
import { useShownTheme } from '../../stores/theme-store';
import { valueInBlocks } from '../../chart/blocks';
import { formatUtcLabel } from '../../domain/time';
import { formatLocalLabel } from '../../domain/zoned-time';
import type { Part } from './rsam-parts';
import { formatFixed, formatNumber } from '../../domain/format-number';

export function fmtCount(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  if (v >= 100) return formatNumber(Math.round(v));
  // Three significant figures, in the display language's way (Spanish "12,3").
  const s = v.toPrecision(3);
  if (s.includes('e')) return s;
  return formatFixed(Number(s), s.split('.')[1]?.length ?? 0);
}

export function fmtTimeIn(zone: string, s: number): string {
  return zone === 'UTC' ? formatUtcLabel(s * 1000) : formatLocalLabel(s * 1000, zone);
}

/** The x value under the cursor (unix s), shared by the charts (writers) and the legend (reader). */
export interface CursorStore {
  get: () => number | null;
  set: (x: number | null) => void;
  subscribe: (onChange: () => void) => () => void;
}

export function createCursorStore(): CursorStore {
  let x: number | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => x,
    set: (next) => {
      if (next === x) return;
      x = next;
      for (const l of listeners) l();
    },
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

interface LegendProps {
  names: readonly string[];
  parts: readonly Part[];
  zone: string;
  cursor: CursorStore;
}

/** The values under the cursor: the only component that re-renders when the cursor moves. */
export const Legend = memo(function Legend({ names, parts, zone, cursor }: LegendProps) {
  const { t } = useLingui();
  const cursorX = useSyncExternalStore(cursor.subscribe, cursor.get);
  // Swatches in the shown theme's palette, as the chart's lines.
  const theme = useShownTheme();
  const time = cursorX === null ? null : fmtTimeIn(zone, cursorX);
  const values = cursorX === null ? [] : parts.map((p) => valueInBlocks(p.blocks, cursorX));
  return (
    <div className="rsam-legend" aria-label={t`Values under the cursor`}>
      <span className="rsam-legend__time">{time ?? t`Move the pointer over the chart to read values`}</span>
      <ul>
        {names.map((n, i) => (
          <li key={n}>
            <span className="swatch" style={{ background: seriesColor(i, theme) }} aria-hidden="true" />
            <code>{n}</code> {time ? <strong>{fmtCount(values[i])}</strong> : null}
            {time ? ' ' + t`counts` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
});
