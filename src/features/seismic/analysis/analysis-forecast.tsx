/**
 * The inverse-rate analysis' forecast section: how to choose the fit span, the forecast or why
 * there is none, each check with its figures and what the data after the span say; and, for below
 * the chart, the method's rules, assumptions and known failures.
 */
import type { Outcome } from '../../../analysis/forecast-outcome';
import type { Forecast } from '../../../analysis/inverse-rate';
import type { XRange } from '../../../chart/plot';
import type { AnalysisState } from './analysis-params';
import { fitSpanText } from './analysis-text';
import { checkText, forecastText, methodLimits, outcomeText } from './forecast-text';
import { forecastRulesWords } from '../../../analysis/analysis-words';
import { Trans, useLingui } from '@lingui/react/macro';

interface Props {
  forecast: Forecast | undefined;
  outcome: Outcome | undefined;
  resolution: string;
  /** The forecast shown is of earlier settings or data: a newer one is being worked out. */
  working: boolean;
  fit: AnalysisState['fit'];
  visible: XRange;
  zone: string;
  onChange: (patch: Partial<AnalysisState>) => void;
}

const MARK = { true: '✓', false: '✗', null: '–' } as const;

export function AnalysisForecast({ forecast, outcome, resolution, working, fit, visible, zone, onChange }: Props) {
  const { t } = useLingui();
  const after = outcomeText(outcome, zone);
  const stale = working ? ' is-working' : '';
  return (
    <div className="analysis-forecast">
      <p className="muted">
        {t`Drag across the chart to choose the span to fit, or zoom the chart to it (focus the chart: + and − zoom, the arrow keys pan) and fit the visible range. Values fitted: ${resolution}.`}
      </p>
      <div className="button-row">
        <button type="button" onClick={() => onChange({ fit: [Math.round(visible[0]), Math.round(visible[1])] })}>
          {t`Fit the visible range`}
        </button>
        {fit && (
          <>
            <button type="button" onClick={() => onChange({ fit: null })}>
              {t`Clear fit span`}
            </button>
            <span className="muted">{fitSpanText(fit, zone)}</span>
          </>
        )}
      </div>
      <p role="status" className="forecast">
        {working && fit ? t`Working out the forecast for this span…` : forecastText(forecast, fit, zone, resolution)}
      </p>
      {forecast && (
        <ul className={`forecast-checks${stale}`} aria-label={t`Forecast checks`}>
          {forecast.checks.map((c) => (
            <li key={c.id} className={c.pass === false ? 'is-failed' : undefined}>
              <span aria-hidden="true">{MARK[String(c.pass) as keyof typeof MARK]}</span>{' '}
              <span className="visually-hidden">
                {c.pass === null ? t`not made:` : c.pass ? t`met:` : t`not met:`}{' '}
              </span>
              {checkText(c, zone)}
            </li>
          ))}
        </ul>
      )}
      {after && <p className={`forecast-outcome${stale}`}>{after}</p>}
    </div>
  );
}

/** When a time is given, what the method assumes and where it fails: below the chart. */
export function ForecastMethod() {
  const rules = forecastRulesWords();
  const limits = methodLimits().join(' ');
  return (
    <div className="forecast-method muted">
      <p>
        <Trans>
          <strong>When a time is given.</strong> {rules}
        </Trans>
      </p>
      <p>
        <Trans>
          <strong>What the method assumes, and where it fails.</strong> {limits}
        </Trans>
      </p>
    </div>
  );
}
