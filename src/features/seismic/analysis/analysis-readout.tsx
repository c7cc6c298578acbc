/**
 * The analysis chart's series legend and the values under the cursor, with the time in the chart's
 * zone: the amplitude view's read-out (rsam-legend.tsx), over the derived columns the chart draws.
 * The only part of the panel that re-renders when the cursor moves.
 */
import { memo, useSyncExternalStore, type CSSProperties } from 'react';
import { useLingui } from '@lingui/react/macro';
import { lowerBound } from '../../../domain/sorted-search';
import type { AlignedData } from '../../../chart/series-data';
import type { ChartSeries } from '../../../chart/time-series-chart';
import { fmtTimeIn, type CursorStore } from '../rsam-legend';
import { fmtValue } from './analysis-text';

/** The value of each series at x (a row of the table), null where it has none. */
export function readoutValuesAt(data: AlignedData, x: number): (number | null)[] {
  const xs = data[0];
  const i = lowerBound(xs, x);
  const hit = i < xs.length && xs[i] === x;
  return data.slice(1).map((col) => {
    const v = hit ? (col as ArrayLike<number | null | undefined>)[i] : null;
    return v === null || v === undefined || Number.isNaN(v) ? null : v;
  });
}

interface Props {
  data: AlignedData;
  series: readonly ChartSeries[];
  /** Unit of each series' values. */
  units: readonly string[];
  zone: string;
  cursor: CursorStore;
  /** Counts per bin: the time names the bin it starts ("hour from 2025-03-01 01:00:00 UTC"). */
  bin?: 'hour' | 'day';
}

function swatch(s: ChartSeries): CSSProperties {
  const c = s.color ?? 'currentColor';
  // A dashed series gets a dashed swatch, so the legend tells the fitted line from the data.
  return s.dash
    ? { background: `repeating-linear-gradient(90deg, ${c} 0 5px, transparent 5px 8px)` }
    : { background: c };
}

export const AnalysisReadout = memo(function AnalysisReadout({ data, series, units, zone, cursor, bin }: Props) {
  const { t } = useLingui();
  const cursorX = useSyncExternalStore(cursor.subscribe, cursor.get);
  const stamp = cursorX === null ? null : fmtTimeIn(zone, cursorX);
  // One message with the time in it, so a language can put the time where its grammar wants it.
  const time =
    stamp === null ? null : bin === 'hour' ? t`hour from ${stamp}` : bin === 'day' ? t`day from ${stamp}` : stamp;
  const values = cursorX === null ? [] : readoutValuesAt(data, cursorX);
  return (
    <div className="rsam-legend" aria-label={t`Values under the cursor`}>
      <span className="rsam-legend__time">{time ?? t`Move the pointer over the chart to read values`}</span>
      <ul>
        {series.map((s, i) => (
          <li key={s.label}>
            <span className="swatch" style={swatch(s)} aria-hidden="true" />
            <code>{s.label}</code>
            {time ? (
              <>
                {' '}
                <strong>{fmtValue(values[i])}</strong> {units[i] ?? ''}
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
});
