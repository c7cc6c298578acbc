import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { describeError } from '../api/http/errors';
import { useLocale } from '../i18n/runtime';
import { retryAtOf } from '../api/http/retry';

interface Props {
  error: unknown;
  onRetry?: () => void;
  /** What the user was doing, e.g. "Loading RSAM for AV.CLCL..BHZ". */
  context?: string;
}

/** "Trying again in 12 s", counting down to the automatic retry (the error's `retryAt`). */
function RetryCountdown({ at }: { at: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(t);
  }, []);
  const left = Math.ceil((at - now) / 1000);
  const { t } = useLingui();
  return <p className="error-panel__retry">{left > 0 ? t`Trying again in ${left} s.` : t`Trying again now…`}</p>;
}

/** In-place error: what happened, why, what to do, when it is tried again, and a retry. */
export function ErrorPanel({ error, onRetry, context }: Props) {
  // describeError's words are in the language shown: a change of language draws them anew.
  useLocale();
  const d = describeError(error);
  const retryAt = retryAtOf(error);
  return (
    <div className="error-panel" role="alert">
      <p className="error-panel__title">
        {context ? `${context}: ` : ''}
        {d.title}
      </p>
      <p className="error-panel__detail">{d.detail}</p>
      {d.hint && <p className="error-panel__hint">{d.hint}</p>}
      {retryAt !== null && <RetryCountdown key={retryAt} at={retryAt} />}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          <Trans>Retry</Trans>
        </button>
      )}
    </div>
  );
}
