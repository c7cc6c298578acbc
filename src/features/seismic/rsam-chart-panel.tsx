/**
 * The RSAM chart(s) with legend, screen-reader summary and exports. Data arrives progressively
 * (one month at a time); derived columns are memoised per channel, and the cursor position lives in
 * a small store read by the legend alone, so a cursor move re-renders the legend text only.
 */
import { zoneFileTag } from '../../domain/local-time';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { seriesColor } from '../../chart/palette';
import { useShownTheme } from '../../stores/theme-store';
import type { ColumnStats } from '../../domain/summary';
import { chartPoints, type ChartData } from '../../chart/chart-data';
import { FigureExport } from '../../chart/figure/figure-export';
import type { FigureSpec } from '../../chart/figure/figure-save';
import { alignSeries } from '../../chart/series-data';
import { TimeSeriesChart, type ChartHandle } from '../../chart/time-series-chart';
import type { XRange } from '../../chart/plot';
import type { SeismicViewState } from './seismic-params';
import type { RsamChannel as ChannelData } from '../../rsam/use-rsam-series';
import {
  chartDataOf,
  joinedOf,
  otherLocations,
  partOf,
  rawWindowsNote,
  stackedOf,
  statsOf,
  type Part,
} from './rsam-parts';
import { createCursorStore, fmtCount, fmtTimeIn, Legend } from './rsam-legend';
import { formatNumber } from '../../domain/format-number';
import { whenIdle } from '../../ui/when-idle';

type ExportModule = typeof import('../../chart/export');

/** What the amplitude panel and the analysis panel both receive from the route. */
export interface RsamPanelProps {
  channels: readonly ChannelData[];
  state: SeismicViewState;
  /** Requested range in unix seconds. */
  bounds: XRange;
  zone: string;
  /** e.g. "UTC" or "local time of Poás (America/Costa_Rica)". */
  zoneLabel: string;
  /** True once every chunk has answered (data or error). */
  complete: boolean;
  onView: (range: XRange | null) => void;
}

