import { useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '../../api/http/errors';
import { healthSummary, healthWord, prettyBody, type ServiceAnswer } from '../../api/service';
import { formatUtcLabel } from '../../domain/time';
import { ErrorPanel } from '../../ui/error-panel';

/**
 * What /health or / answered, shown as it came: the documents do not describe either body, so the
 * page reads nothing into it beyond a `status` field when there is one.
 */
export function ServiceAnswerView({
  title,
  path,
  query,
}: {
  title: string;
  path: string;
  query: UseQueryResult<ServiceAnswer>;
}) {
  const { t } = useLingui();
  const id = `service-answer-${path === '/' ? 'root' : path.replace(/\W/g, '')}`;
  return (
    <section aria-labelledby={id} className="service-answer" data-testid={id}>
      <h3 id={id}>
        {title} (<code translate="no">GET {path}</code>)
      </h3>
      {query.isPending && <p aria-live="polite">{t`checking…`}</p>}
      {query.isError && (
        <>
          <ErrorPanel error={query.error} onRetry={() => void query.refetch()} context={title} />
          {isApiError(query.error) && query.error.body !== undefined && (
            <pre tabIndex={0} className="service-answer__body" aria-label={t`${title}: body of the error answer`}>
              <code translate="no">
                {prettyBody({
                  text: typeof query.error.body === 'string' ? query.error.body : '',
                  json: typeof query.error.body === 'string' ? undefined : query.error.body,
                })}
              </code>
            </pre>
          )}
        </>
      )}
      {query.data && (
        <>
          <p aria-live="polite">
            {/* The service's own words (its status word, its content type, its body) are shown as sent. */}
            <strong>
              {healthWord(query.data) === null ? (
                healthSummary(query.data)
              ) : (
                <>
                  <span translate="no">{healthWord(query.data)}</span> (HTTP {query.data.status})
                </>
              )}
            </strong>{' '}
            · {query.data.contentType ? <span translate="no">{query.data.contentType}</span> : t`no content type`} ·{' '}
            {t`received ${formatUtcLabel(query.data.receivedAt)}`}{' '}
            <button type="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
              {query.isFetching ? t`Checking…` : t`Check again`}
            </button>
          </p>
          <pre tabIndex={0} className="service-answer__body" aria-label={t`${title}: body`}>
            <code translate="no">{prettyBody(query.data)}</code>
          </pre>
        </>
      )}
    </section>
  );
}
