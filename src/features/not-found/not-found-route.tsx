import { Link, useLocation } from 'react-router';
import { Trans } from '@lingui/react/macro';

export function Component() {
  const { pathname } = useLocation();
  return (
    <section className="page">
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>
          Nothing lives at <code>{pathname}</code>.
        </Trans>
      </p>
      <p>
        <Link to="/">
          <Trans>Go to the overview</Trans>
        </Link>
      </p>
    </section>
  );
}
