/**
 * The derived-series chart of /seismic (ratio, cumulative, inverse rate, event counts), its
 * parameters, the forecast read-out, a text summary for screen readers and the CSV export.
 * The amplitude chart stays in rsam-chart-panel; both read the same loaded chunks.
 */
import { useId, useMemo, useState } from 'react';
import { seriesColor } from '../../../chart/palette';
import { useShownTheme } from '../../../stores/theme-store';
import { buildCsv, formatCsvTime } from '../../../chart/export';
import type { ChartSeries } from '../../../chart/time-series-chart';
import type { XRange } from '../../../chart/plot';
import { saveBlob } from '../../../downloads/save-file';
import { zoneFileTag } from '../../../domain/local-time';
import { DAY_MS, lastCacheableDay } from '../../../domain/time';
import type { AnalysisResult } from '../../../analysis/derived/analysis-data';
import { deriveAnalysis } from '../../../analysis/jobs/analysis-jobs';
import type { AnalysisJobInput, LoadedSeries } from '../../../analysis/jobs/job-types';
import { useAnalysisJob } from '../../../analysis/jobs/use-analysis-job';
import { ANALYSIS_LABEL, formatThreshold, parseThreshold, type AnalysisState } from './analysis-params';
import { methodText, summaryText } from './analysis-text';
import { AnalysisResultView } from './analysis-result-view';
import { forecastText, METHOD_LIMITS, outcomeText } from './forecast-text';
import { AnalysisForecast, ForecastMethod } from './analysis-forecast';
import { useHistoryDay } from './analysis-history';
import { countRuleText, eventRuleText } from '../../../analysis/event-rule';
import { SMOOTH_SECONDS } from '../seismic-params';
import type { RsamChannel as ChannelData } from '../../../rsam/use-rsam-series';
import { createCursorStore, fmtTimeIn } from '../rsam-legend';
import { FigureExport } from '../../../chart/figure/figure-export';
import type { FigureSpec } from '../../../chart/figure/figure-save';
import type { RsamPanelProps } from '../rsam-chart-panel';

interface Props extends RsamPanelProps {
  onChange: (patch: Partial<AnalysisState>) => void;
}

/** A channel as the analysis worker reads it: its loaded chunks (sent once each, src/analysis/jobs). */
const loaded = (c: ChannelData): LoadedSeries => ({
  id: c.id,
  windowSec: c.windowSec,
  parts: c.pieces.map((p) => p.series),
});

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What the panel says while the worker works the analysis out. */
export function workingText(input: AnalysisJobInput): string {
  const ids = input.channels.map((c) => c.id);
  switch (input.analysis) {
    case 'counts':
      return `Working out events for ${ids.length === 1 ? ids[0] : plural(ids.length, 'channel')}…`;
    case 'ratio':
      return ids.length >= 2 ? `Working out the ratio of ${ids[0]} to ${ids[1]}…` : 'Working out the ratio…';
    case 'cumulative':
      return `Working out the cumulative amplitude of ${ids.length === 1 ? ids[0] : plural(ids.length, 'channel')}…`;
    case 'inverse':
      return `Working out the inverse rate of ${ids[0] ?? 'the first channel'}…`;
  }
}