export function RsamChartPanel({ channels, state, bounds, zone, zoneLabel, complete, onView }: RsamPanelProps) {
  const { t } = useLingui();
  const syncKey = useId();
  const [cursor] = useState(createCursorStore);
  const [exportError, setExportError] = useState<string | null>(null);
  // Points each chart hands to uPlot (decimated to the screen), by chart index.
  const [drawnBy, setDrawnBy] = useState<ReadonlyMap<number, number>>(new Map());
  const { smooth, stat, scale, layout, view } = state;

  const parts = useMemo(
    (): Part[] => channels.map((c) => partOf(c, { bounds, smooth, stat, scale })),
    [channels, bounds, smooth, stat, scale],
  );

  const overlay = useMemo(() => (layout === 'overlay' ? chartDataOf(parts) : null), [parts, layout]);
  const stacked = useMemo(() => (layout === 'stacked' ? parts.map(stackedOf) : []), [parts, layout]);
  const points = useMemo(
    () => (overlay ? chartPoints(overlay) : stacked.reduce((s, d) => s + chartPoints(d), 0)),
    [overlay, stacked],
  );

  const names = useMemo(() => channels.map((c) => c.id), [channels]);
  // The theme's palette: a toggle gives the charts new series, and so new options.
  const theme = useShownTheme();
  // Keyed by the names' text: a new list of the same channels keeps the charts' options.
  const nameKey = names.join(',');
  const series = useMemo(
    () => names.map((label, i) => ({ label, color: seriesColor(i, theme) })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [nameKey, theme],
  );
  const seriesEach = useMemo(() => series.map((s) => [s]), [series]);
  const visible: XRange = view ?? bounds;
  // The summary is worked out in the parse worker once the chunks stop arriving (while they arrive,
  // after a pause); the main thread only copies the values in range (a few ms for a year). Once
  // complete, at the first idle moment: a year from the browser's cache is complete at the first
  // render, and its copies and the worker's work ran ahead of the chart's first draw.
  const [stats, setStats] = useState<ColumnStats[]>([]);
  const [v0, v1] = visible;
  useEffect(() => {
    let live = true;
    const summarise = () => void Promise.all(parts.map((p) => statsOf(p, v0, v1))).then((s) => live && setStats(s));
    const cancel = complete ? whenIdle(summarise, 500) : afterPause(summarise, 500);
    return () => {
      live = false;
      cancel();
    };
  }, [parts, v0, v1, complete]);

  const fmtTime = (s: number) => fmtTimeIn(zone, s);
  const smoothNote = smooth
    ? stat === 'mean'
      ? t`rolling mean over ${smooth}`
      : t`rolling median over ${smooth}`
    : rawWindowsNote(channels);
  // The CSV's notes stay English in every language: files are for machines.
  const smoothNoteFile = smooth ? `rolling ${stat} over ${smooth}` : rawWindowsNote(channels, true);

  // The export code comes on the first click: a chart route paints without it.
  async function runExport(save: (m: ExportModule) => Promise<void> | void) {
    setExportError(null);
    try {
      await save(await import('../../chart/export'));
    } catch (e) {
      const detail = e instanceof Error ? e.message : String(e);
      setExportError(t`CSV export failed: ${detail}`);
    }
  }

  const exportCsv = () =>
    runExport(({ buildCsv, saveBlob }) => {
      const csv = buildCsv({
        data: alignSeries(parts.map(joinedOf)),
        names,
        zone,
        xMin: visible[0],
        xMax: visible[1],
        notes: [
          `RSAM counts (${smoothNoteFile}), times in ${zone}`,
          `visible range ${fmtTime(visible[0])} to ${fmtTime(visible[1])}`,
          !smooth
            ? 'values as the service gave them'
            : stat === 'mean'
              ? 'values: rolling means, to 6 significant digits'
              : 'values: rolling medians, each one of the values the service gave',
        ],
        digits: names.map(() => (smooth && stat === 'mean' ? 6 : null)),
      });
      saveBlob(
        new Blob([csv], { type: 'text/csv' }),
        `rsam_${names.join('_')}_${fileStamp(visible)}_${zoneFileTag(zone)}.csv`,
      );
    });

  /**
   * The chart as a report figure: the same columns (one panel per channel when stacked, each named by
   * its channel), in the light theme, the smoothing and the range in its caption.
   */
  const figureSpec = (): FigureSpec => {
    const panelOf = (d: ChartData, label: string, ids: readonly number[]) => ({
      label,
      data: d,
      series: ids.map((i) => ({ label: names[i]!, color: i })),
      yLabel: t`counts`,
      log: scale === 'log',
    });
    return {
      title: `RSAM ${names.join(', ')}`,
      panels: overlay
        ? [
            panelOf(
              overlay,
              names.join(', '),
              names.map((_, i) => i),
            ),
          ]
        : stacked.map((d, i) => panelOf(d, names[i]!, [i])),
      x: visible,
      zone,
      channels: names,
      fmt: fmtTime,
      method: [
        scale === 'log' ? t`RSAM counts, ${smoothNote}, on a logarithmic axis.` : t`RSAM counts, ${smoothNote}.`,
      ],
      fileBase: `rsam_${names.join('_')}_${fileStamp(visible)}_${zoneFileTag(zone)}`,
    };
  };

  // The charts read their callbacks through refs, so the latest onView can sit behind a stable one:
  // the charts' props stay equal and memo skips them when only the panel re-renders.
  const onViewRef = useRef(onView);
  useEffect(() => {
    onViewRef.current = onView;
  });
  const onSelect = useCallback((r: XRange | null) => onViewRef.current(r), []);
  const common = useMemo(
    () =>
      ({
        scale,
        timeZone: zone,
        syncKey,
        xBounds: bounds,
        xRange: view,
        onCursor: cursor.set,
        onSelect,
      }) as const,
    [scale, zone, syncKey, bounds, view, cursor, onSelect],
  );
  const setDrawn = useCallback((i: number, n: number | null) => {
    setDrawnBy((m) => {
      if (m.get(i) === (n ?? undefined)) return m;
      const next = new Map(m);
      if (n === null) next.delete(i);
      else next.set(i, n);
      return next;
    });
  }, []);
  /** Stable callbacks per chart index. */
  const perChart = useMemo(() => {
    const made = new Map<number, { ref: (c: ChartHandle | null) => void; drawn: (n: number) => void }>();
    return (i: number) => {
      let f = made.get(i);
      if (!f) {
        f = {
          // A chart gone (a channel removed) no longer counts in the points drawn.
          ref: (c) => {
            if (!c) setDrawn(i, null);
          },
          drawn: (n) => setDrawn(i, n),
        };
        made.set(i, f);
      }
      return f;
    };
  }, [setDrawn]);
  let drawn = 0;
  for (const n of drawnBy.values()) drawn += n;

  const emptyChannels = complete ? channels.filter((c, i) => stats[i]?.count === 0 && c.pieces.length > 0) : [];
  const relabelled = otherLocations(channels);
  const namesText = names.join(', ');
  const emptyIds = emptyChannels.map((c) => c.id).join(', ');
  const shownFrom = fmtTime(visible[0]);
  const shownTo = fmtTime(visible[1]);

  return (
    <section className="card rsam-panel" aria-label={t`RSAM chart`}>
      <div className="button-row">
        <button type="button" onClick={() => void exportCsv()} disabled={!points}>
          {t`Export CSV`}
        </button>
        <FigureExport spec={figureSpec} disabled={!points} />
        <span className="muted">
          {t`Time axis: ${zoneLabel}. Drag to zoom, double-click to reset, wheel zooms (shift+wheel pans). On the focused chart: arrow keys pan, + and − zoom, 0 resets; Shift+arrows step a cursor that reads the values (Shift+Home / End: first / last point, Escape hides it).`}
          {view && (
            <>
              {' '}
              <button type="button" onClick={() => onView(null)}>
                {t`Reset zoom`}
              </button>
            </>
          )}
        </span>
      </div>
      {exportError && (
        <p className="field-error" role="alert">
          {exportError}
        </p>
      )}
      <Legend names={names} parts={parts} zone={zone} cursor={cursor} />
      <div data-testid="rsam-chart" data-points={points} data-drawn={drawn} className="rsam-chart">
        {overlay && (
          <TimeSeriesChart
            {...common}
            data={overlay}
            series={series}
            height={380}
            label={t`RSAM chart of ${namesText}`}
            ref={perChart(0).ref}
            onDrawn={perChart(0).drawn}
          />
        )}
        {stacked.map((d, i) => (
          <div key={names[i]} className="rsam-stack">
            <TimeSeriesChart
              {...common}
              data={d}
              series={seriesEach[i] ?? []}
              height={Math.max(160, Math.round(420 / Math.max(1, stacked.length)))}
              label={t`RSAM chart of ${names[i]}`}
              ref={perChart(i).ref}
              onDrawn={perChart(i).drawn}
            />
          </div>
        ))}
      </div>
      {relabelled.length > 0 && (
        <p className="notice" role="status">
          {relabelled.map((r) => t`${r.id}: the service's answer names ${r.answered}.` + ' ').join('')}
          {t`The service takes no location code, so a line is the series it holds for the network, station and channel.`}
        </p>
      )}
      {emptyChannels.length > 0 && (
        <p className="notice" role="status">
          {t`No RSAM in the shown range for ${emptyIds}: the station may have been down or not yet reporting. Try a longer range or check the calendar for days with data.`}
        </p>
      )}
      <div className="rsam-summary">
        <h3>{t`Summary`}</h3>
        <p>
          {complete
            ? t`${shownFrom} to ${shownTo}, ${smoothNote}.`
            : t`${shownFrom} to ${shownTo}, ${smoothNote} (still loading).`}
        </p>
        <ul>
          {names.map((n, i) => {
            const s = stats[i];
            return (
              <li key={n}>
                <code>{n}</code>: {!s ? t`computing…` : s.count ? statsLine(s) : t`no data`}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

/** "1,440 points, min 12.3, max 4,692, median 230 counts": one channel's summary. */
function statsLine(s: ColumnStats): string {
  const points = formatNumber(s.count);
  const min = fmtCount(s.min);
  const max = fmtCount(s.max);
  const median = fmtCount(s.median);
  return plural(s.count, {
    one: `${points} point, min ${min}, max ${max}, median ${median} counts`,
    other: `${points} points, min ${min}, max ${max}, median ${median} counts`,
  });
}

/** Runs `fn` after `ms` unless cancelled first; returns the cancel. */
function afterPause(fn: () => void, ms: number): () => void {
  const t = setTimeout(fn, ms);
  return () => clearTimeout(t);
}

function fileStamp(r: XRange): string {
  const f = (s: number) => new Date(s * 1000).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `${f(r[0])}_${f(r[1])}`;
}
