import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseUrl, serializeUrl, withAppParams, type UrlSchema } from './url-schema';

export interface UrlState<T> {
  /** The view state: the address's, or the one just requested while the router catches up. */
  params: T;
  search: URLSearchParams;
  notices: readonly string[];
  dismissNotices: () => void;
  apply: (next: T, options?: { replace?: boolean }) => void;
}

interface Pending<T> {
  /** Addresses passed through since the first unsettled request (the one it started from included). */
  via: string[];
  target: string;
  params: T;
}

/**
 * View state whose source of truth is the URL's search params.
 *
 * A data router applies a search-param change after an asynchronous navigation. Controls bound
 * straight to the URL would snap back for that moment: a checkbox unchecks itself again, a text
 * field loses the letter just typed. So the requested state is shown at once and handed back to
 * the address when it arrives; any other address (Back, a link) wins over a pending request.
 *
 * Bad values are dropped from the address (so they are not shared further) but stay named on
 * screen; old forms are rewritten to the current ones. Both replace the history entry, so Back
 * does not return to them. `schema` must be stable (module-level or memoised), as it is a dependency.
 */
export function useUrlState<T>(schema: UrlSchema<T>): UrlState<T> {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  const parsed = useMemo(() => parseUrl(schema, search), [schema, search]);
  // The app's own parameters (the language) stay in the address whatever the view writes.
  const serialize = useCallback((p: T) => withAppParams(serializeUrl(schema, p), search), [schema, search]);
  const [pending, setPending] = useState<Pending<T> | null>(null);
  const [notices, setNotices] = useState<string[]>([]);

  const inFlight = pending !== null && pending.target !== key && pending.via.includes(key);
  const params = inFlight ? pending.params : parsed.params;
  // Settled or overtaken: forget it, so a later Back to an address it passed through shows that address.
  if (pending !== null && !inFlight) setPending(null);

  useEffect(() => {
    if (!parsed.notices.length && !parsed.rewrite) return;
    if (parsed.notices.length) setNotices((n) => [...n, ...parsed.notices]);
    setSearch(serialize(parsed.params), { replace: true });
  }, [parsed, serialize, setSearch]);

  const apply = useCallback(
    (next: T, options?: { replace?: boolean }) => {
      const target = serialize(next);
      const targetKey = target.toString();
      setPending((p) => ({
        via: p && p.via.includes(key) ? [...p.via, p.target] : [key],
        target: targetKey,
        params: next,
      }));
      setSearch(target, { replace: options?.replace ?? false });
    },
    [key, serialize, setSearch],
  );
  const dismissNotices = useCallback(() => setNotices([]), []);

  return { params, search, notices, dismissNotices, apply };
}
