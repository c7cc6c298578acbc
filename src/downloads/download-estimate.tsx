import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DownloadEstimate } from '../api/imagery/imagery-shapes';
import { isAbortError } from '../api/http/errors';
import { formatDuration } from '../domain/time';
import { ErrorPanel } from '../ui/error-panel';
import { formatFixed, formatNumber } from '../domain/format-number';

// From 1023.95 MB on, "1024.0 MB" would show: say GB.
export const formatMegabytes = (n: number) =>
  n >= 1023.95 ? `${formatFixed(n / 1024, 1)} GB` : `${formatFixed(n, 1)} MB`;

/** The estimate step of spec 01 §4.5 (download=estimate): loading, error, cancelled, or the figures. */
export function DownloadEstimateStatus({
  estimate,
  countTestId,
  className = 'kv',
}: {
  estimate: UseQueryResult<DownloadEstimate>;
  countTestId: string;
  className?: string;
}) {
  const { t } = useLingui();
  const est = estimate.data;
  // Cancelling a first estimate reverts its query to "pending, not fetching" rather than an error:
  // that state, too, must offer to estimate again, or the dialog is left with nothing to press.
  const cancelled =
    (estimate.isPending && estimate.fetchStatus === 'idle') || (estimate.isError && isAbortError(estimate.error));
  return (
    <>
      {estimate.isPending && estimate.isFetching && <p role="status">{t`Estimating the download…`}</p>}
      {estimate.isError && !isAbortError(estimate.error) && (
        <ErrorPanel
          error={estimate.error}
          onRetry={() => void estimate.refetch()}
          context={t`Estimating the download`}
        />
      )}
      {cancelled && (
        <p>
          {t`Estimate cancelled.`}{' '}
          <button type="button" onClick={() => void estimate.refetch()}>
            {t`Estimate again`}
          </button>
        </p>
      )}
      {est && (
        <dl className={className} aria-live="polite">
          <dt>{t`Images`}</dt>
          <dd data-testid={countTestId}>{formatNumber(est.total_images)}</dd>
          <dt>{t`Estimated size`}</dt>
          <dd>{formatMegabytes(est.estimated_size_mb)}</dd>
          <dt>{t`Estimated time`}</dt>
          <dd>{formatDuration(est.estimated_time_seconds * 1000)}</dd>
        </dl>
      )}
    </>
  );
}

/**
 * The service's `large_dataset` warning with its suggestion, and buttons that apply hourly or
 * daily sampling. `children` says why the buttons may be disabled.
 */
export function LargeDownloadNotice({
  estimate,
  onSampling,
  disabled,
  children,
}: {
  estimate: DownloadEstimate | undefined;
  onSampling: (freq: 'hourly' | 'daily') => void;
  disabled: boolean;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  if (estimate?.warning !== 'large_dataset') return null;
  const warning = estimate.warning;
  return (
    <div className="notice" role="alert">
      {/* The service's own advice (its `suggestion`) stays in its words. */}
      <p>
        <strong>{t`Large download (${warning}).`}</strong>{' '}
        {estimate.suggestion && <span translate="no">{estimate.suggestion}</span>}
      </p>
      <div className="button-row">
        <button type="button" onClick={() => onSampling('hourly')} disabled={disabled}>
          {t`Use hourly sampling`}
        </button>
        <button type="button" onClick={() => onSampling('daily')} disabled={disabled}>
          {t`Use daily sampling`}
        </button>
      </div>
      {children}
    </div>
  );
}

/** The confirm step: enabled once the estimate is in and finds something to download. */
export function DownloadAllButton({
  estimate,
  busy,
  files = 1,
  onClick,
}: {
  estimate: DownloadEstimate | undefined;
  busy: boolean;
  /** How many ZIP files the download makes, once known. */
  files?: number;
  onClick: () => void;
}) {
  const { t } = useLingui();
  const images = estimate ? formatNumber(estimate.total_images) : '';
  return (
    <button
      type="button"
      className="primary"
      disabled={!estimate || busy || estimate.total_images === 0}
      onClick={onClick}
    >
      {!estimate
        ? t`Download`
        : files > 1
          ? t`Download ${images} images as ${files} ZIP files`
          : t`Download ${images} images`}
    </button>
  );
}

/** The estimates of several cameras as one: their sums, and the service's warning if any gave one. */
export function combinedEstimate(estimates: UseQueryResult<DownloadEstimate>[]): DownloadEstimate | undefined {
  if (estimates.length === 0 || !estimates.every((e) => e.data)) return undefined;
  const all = estimates.map((e) => e.data!);
  const warned = all.find((e) => e.warning);
  return {
    total_images: all.reduce((n, e) => n + e.total_images, 0),
    estimated_size_mb: all.reduce((n, e) => n + e.estimated_size_mb, 0),
    estimated_time_seconds: all.reduce((n, e) => n + e.estimated_time_seconds, 0),
    warning: warned?.warning ?? null,
    suggestion: warned?.suggestion ?? null,
  };
}

/** One estimate per camera: its count and size, or its own error and retry. */
export function CameraEstimates({
  sites,
  estimates,
}: {
  sites: readonly string[];
  estimates: UseQueryResult<DownloadEstimate>[];
}) {
  const { t } = useLingui();
  return (
    <table className="download-cameras">
      <caption className="visually-hidden">{t`Estimate per camera`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Camera`}</th>
          <th scope="col">{t`Images`}</th>
          <th scope="col">{t`Estimated size`}</th>
        </tr>
      </thead>
      <tbody>
        {sites.map((s, i) => {
          const e = estimates[i]!;
          return (
            <tr key={s}>
              <th scope="row">{s}</th>
              {e.data ? (
                <>
                  <td data-testid="camera-estimate-count">{formatNumber(e.data.total_images)}</td>
                  <td>{formatMegabytes(e.data.estimated_size_mb)}</td>
                </>
              ) : e.isError ? (
                <td colSpan={2}>
                  <ErrorPanel error={e.error} onRetry={() => void e.refetch()} context={t`Estimating ${s}`} />
                </td>
              ) : (
                <td colSpan={2} role="status">
                  {t`Estimating…`}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
