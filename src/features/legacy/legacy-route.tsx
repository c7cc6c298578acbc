import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { legacyQueries, legacyQueryProblems } from '../../api/legacy';
import { ErrorPanel } from '../../ui/error-panel';
import { LegacyForm } from './legacy-form';
import { LegacyLookup } from './legacy-lookup';
import { hasQuery, legacyUrl, toLegacyQuery, type LegacyParams } from './legacy-params';
import { LegacyResults } from './legacy-results';
import { toImageryLinks } from './v2-links';
import { useV1Zone } from './v1-zone';
import './legacy.css';
import { UrlNotices } from '../../ui/url-notices';
import { useUrlState } from '../../ui/use-url-state';

export function Component() {
  const { t } = useLingui();
  const { params, search, notices, dismissNotices, apply } = useUrlState(legacyUrl);
  const [revealLookup, setRevealLookup] = useState(false);

  const query = toLegacyQuery(params);
  const asked = hasQuery(search);
  const problems = asked ? legacyQueryProblems(query) : [];
  const results = useQuery({ ...legacyQueries.query(query), enabled: asked && problems.length === 0 });
  const zone = useV1Zone(query.imageType, query.site, query.vnum, results.data);
  const v2 = toImageryLinks(params, zone.first === 'utc' ? 'utc' : 'site-local');
  const [only] = v2.links;

  return (
    <section className="page legacy-page">
      <h1>{t`Legacy imagery archive (v1)`}</h1>
      <div className="notice legacy-superseded" role="note">
        <p>
          <strong>{t`This is the superseded v1 interface.`}</strong>{' '}
          {t`The v2 imagery view searches both image types in one place, pages through results and downloads any number of images.`}
          {only?.reading === null && (
            <>
              {' '}
              <Link to={only.href}>{only.label}</Link>
              {only.note && ` — ${only.note}`}.
            </>
          )}
        </p>
        {only?.reading !== null && (
          <>
            <p>
              <Trans>
                To open this query there, its times need a zone, which the v1 service does not give. The v1 times are{' '}
                <span data-testid="v1-zone-because">{zone.because}</span>.
              </Trans>
            </p>
            <ul className="legacy-v2-links">
              {v2.links.map((l) => (
                <li key={l.reading}>
                  <Link to={l.href}>{l.label}</Link> <span className="muted">— {l.note}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        {v2.notes.map((n) => (
          <p key={n} className="muted">
            {n}
          </p>
        ))}
      </div>
      <UrlNotices notices={notices} onDismiss={dismissNotices} />
      {/* Remounted (its fields reset) only when the query it edits changes, e.g. by Back: a look-up
          by id also changes the address, and must not wipe what is being typed here. */}
      <LegacyForm key={formKey(params)} initial={params} onSubmit={(p) => apply(p)} />
      {problems.length > 0 && (
        <div className="error-panel legacy-refused" role="alert">
          <p className="error-panel__title">{t`Query not sent`}</p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {asked && problems.length === 0 && results.isPending && (
        <p role="status" className="legacy-loading">
          {t`Searching the v1 archive and reading the answer… The page stays usable while a large answer is read.`}
        </p>
      )}
      {results.isError && (
        <ErrorPanel
          error={results.error}
          context={t`Searching the v1 archive`}
          onRetry={() => void results.refetch()}
        />
      )}
      {results.data && (
        <LegacyResults
          query={query}
          images={results.data}
          zone={zone}
          view={params.view}
          page={params.page}
          onView={(view) => apply({ ...params, view }, { replace: true })}
          onPage={(page) => apply({ ...params, page })}
          onLookUp={(id) => {
            setRevealLookup(true);
            apply({ ...params, id });
          }}
        />
      )}
      <LegacyLookup
        key={`${params.imageType}:${params.id ?? ''}`}
        imageType={params.imageType}
        imageId={params.id}
        reveal={revealLookup}
        onLookUp={(id) => {
          setRevealLookup(false);
          apply({ ...params, id });
        }}
      />
    </section>
  );
}

const formKey = (p: LegacyParams): string =>
  JSON.stringify([p.imageType, p.site, p.vnum, p.search_from, p.search_to, p.limit]);
