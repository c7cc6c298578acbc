import { Link, useLocation } from 'react-router';

export function Component() {
  const { pathname } = useLocation();
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p>
        Nothing lives at <code>{pathname}</code>.
      </p>
      <p>
        <Link to="/">Go to the overview</Link>
      </p>
    </section>
  );
}
