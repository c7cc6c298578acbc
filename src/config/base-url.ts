/**
 * The base URLs of config.json. Each is a prefix the app glues paths onto (`{base}/api/...`, a legacy
 * record's `url`), so a base must keep every glued path on its own host:
 * - `/` trims to "", and a path starting with `//` (a record's `//evil.example/x`) would then be a
 *   protocol-relative address of another host; `//host` and `/\host` bases are such addresses already;
 * - URL parsers drop tabs, newlines and leading spaces, so `/\t/evil.example` reads as `//evil.example`;
 * - credentials in a base would go with every request; a query or fragment would swallow the path.
 */
// Short messages: this runs in the entry chunk, on every route's first paint (runtime-config.ts).

/** Why `v` cannot be a base URL, or null when it can. */
export function baseUrlProblem(v: string): string | null {
  if (/^\/+$/.test(v))
    return `"${v}" leaves the base empty, so a path starting with // would load from another host: name a path such as "/api-proxy", or an https URL`;
  let u: URL | undefined;
  try {
    u = new URL(v, 'http://h');
  } catch {
    /* refused below */
  }
  // eslint-disable-next-line no-control-regex
  const plain = !/[\u0000-\u0020\u007f\\?#]/.test(v);
  const ok = u && plain && (/^\/[^/]/.test(v) || (/^https?:\/\/./i.test(v) && !u.username && !u.password));
  return ok
    ? null
    : 'must be an http(s) URL or a path such as /api-proxy, without //, spaces, backslashes, user name, query or fragment';
}

/** The base as the app uses it: trailing slashes removed (checked by baseUrlProblem first). */
export function trimBase(v: string): string {
  return v.replace(/\/+$/, '');
}
