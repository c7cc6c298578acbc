/**
 * The activity view's URL state: filters sent to the service (repeated `modules` / `objectTypes`,
 * spec 03 §4) and the table's text search and sort. Parsed and serialised only here. The tenant
 * base URL and credentials are deliberately not here (see platform-credentials-store.ts).
 */
export const SORT_KEYS = ['code', 'value', 'objectTypeName', 'moduleName'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = 'asc' | 'desc';

export interface ActivityParams {
  modules: string[];
  objectTypes: string[];
  q: string;
  sort: SortKey;
  dir: SortDir;
}

export const DEFAULT_ACTIVITY_PARAMS: ActivityParams = {
  modules: [],
  objectTypes: [],
  q: '',
  sort: 'code',
  dir: 'asc',
};

const NAME_RE = /^[^\p{Cc}]{1,100}$/u;

export function parseActivityParams(sp: URLSearchParams): { params: ActivityParams; notices: string[] } {
  const notices: string[] = [];
  const p: ActivityParams = { ...DEFAULT_ACTIVITY_PARAMS, modules: [], objectTypes: [] };
  for (const name of ['modules', 'objectTypes'] as const) {
    for (const v of sp.getAll(name)) {
      if (!NAME_RE.test(v)) notices.push(`Ignored ${name}=${v.slice(0, 40) || '(empty)'} in the address: not a name.`);
      else if (!p[name].includes(v)) p[name].push(v);
    }
  }
  const q = sp.get('q');
  if (q !== null) {
    if (q.length <= 200) p.q = q;
    else notices.push('Ignored the search text in the address: longer than 200 characters.');
  }
  const sort = sp.get('sort');
  if (sort !== null) {
    if ((SORT_KEYS as readonly string[]).includes(sort)) p.sort = sort as SortKey;
    else notices.push(`Ignored sort=${sort.slice(0, 40)} in the address: must be one of ${SORT_KEYS.join(', ')}.`);
  }
  const dir = sp.get('dir');
  if (dir !== null) {
    if (dir === 'asc' || dir === 'desc') p.dir = dir;
    else notices.push(`Ignored dir=${dir.slice(0, 40)} in the address: must be asc or desc.`);
  }
  return { params: p, notices };
}

export function serializeActivityParams(p: ActivityParams): URLSearchParams {
  const sp = new URLSearchParams();
  for (const m of p.modules) sp.append('modules', m);
  for (const o of p.objectTypes) sp.append('objectTypes', o);
  if (p.q) sp.set('q', p.q);
  if (p.sort !== DEFAULT_ACTIVITY_PARAMS.sort) sp.set('sort', p.sort);
  if (p.dir !== DEFAULT_ACTIVITY_PARAMS.dir) sp.set('dir', p.dir);
  return sp;
}
