/**
 * The derived-series chart of /seismic (ratio, cumulative, inverse rate, event counts), its
 * parameters, the forecast read-out, a text summary for screen readers and the CSV export.
 * The amplitude chart stays in rsam-chart-panel; both read the same loaded chunks.
 */
import { useId, useMemo, useState } from 'react';
import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
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
import { forecastText, methodLimits, outcomeText } from './forecast-text';
import { AnalysisForecast, ForecastMethod } from './analysis-forecast';
import { useHistoryDay } from './analysis-history';
import { sayAnalysis } from '../../../analysis/analysis-words';
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

/** What the panel says while the worker works the analysis out. */
export function workingText(input: AnalysisJobInput): string {
  const ids = input.channels.map((c) => c.id);
  const [first = '', second = ''] = ids;
  const n = ids.length;
  switch (input.analysis) {
    case 'counts':
      return n === 1
        ? t`Working out events for ${first}…`
        : plural(n, { one: 'Working out events for # channel…', other: 'Working out events for # channels…' });
    case 'ratio':
      return n >= 2 ? t`Working out the ratio of ${first} to ${second}…` : t`Working out the ratio…`;
    case 'cumulative':
      return n === 1
        ? t`Working out the cumulative amplitude of ${first}…`
        : plural(n, {
            one: 'Working out the cumulative amplitude of # channel…',
            other: 'Working out the cumulative amplitude of # channels…',
          });
    case 'inverse':
      return n === 0
        ? t`Working out the inverse rate of the first channel…`
        : t`Working out the inverse rate of ${first}…`;
  }
}

