import { describeError } from '../api/errors';

interface Props {
  error: unknown;
  onRetry?: () => void;
  /** What the user was doing, e.g. "Loading RSAM for AV.CLCL..BHZ". */
  context?: string;
}

/** In-place error: what happened, why, what to do, and a retry. */
export function ErrorPanel({ error, onRetry, context }: Props) {
  const d = describeError(error);
  return (
    <div className="error-panel" role="alert">
      <p className="error-panel__title">
        {context ? `${context}: ` : ''}
        {d.title}
      </p>
      <p className="error-panel__detail">{d.detail}</p>
      {d.hint && <p className="error-panel__hint">{d.hint}</p>}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
