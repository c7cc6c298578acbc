/**
 * The derived-series chart of /seismic (ratio, cumulative, inverse rate, event counts), its
 * parameters, the forecast read-out, a text summary for screen readers and the CSV export.
 * The amplitude chart stays in rsam-chart-panel; both read the same loaded chunks.
 */
import { useId, useMemo, useState } from 'react';
import { seriesColor } from '../../../chart/chart-options';
import { buildCsv, formatCsvTime } from '../../../chart/export';
import { TimeSeriesChart, type ChartSeries, type XRange } from '../../../chart/time-series-chart';
import { saveBlob } from '../../../ui/downloads/save-file';
import { zoneFileTag } from '../../../domain/local-time';
import { DAY_MS, lastCacheableDay } from '../../../domain/time';
import { computeAnalysis, type ChannelSeries } from './analysis-data';
import { ANALYSIS_LABEL, formatThreshold, parseThreshold, type AnalysisState } from './analysis-params';
import { AnalysisReadout } from './analysis-readout';
import { methodText, scopeText, summaryText } from './analysis-text';
import { forecastText, METHOD_LIMITS, outcomeText } from './forecast-text';
import { AnalysisForecast, ForecastMethod } from './analysis-forecast';
import { CountsTable } from './analysis-counts-table';
import { useHistoryDay } from './analysis-history';
import { countRuleText, eventRuleText } from '../../../analysis/event-rule';
import { SMOOTH_SECONDS } from '../seismic-params';
import { joinRaw, type ChannelData } from '../use-rsam-chunks';
import { createCursorStore } from '../rsam-legend';
import type { RsamPanelProps } from '../rsam-chart-panel';

interface Props extends RsamPanelProps {
  onChange: (patch: Partial<AnalysisState>) => void;
}

const rawCache = new WeakMap<ChannelData, ChannelSeries>();
function rawOf(c: ChannelData): ChannelSeries {
  let s = rawCache.get(c);
  if (!s) {
    s = { id: c.id, windowSec: c.windowSec, ...joinRaw(c.pieces) };
    rawCache.set(c, s);
  }
  return s;
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

  const result = useMemo(
    () =>
      computeAnalysis({
        analysis,
        channels: channels.map(rawOf),
        history: analysis === 'counts' ? history.channels.map(rawOf) : undefined,
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

  const series = useMemo((): ChartSeries[] => {
    if (analysis === 'counts')
      return [
        { label: result.names[0] ?? 'events', color: seriesColor(0), kind: 'bars' },
        { label: result.names[1] ?? 'windows above', color: seriesColor(1), axis: 'y2' },
      ];
    return result.names.map((label, i) =>
      label === 'fitted line' ? { label, color: seriesColor(5), dash: [8, 4] } : { label, color: seriesColor(i) },
    );
  }, [analysis, result.names]);

  const visible: XRange = state.view ?? bounds;
  const title = ANALYSIS_LABEL[analysis];
  const scope = scopeText(result.scope);

  function exportCsv() {
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
    <section className="card rsam-panel analysis-panel" aria-label={`${title} chart`}>
      <div className="button-row">
        <button type="button" onClick={exportCsv} disabled={!result.points}>
          Export CSV
        </button>
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
          {eventRuleText(state.threshold, result.scope.used)} {countRuleText(state.bin)}
        </p>
      )}
      {analysis === 'inverse' && (
        <AnalysisForecast
          forecast={result.forecast}
          outcome={result.outcome}
          resolution={result.resolution ?? ''}
          fit={state.fit}
          visible={visible}
          zone={zone}
          onChange={onChange}
        />
      )}
      <p className="analysis-scope">
        <strong>{result.scope.used.length === 1 ? 'Channel' : 'Channels'}:</strong> {scope.channels}
        <br />
        <strong>Smoothing:</strong> {scope.smoothing}
      </p>
      {result.problem ? (
        <p className="notice" role="status">
          {result.problem}
        </p>
      ) : (
        <>
          <AnalysisReadout
            data={result.data}
            series={series}
            units={result.units}
            zone={zone}
            cursor={cursor}
            timePrefix={analysis === 'counts' ? `${state.bin} from` : undefined}
          />
          <div data-testid="rsam-chart" data-points={result.points} className="rsam-chart">
            <TimeSeriesChart
              data={result.data}
              series={series}
              scale={analysis === 'ratio' ? state.scale : 'linear'}
              timeZone={zone}
              xBounds={bounds}
              xRange={state.view}
              onSelect={onView}
              height={380}
              yLabel={result.unit}
              y2Label={result.y2Unit}
              dragMode={analysis === 'inverse' ? 'select' : 'zoom'}
              onSpan={(r) => onChange({ fit: [Math.round(r[0]), Math.round(r[1])] })}
              onCursor={cursor.set}
              label={`${title} chart of ${result.names.join(', ')}`}
            />
          </div>
        </>
      )}
      {analysis === 'counts' && result.counts && !result.problem && (
        <CountsTable counts={result.counts} bin={state.bin} zone={zone} />
      )}
      {analysis === 'inverse' && <ForecastMethod />}
      <div className="rsam-summary">
        <h3>Summary</h3>
        <p>{methodText(result.method)}</p>
        <p>
          {summaryText(result, state, zone)}
          {complete && !history.pending ? '' : ' (still loading)'}
          {history.failed
            ? ' The day before the range could not be loaded: the first hours of its median have less behind them.'
            : ''}
        </p>
      </div>
    </section>
  );
}