export function AnalysisPanel({ channels, state, bounds, zone, zoneLabel, complete, onChange, onView }: Props) {
  const { t, i18n } = useLingui();
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
  // As the worker wrote it: English, the CSV's column keys.
  const written: AnalysisResult | null = job.of?.analysis === analysis ? job.value : null;
  const of = job.of;
  // The same result in the app's language, for the screen (src/analysis/analysis-words.ts).
  const result = useMemo(() => (written && of ? sayAnalysis(written, of) : null), [written, of]);
  const working = job.working || (!result && !job.error);

  const names = result?.names;
  const writtenNames = written?.names;
  // The theme's palette: a toggle gives the chart new series, and so new options.
  const theme = useShownTheme();
  const series = useMemo((): ChartSeries[] => {
    if (analysis === 'counts')
      return [
        { label: names?.[0] ?? t`events`, color: seriesColor(0, theme), kind: 'bars' },
        { label: names?.[1] ?? t`windows above`, color: seriesColor(1, theme), axis: 'y2' },
      ];
    return (names ?? []).map((label, i) =>
      writtenNames?.[i] === 'fitted line'
        ? { label, color: seriesColor(5, theme), dash: [8, 4] }
        : { label, color: seriesColor(i, theme) },
    );
  }, [analysis, names, writtenNames, theme, t]);

  const visible: XRange = state.view ?? bounds;
  const title = i18n._(ANALYSIS_LABEL[analysis]);

  /**
   * The visible rows as CSV. Its column keys (series names, units, the time column) and values are
   * the worker's, English with point decimals in every language; its `#` notes, written for a
   * person, are the words on screen.
   */
  function exportCsv() {
    if (!result || !written) return;
    const derived = result.digits.some((d) => d !== null);
    const inverse = analysis === 'inverse';
    const after = inverse ? outcomeText(result.outcome, zone) : null;
    const from = formatCsvTime(visible[0], zone);
    const to = formatCsvTime(visible[1], zone);
    const csv = buildCsv({
      data: written.data,
      names: written.names,
      zone,
      unit: written.units,
      xMin: visible[0],
      xMax: visible[1],
      notes: [
        t`RSAM analysis: ${title}`,
        ...result.method,
        t`range ${from} to ${to}, times in ${zone}`,
        ...(inverse ? [forecastText(result.forecast, state.fit, zone, result.resolution), ...methodLimits()] : []),
        ...(after ? [after] : []),
        ...(analysis === 'counts' ? [summaryText(result, state, zone)] : []),
        derived
          ? t`values computed here (ratios, inverse rates, the fitted line) to 6 significant digits`
          : t`values exact: counts, and sums exact to the decimals the service gave`,
      ],
      digits: result.digits,
    });
    const stamp = new Date(visible[0] * 1000).toISOString().slice(0, 10);
    saveBlob(
      new Blob([csv], { type: 'text/csv' }),
      `rsam_${analysis}_${written.names.length ? channels.map((c) => c.id).join('_') : 'none'}_${stamp}_${zoneFileTag(zone)}.csv`,
    );
  }

  /** The chart as a report figure: the rule that made its series in the caption. */
  function figureSpec(): FigureSpec {
    const r = result!;
    const z = job.of?.zone ?? zone;
    const ids = r.scope.used;
    const idList = ids.join(', ');
    const lowerTitle = title.toLowerCase();
    const fitted = (i: number) => written?.names[i] === 'fitted line';
    return {
      title: t`RSAM ${lowerTitle}: ${idList}`,
      panels: [
        {
          label:
            analysis === 'counts'
              ? (job.of?.bin ?? state.bin) === 'hour'
                ? t`Events per hour on ${idList}`
                : t`Events per day on ${idList}`
              : r.names.filter((_, i) => !fitted(i)).join(', '),
          data: r.data,
          series: series.map((s, i) => ({
            label: s.label,
            kind: s.kind,
            axis: s.axis,
            dash: s.dash,
            color: fitted(i) ? 5 : i,
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
        t`Analysis: ${title}.`,
        ...r.method.map((m) => (/[.!?]$/.test(m) ? m : `${m}.`)),
        ...(analysis === 'inverse' ? [forecastText(r.forecast, state.fit, z, r.resolution)] : []),
        t`Smoothing: ${r.scope.smoothing}.`,
      ],
      fileBase: `rsam_${analysis}_${ids.join('_') || 'none'}_${new Date(visible[0] * 1000).toISOString().slice(0, 10)}_${zoneFileTag(z)}`,
    };
  }

  const jobError = job.error;

  function submitThreshold(text: string) {
    const threshold = parseThreshold(text);
    if (!threshold) {
      setThresholdError(t`Enter counts above 0 (e.g. 5000) or a multiple of the running median (e.g. 3x).`);
      return;
    }
    setThresholdError(null);
    onChange({ threshold });
  }

  return (
    <section className="card rsam-panel analysis-panel" aria-label={t`${title} chart`} aria-busy={working}>
      <div className="button-row">
        <button type="button" onClick={exportCsv} disabled={working || !result?.points}>
          {t`Export CSV`}
        </button>
        <FigureExport spec={figureSpec} disabled={working || !result?.points || !!result.problem} />
        <span className="muted">
          {t`Time axis: ${zoneLabel}. On the focused chart: arrow keys pan, + and − zoom, 0 resets; Shift+arrows step a cursor that reads the values (Shift+Home / End: first / last point, Escape hides it).`}
        </span>
        {analysis === 'inverse' && (
          <span className="badge" title={t`Forecasts from RSAM alone are a research method, not a warning`}>
            {t`Experimental`}
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
          <label htmlFor={thresholdId}>{t`Threshold (counts, or N× running median as “3x”)`}</label>
          <input
            id={thresholdId}
            value={thresholdText}
            aria-invalid={thresholdError !== null}
            onChange={(e) => setThresholdText(e.target.value)}
            onBlur={() => submitThreshold(thresholdText)}
          />
          <label>
            {t`Bin`}{' '}
            <select value={state.bin} onChange={(e) => onChange({ bin: e.target.value === 'day' ? 'day' : 'hour' })}>
              <option value="hour">{t`Hour`}</option>
              <option value="day">{t`Day`}</option>
            </select>
          </label>
          <button type="submit">{t`Apply`}</button>
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
          <p>{t`The analysis could not be worked out: ${jobError}.`}</p>
          <button type="button" onClick={job.retry}>
            {t`Try again`}
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
        <h3>{t`Summary`}</h3>
        {result && <p className={working ? 'is-working' : undefined}>{methodText(result.method)}</p>}
        <p className={working ? 'is-working' : undefined}>
          {result && job.of
            ? summaryText(result, { ...state, analysis: job.of.analysis, bin: job.of.bin }, job.of.zone)
            : workingText(input)}
          {complete && !history.pending ? '' : ' ' + t`(still loading)`}
          {history.failed
            ? ' ' +
              t`The day before the range could not be loaded: the first hours of its median have less behind them.`
            : ''}
        </p>
      </div>
    </section>
  );
}