export function AnalysisPanel({ channels, state, bounds, zone, zoneLabel, complete, onChange, onView }: Props) {
  const thresholdId = useId();
  const analysis = state.analysis === 'amplitude' ? 'ratio' : state.analysis;
  const [thresholdText, setThresholdText] = useState(formatThreshold(state.threshold));
  const [thresholdError, setThresholdError] = useState<string | null>(null);
  // The cursor's x lives in a store only the read-out reads: a pointer move re-renders that alone.
  const [cursor] = useState(createCursorStore);
  const history = useHistoryDay(state.channels, bounds[0] * 1000, analysis === 'counts');
  // The service may still add windows to yesterday and today (the RSAM cache's reading).
  const finalFrom = useMemo(() => (lastCacheableDay(Date.now()) + DAY_MS) / 1000, []);

  const input = useMemo(
    (): AnalysisJobInput => ({
      analysis,
      channels: channels.map(loaded),
      history: analysis === 'counts' ? history.channels.map(loaded) : undefined,
      finalFrom,
      bounds,
      smooth: state.smooth
        ? {
            windowSec: SMOOTH_SECONDS[state.smooth],
            kind: state.stat,
            label: `${state.smooth} rolling ${state.stat}`,
          }
        : null,
      fit: state.fit,
      threshold: state.threshold,
      bin: state.bin,
      zone,
    }),
    [
      analysis,
      channels,
      history.channels,
      finalFrom,
      bounds,
      state.smooth,
      state.stat,
      state.fit,
      state.threshold,
      state.bin,
      zone,
    ],
  );
  // Worked out off the main thread: a year of six channels' event counts takes seconds. The last
  // result of the same analysis stays on screen, dimmed, until the new one is in.
  const job = useAnalysisJob(input, deriveAnalysis);
  const result: AnalysisResult | null = job.of?.analysis === analysis ? job.value : null;
  const working = job.working || (!result && !job.error);

  const names = result?.names;
  // The theme's palette: a toggle gives the chart new series, and so new options.
  const theme = useShownTheme();
  const series = useMemo((): ChartSeries[] => {
    if (analysis === 'counts')
      return [
        { label: names?.[0] ?? 'events', color: seriesColor(0, theme), kind: 'bars' },
        { label: names?.[1] ?? 'windows above', color: seriesColor(1, theme), axis: 'y2' },
      ];
    return (names ?? []).map((label, i) =>
      label === 'fitted line'
        ? { label, color: seriesColor(5, theme), dash: [8, 4] }
        : { label, color: seriesColor(i, theme) },
    );
  }, [analysis, names, theme]);

  const visible: XRange = state.view ?? bounds;
  const title = ANALYSIS_LABEL[analysis];

  function exportCsv() {
    if (!result) return;
    const derived = result.digits.some((d) => d !== null);
    const inverse = analysis === 'inverse';
    const after = inverse ? outcomeText(result.outcome, zone) : null;
    const csv = buildCsv({
      data: result.data,
      names: result.names,
      zone,
      unit: result.units,
      xMin: visible[0],
      xMax: visible[1],
      notes: [
        `RSAM analysis: ${title}`,
        ...result.method,
        `range ${formatCsvTime(visible[0], zone)} to ${formatCsvTime(visible[1], zone)}, times in ${zone}`,
        ...(inverse ? [forecastText(result.forecast, state.fit, zone, result.resolution), ...METHOD_LIMITS] : []),
        ...(after ? [after] : []),
        ...(analysis === 'counts' ? [summaryText(result, state, zone)] : []),
        derived
          ? 'values computed here (ratios, inverse rates, the fitted line) to 6 significant digits'
          : 'values exact: counts, and sums exact to the decimals the service gave',
      ],
      digits: result.digits,
    });
    const stamp = new Date(visible[0] * 1000).toISOString().slice(0, 10);
    saveBlob(
      new Blob([csv], { type: 'text/csv' }),
      `rsam_${analysis}_${result.names.length ? channels.map((c) => c.id).join('_') : 'none'}_${stamp}_${zoneFileTag(zone)}.csv`,
    );
  }

  /** The chart as a report figure: the rule that made its series in the caption. */
  function figureSpec(): FigureSpec {
    const r = result!;
    const z = job.of?.zone ?? zone;
    const ids = r.scope.used;
    return {
      title: `RSAM ${title.toLowerCase()}: ${ids.join(', ')}`,
      panels: [
        {
          label:
            analysis === 'counts'
              ? `Events per ${job.of?.bin ?? state.bin} on ${ids.join(', ')}`
              : r.names.filter((n) => n !== 'fitted line').join(', '),
          data: r.data,
          series: series.map((s, i) => ({
            label: s.label,
            kind: s.kind,
            axis: s.axis,
            dash: s.dash,
            color: s.label === 'fitted line' ? 5 : i,
          })),
          yLabel: r.unit,
          y2Label: r.y2Unit,
          log: analysis === 'ratio' && state.scale === 'log',
        },
      ],
      x: visible,
      zone: z,
      channels: ids,
      fmt: (s) => fmtTimeIn(z, s),
      method: [
        `Analysis: ${title}.`,
        ...r.method.map((m) => (/[.!?]$/.test(m) ? m : `${m}.`)),
        ...(analysis === 'inverse' ? [forecastText(r.forecast, state.fit, z, r.resolution)] : []),
        `Smoothing: ${r.scope.smoothing}.`,
      ],
      fileBase: `rsam_${analysis}_${ids.join('_') || 'none'}_${new Date(visible[0] * 1000).toISOString().slice(0, 10)}_${zoneFileTag(z)}`,
    };
  }

  function submitThreshold(text: string) {
    const t = parseThreshold(text);
    if (!t) {
      setThresholdError('Enter counts above 0 (e.g. 5000) or a multiple of the running median (e.g. 3x).');
      return;
    }
    setThresholdError(null);
    onChange({ threshold: t });
  }

  return (
    <section className="card rsam-panel analysis-panel" aria-label={`${title} chart`} aria-busy={working}>
      <div className="button-row">
        <button type="button" onClick={exportCsv} disabled={working || !result?.points}>
          Export CSV
        </button>
        <FigureExport spec={figureSpec} disabled={working || !result?.points || !!result.problem} />
        <span className="muted">
          Time axis: {zoneLabel}. On the focused chart: arrow keys pan, + and − zoom, 0 resets; Shift+arrows step a
          cursor that reads the values (Shift+Home / End: first / last point, Escape hides it).
        </span>
        {analysis === 'inverse' && (
          <span className="badge" title="Forecasts from RSAM alone are a research method, not a warning">
            Experimental
          </span>
        )}
      </div>
      {analysis === 'counts' && (
        <form
          className="analysis-params"
          onSubmit={(e) => {
            e.preventDefault();
            submitThreshold(thresholdText);
          }}
        >
          <label htmlFor={thresholdId}>Threshold (counts, or N× running median as “3x”)</label>
          <input
            id={thresholdId}
            value={thresholdText}
            aria-invalid={thresholdError !== null}
            onChange={(e) => setThresholdText(e.target.value)}
            onBlur={() => submitThreshold(thresholdText)}
          />
          <label>
            Bin{' '}
            <select value={state.bin} onChange={(e) => onChange({ bin: e.target.value === 'day' ? 'day' : 'hour' })}>
              <option value="hour">Hour</option>
              <option value="day">Day</option>
            </select>
          </label>
          <button type="submit">Apply</button>
          {thresholdError && (
            <p className="field-error" role="alert">
              {thresholdError}
            </p>
          )}
        </form>
      )}
      {analysis === 'counts' && (
        <p className="muted" data-testid="event-rule">
          {eventRuleText(
            state.threshold,
            channels.map((c) => c.id),
          )}{' '}
          {countRuleText(state.bin)}
        </p>
      )}
      {analysis === 'inverse' && (
        <AnalysisForecast
          forecast={result?.forecast}
          outcome={result?.outcome}
          resolution={result?.resolution ?? ''}
          working={working}
          fit={state.fit}
          visible={visible}
          zone={zone}
          onChange={onChange}
        />
      )}
      <div className="analysis-working" aria-live="polite">
        {working && <p>{workingText(input)}</p>}
      </div>
      {job.error && (
        <div className="notice" role="alert">
          <p>The analysis could not be worked out: {job.error}.</p>
          <button type="button" onClick={job.retry}>
            Try again
          </button>
        </div>
      )}
      {result && job.of && (
        <AnalysisResultView
          {...{ result, working, analysis, series, cursor, bounds, state, onView, onChange, title }}
          of={job.of}
        />
      )}
      {analysis === 'inverse' && <ForecastMethod />}
      <div className="rsam-summary">
        <h3>Summary</h3>
        {result && <p className={working ? 'is-working' : undefined}>{methodText(result.method)}</p>}
        <p className={working ? 'is-working' : undefined}>
          {result && job.of
            ? summaryText(result, { ...state, analysis: job.of.analysis, bin: job.of.bin }, job.of.zone)
            : workingText(input)}
          {complete && !history.pending ? '' : ' (still loading)'}
          {history.failed
            ? ' The day before the range could not be loaded: the first hours of its median have less behind them.'
            : ''}
        </p>
      </div>
    </section>
  );
}
