/**
 * What the analysis panel shows of one worked-out result: what the series is made of, the read-out,
 * the chart (or why there is none) and the counts table. Dimmed and marked busy while a newer
 * result is being worked out, so a number on screen is never taken for the new settings' one.
 */
import { TimeSeriesChart, type ChartSeries } from '../../../chart/time-series-chart';
import type { XRange } from '../../../chart/plot';
import type { AnalysisResult, DerivedAnalysis } from '../../../analysis/derived/analysis-data';
import type { AnalysisJobInput } from '../../../analysis/jobs/job-types';
import type { CursorStore } from '../rsam-legend';
import type { SeismicViewState } from '../seismic-params';
import type { AnalysisState } from './analysis-params';
import { AnalysisReadout } from './analysis-readout';
import { CountsTable } from './analysis-counts-table';
import { scopeText } from './analysis-text';
import { useLingui } from '@lingui/react/macro';

interface Props {
  result: AnalysisResult;
  /** What it was worked out for (its bin and zone may be older than the view's). */
  of: AnalysisJobInput;
  /** A newer result is being worked out: this one is of earlier settings or data. */
  working: boolean;
  analysis: DerivedAnalysis;
  series: ChartSeries[];
  title: string;
  state: SeismicViewState;
  bounds: XRange;
  cursor: CursorStore;
  onView: (range: XRange | null) => void;
  onChange: (patch: Partial<AnalysisState>) => void;
}

export function AnalysisResultView(p: Props) {
  const { result, analysis, state, of } = p;
  const zone = of.zone;
  const { t } = useLingui();
  const scope = scopeText(result.scope);
  const names = result.names.join(', ');
  return (
    <div className={p.working ? 'analysis-result is-working' : 'analysis-result'}>
      <p className="analysis-scope">
        <strong>{result.scope.used.length === 1 ? t`Channel:` : t`Channels:`}</strong> {scope.channels}
        <br />
        <strong>{t`Smoothing:`}</strong> {scope.smoothing}
      </p>
      {result.problem ? (
        <p className="notice" role="status">
          {result.problem}
        </p>
      ) : (
        <>
          <AnalysisReadout
            data={result.data}
            series={p.series}
            units={result.units}
            zone={zone}
            cursor={p.cursor}
            bin={analysis === 'counts' ? of.bin : undefined}
          />
          <div data-testid="rsam-chart" data-points={result.points} className="rsam-chart">
            <TimeSeriesChart
              data={result.data}
              series={p.series}
              scale={analysis === 'ratio' ? state.scale : 'linear'}
              timeZone={zone}
              xBounds={p.bounds}
              xRange={state.view}
              onSelect={p.onView}
              height={380}
              yLabel={result.unit}
              y2Label={result.y2Unit}
              dragMode={analysis === 'inverse' ? 'select' : 'zoom'}
              onSpan={(r) => p.onChange({ fit: [Math.round(r[0]), Math.round(r[1])] })}
              onCursor={p.cursor.set}
              label={t`${p.title} chart of ${names}`}
            />
          </div>
        </>
      )}
      {analysis === 'counts' && result.counts && !result.problem && (
        <CountsTable counts={result.counts} bin={of.bin} zone={zone} />
      )}
    </div>
  );
}
