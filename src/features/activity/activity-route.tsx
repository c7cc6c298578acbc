import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { platformQueries, RATE_LIMIT_RETRIES, rateLimitInfo, type PlatformAuth } from '../../api/platform';
import { activityUrl } from './activity-params';
import { EventTypesTable } from './event-types-table';
import { FilterChecks } from './filter-checks';
import { filterOptions, searchAndSort } from './event-types-model';
import { PlatformError } from './platform-error';
import { RateLimitWait } from './rate-limit-wait';
import { TokenSettings } from './token-settings';
import { usePlatformAuth } from './use-platform-auth';
import './activity.css';
import { FormField } from '../../ui/form-field';
import { UrlNotices } from '../../ui/url-notices';
import { useUrlState } from '../../ui/use-url-state';

const NO_FILTER = { modules: [], objectTypes: [] };
// Only used while `enabled` is false, so its queryFn never runs.
const DISABLED_AUTH: PlatformAuth = {
  baseUrl: '',
  source: { mode: 'proxy', proxyUrl: '', tenantBaseUrl: '' },
  cache: { get: () => null, set: () => undefined },
};

/** Remembers when the current 429 arrived, to count down its Retry-After. */
function useFailureSince(reason: unknown): number {
  const [since, setSince] = useState(() => Date.now());
  useEffect(() => {
    if (reason) setSince(Date.now());
  }, [reason]);
  return since;
}

/** `42 event types`, or `3 of 42 event types match “deleted”`. */
function countText(shown: number, all: number, q: string): string {
  return shown === all
    ? plural(all, { one: '# event type', other: '# event types' })
    : plural(all, { one: `${shown} of # event type match “${q}”`, other: `${shown} of # event types match “${q}”` });
}

export function Component() {
  const id = useId();
  const { t } = useLingui();
  const { params, notices, dismissNotices, apply } = useUrlState(activityUrl);

  const authState = usePlatformAuth();
  const auth = authState.auth ?? DISABLED_AUTH;
  const filter = { modules: params.modules, objectTypes: params.objectTypes };
  const list = useQuery({
    ...platformQueries.eventTypes(filter, auth, authState.credentialsKey),
    enabled: !!authState.auth,
  });
  // The unfiltered catalogue gives the filter options; without filters it is the same query as the list.
  const catalogue = useQuery({
    ...platformQueries.eventTypes(NO_FILTER, auth, authState.credentialsKey),
    enabled: !!authState.auth,
  });
  const options = useMemo(() => filterOptions(catalogue.data ?? []), [catalogue.data]);
  const rows = useMemo(
    () => searchAndSort(list.data ?? [], params.q, params.sort, params.dir),
    [list.data, params.q, params.sort, params.dir],
  );

  const waitInfo = list.fetchStatus === 'fetching' ? rateLimitInfo(list.failureReason) : null;
  const since = useFailureSince(list.failureReason);

  const toggle = (name: 'modules' | 'objectTypes', value: string, on: boolean) => {
    const next = on ? [...params[name], value] : params[name].filter((v) => v !== value);
    apply({ ...params, [name]: next });
  };
  const selectedModules = params.modules;
  const visibleObjectTypes = options.objectTypes.filter(
    (o) =>
      selectedModules.length === 0 ||
      o.modules.some((m) => selectedModules.includes(m)) ||
      params.objectTypes.includes(o.name),
  );
  // Names in the address that the catalogue does not list still get a checkbox, so they can be removed.
  const moduleChoices = [...new Set([...options.modules, ...params.modules])];
  const objectChoices = [...new Set([...visibleObjectTypes.map((o) => o.name), ...params.objectTypes])];

  return (
    <section className="page activity-page">
      <h1>
        <Trans>Activity-log event types</Trans>
      </h1>
      <p className="muted">
        <Trans>
          The catalogue of activity the platform tracks: each event type with its code, the object type it concerns and
          its module (product area).
        </Trans>
      </p>
      <UrlNotices notices={notices} onDismiss={dismissNotices} />
      <TokenSettings key={authState.baseUrl} state={authState} />

      <section className="card activity-filters" aria-labelledby={`${id}-fh`}>
        <h2 id={`${id}-fh`}>
          <Trans>Filters</Trans>
        </h2>
        <div className="activity-filters__groups">
          <FilterChecks
            legend={t`Modules`}
            choices={moduleChoices}
            checked={params.modules}
            onToggle={(m, on) => toggle('modules', m, on)}
          />
          <FilterChecks
            legend={t`Object types`}
            choices={objectChoices}
            checked={params.objectTypes}
            onToggle={(o, on) => toggle('objectTypes', o, on)}
            grid
          />
        </div>
        <div className="activity-row">
          <FormField label={t`Search the list`} className="activity-field activity-field--wide">
            {(control) => (
              <input
                {...control}
                type="search"
                value={params.q}
                onChange={(e) => apply({ ...params, q: e.target.value }, { replace: true })}
                placeholder={t`code, name, object type or module`}
              />
            )}
          </FormField>
          {(params.modules.length > 0 || params.objectTypes.length > 0 || params.q) && (
            <button type="button" onClick={() => apply({ ...params, modules: [], objectTypes: [], q: '' })}>
              <Trans>Clear filters</Trans>
            </button>
          )}
        </div>
        <p className="muted activity-hint">
          <Trans>
            Modules and object types are sent to the service (as repeated parameters); the search narrows the answer
            here.
          </Trans>
        </p>
      </section>

      <section className="activity-results" aria-labelledby={`${id}-rh`}>
        <h2 id={`${id}-rh`}>
          <Trans>Event types</Trans>
        </h2>
        {authState.whyNotReady && <p className="notice">{authState.whyNotReady}</p>}
        {waitInfo && (
          <RateLimitWait
            info={waitInfo}
            since={since}
            attempt={Math.min(list.failureCount, RATE_LIMIT_RETRIES)}
            maxAttempts={RATE_LIMIT_RETRIES}
          />
        )}
        {!waitInfo && list.isPending && list.fetchStatus === 'fetching' && (
          <p role="status">
            <Trans>Getting a token and the event types…</Trans>
          </p>
        )}
        {list.isError && <PlatformError error={list.error} mode={authState.mode} onRetry={() => void list.refetch()} />}
        {list.data && (
          <>
            <p role="status" className="activity-count">
              {countText(rows.length, list.data.length, params.q)}
              {list.isFetching && !waitInfo ? ` ${t`(refreshing…)`}` : ''}
            </p>
            {rows.length > 0 ? (
              <EventTypesTable
                rows={rows}
                sort={params.sort}
                dir={params.dir}
                onSort={(sort, dir) => apply({ ...params, sort, dir }, { replace: true })}
              />
            ) : (
              <p>
                <Trans>No event type matches.</Trans>
              </p>
            )}
          </>
        )}
      </section>
    </section>
  );
}
