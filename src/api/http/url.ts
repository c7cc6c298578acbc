/** Request URLs: a base, a path and query parameters in their wire form. */

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Absent values are omitted, booleans become `true`/`false`, arrays repeat the parameter. */
export function buildUrl(base: string, path: string, params: Record<string, QueryValue> = {}): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) qs.append(k, String(item));
    else qs.append(k, String(v));
  }
  const q = qs.toString();
  return `${base}${path}${q ? `?${q}` : ''}`;
}
