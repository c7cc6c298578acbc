/**
 * The derived-series chart of /seismic (ratio, cumulative, inverse rate, event counts), its
 * parameters, the forecast read-out, a text summary for screen readers and the CSV export.
 * The amplitude chart stays in rsam-chart-panel; both read the same loaded chunks.
 */
import { useId, useMemo, useState } from 'react';
import { columnStats, seriesColor } from '../../chart/chart-options';
import { buildCsv, formatCsvTime } from '../../chart/export';
import { TimeSeriesChart, type ChartSeries, type XRange } from '../../chart/time-series-chart';
import { saveBlob } from '../../ui/save-file';
import { zoneFileTag } from '../../domain/local-time';
import { MIN_FIT_POINTS, type Forecast } from '../../analysis/inverse-rate';
import { computeAnalysis, type AnalysisResult, type ChannelSeries } from './analysis-data';
import { ANALYSIS_LABEL, formatThreshold, parseThreshold, type AnalysisState } from './analysis-params';
import { SMOOTH_SECONDS, type SeismicViewState } from './seismic-params';
import { joinRaw, type ChannelData } from './use-rsam-chunks';
import type { RsamPanelProps } from './rsam-chart-panel';
import { formatNumber } from '../../domain/format-number';

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

function fmt(v: number): string {
  if (!Number.isFinite(v)) return '—';
  const a = Math.abs(v);
  return a >= 1000 ? formatNumber(Math.round(v)) : a >= 1 ? v.toFixed(2) : v.toPrecision(3);
}

/** An instant as ISO 8601 with its offset, and the zone named: what the forecast read-out says. */
function isoIn(zone: string, s: number): string {
  return `${formatCsvTime(s, zone)} (${zone})`;
}

export function forecastText(f: Forecast | undefined, fit: AnalysisState['fit'], zone: string): string {
  if (!fit) return 'No forecast yet: drag across the chart to choose the span to fit.';
  if (!f || f.kind === 'none') {
    if (f?.reason === 'not-descending')
      return 'No forecast: the inverse rate does not descend over the fit span, so the line never reaches zero.';
    return `No forecast: too few points in the fit span (${f?.points ?? 0}; at least ${MIN_FIT_POINTS} are needed).`;
  }
  const interval =
    f.lower !== null && f.upper !== null
      ? `95 % interval ${isoIn(zone, f.lower)} to ${isoIn(zone, f.upper)}`
      : '95 % interval unbounded: the slope is not clearly below zero at this confidence';
  return `Failure forecast: ${isoIn(zone, f.time)}; ${interval}; fitted over ${f.points} points (r² ${f.r2.toFixed(2)}).`;
}

function summaryText(r: AnalysisResult, state: SeismicViewState, zone: string): string {
  if (r.problem) return 'Nothing to summarise yet.';
  if (state.analysis === 'counts' && r.bins) {
    const total = r.bins.at(-1)?.cumulative ?? 0;
    const busiest = r.bins.reduce(
      (m, b) => (b.count > m.count ? b : m),
      r.bins[0] ?? { start: 0, count: 0, cumulative: 0 },
    );
    return `${formatNumber(total)} windows above the threshold in ${r.bins.length} ${state.bin}s${
      total ? `; busiest ${state.bin} from ${isoIn(zone, busiest.start)} with ${busiest.count}` : ''
    }.`;
  }
  const [x, ...ys] = r.data;
  return r.names
    .slice(0, state.analysis === 'inverse' ? 1 : undefined)
    .map((n, i) => {
      const s = columnStats(x, ys[i] ?? []);
      return s.count
        ? `${n}: ${formatNumber(s.count)} values, min ${fmt(s.min)}, max ${fmt(s.max)}, median ${fmt(s.median)} ${r.unit}`
        : `${n}: no data`;
    })
    .join('. ');
}

export function AnalysisPanel({ channels, state, bounds, zone, zoneLabel, complete, onChange, onView }: Props) {
  const thresholdId = useId();
  const analysis = state.analysis === 'amplitude' ? 'ratio' : state.analysis;
  const [thresholdText, setThresholdText] = useState(formatThreshold(state.threshold));
  const [thresholdError, setThresholdError] = useState<string | null>(null);

  const result = useMemo(
    () =>
      computeAnalysis({
        analysis,
        channels: channels.map(rawOf),
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
    [analysis, channels, bounds, state.smooth, state.stat, state.fit, state.threshold, state.bin, zone],
  );

  const series = useMemo((): ChartSeries[] => {
    if (analysis === 'counts')
      return [
        { label: result.names[0] ?? 'count', color: seriesColor(0), kind: 'bars' },
        { label: result.names[1] ?? 'cumulative', color: seriesColor(1), axis: 'y2' },
      ];
    return result.names.map((label, i) =>
      label === 'fitted line' ? { label, color: seriesColor(5), dash: [8, 4] } : { label, color: seriesColor(i) },
    );
  }, [analysis, result.names]);

  const visible: XRange = state.view ?? bounds;
  const title = ANALYSIS_LABEL[analysis];

  function exportCsv() {
    const csv = buildCsv({
      data: result.data,
      names: result.names,
      zone,
      unit: result.unit,
      xMin: visible[0],
      xMax: visible[1],
      notes: [
        `RSAM analysis: ${title}`,
        ...result.method,
        `range ${formatCsvTime(visible[0], zone)} to ${formatCsvTime(visible[1], zone)}, times in ${zone}`,
        ...(analysis === 'inverse' ? [forecastText(result.forecast, state.fit, zone)] : []),
      ],
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
        <span className="muted">Time axis: {zoneLabel}.</span>
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
      {analysis === 'inverse' && (
        <div className="analysis-forecast">
          <p className="muted">
            Failure Forecast Method (Voight 1988): with α = 2 the inverse of an accelerating rate falls on a line whose
            zero crossing is the forecast failure time. Drag across the chart to choose the span to fit.
            {state.fit && (
              <>
                {' '}
                <button type="button" onClick={() => onChange({ fit: null })}>
                  Clear fit span
                </button>
              </>
            )}
          </p>
          <p role="status" className="forecast">
            {forecastText(result.forecast, state.fit, zone)}
          </p>
        </div>
      )}
      {result.problem ? (
        <p className="notice" role="status">
          {result.problem}
        </p>
      ) : (
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
            label={`${title} chart of ${result.names.join(', ')}`}
          />
        </div>
      )}
      <div className="rsam-summary">
        <h3>Summary</h3>
        <p>{result.method.join('; ')}.</p>
        <p>
          {summaryText(result, state, zone)}
          {complete ? '' : ' (still loading)'}
        </p>
      </div>
    </section>
  );
}
