/** Client-side search and sort of the event-types table, and the filter options from the catalogue. */
import type { EventType } from '../../api/platform';
import type { SortDir, SortKey } from './activity-params';

export function searchAndSort(rows: readonly EventType[], q: string, sort: SortKey, dir: SortDir): EventType[] {
  const needle = q.trim().toLowerCase();
  const out = needle
    ? rows.filter((r) =>
        [String(r.code), r.value, r.objectTypeName, r.moduleName].some((f) => f.toLowerCase().includes(needle)),
      )
    : [...rows];
  const sign = dir === 'asc' ? 1 : -1;
  out.sort((a, b) => {
    const c = sort === 'code' ? a.code - b.code : a[sort].localeCompare(b[sort], 'en', { sensitivity: 'base' });
    return sign * (c || a.code - b.code);
  });
  return out;
}

export interface FilterOptions {
  modules: string[];
  /** Object types, each with the module(s) it appears in. */
  objectTypes: { name: string; modules: string[] }[];
}

export function filterOptions(catalogue: readonly EventType[]): FilterOptions {
  const modules = new Set<string>();
  const objs = new Map<string, Set<string>>();
  for (const e of catalogue) {
    modules.add(e.moduleName);
    const s = objs.get(e.objectTypeName) ?? new Set<string>();
    s.add(e.moduleName);
    objs.set(e.objectTypeName, s);
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'en');
  return {
    modules: [...modules].sort(byName),
    objectTypes: [...objs.entries()]
      .map(([name, m]) => ({ name, modules: [...m].sort(byName) }))
      .sort((a, b) => byName(a.name, b.name)),
  };
}
