import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from 'react-router';
import { describeError } from '../api/http/errors';

/** Per-route error boundary: says what failed and offers a retry; the header stays usable. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const isChunk =
    error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message);
  const d = isChunk
    ? {
        title: t`This view could not be loaded`,
        detail: error.message,
        hint: t`The network may be down or the app was updated. Retry, or reload the page.`,
      }
    : describeError(error);
  return (
    <section className="route-error" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{t`This view failed: ${d.title}`}</h1>
      <p>{d.detail}</p>
      {d.hint && <p>{d.hint}</p>}
      <div className="button-row">
        <button type="button" onClick={() => (isChunk ? window.location.reload() : navigate(0))}>
          <Trans>Retry</Trans>
        </button>
        <Link to="/">
          <Trans>Go to the overview</Trans>
        </Link>
      </div>
    </section>
  );
}
