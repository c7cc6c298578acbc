/**
 * The base URLs of config.json. Each is a prefix the app glues paths onto (`{base}/api/...`, a legacy
 * record's `url`), so a base must keep every glued path on its own host:
 * - `/` trims to "", and a path starting with `//` (a record's `//evil.example/x`) would then be a
 *   protocol-relative address of another host; `//host` and `/\host` bases are such addresses already;
 * - URL parsers drop tabs, newlines and leading spaces, so `/\t/evil.example` reads as `//evil.example`;
 * - credentials in a base would go with every request; a query or fragment would swallow the path.
 */

/** Why `v` cannot be a base URL, or null when it can. */
export function baseUrlProblem(v: string): string | null {
  if (!v) return 'must not be empty';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f\\]/.test(v)) return 'must not hold spaces, control characters or backslashes';
  if (v.startsWith('/')) {
    if (/^\/+$/.test(v))
      return `"${v}" is the site root, which leaves the base empty: a path starting with // would then load from another host; name the path the service is proxied under (e.g. "/api-proxy") or its https URL`;
    if (v.startsWith('//')) return 'must not start with // (that names another host); use an https URL';
    if (/[?#]/.test(v)) return 'must not hold a query (?) or fragment (#)';
    return null;
  }
  if (!/^https?:\/\//i.test(v)) return 'must be an http(s) URL or a path starting with /';
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return 'is not a valid URL';
  }
  if (u.username || u.password) return 'must not hold a user name or password';
  if (u.search || u.hash || /[?#]/.test(v)) return 'must not hold a query (?) or fragment (#)';
  if (!u.hostname) return 'must name a host';
  return null;
}

/** The base as the app uses it: trailing slashes removed (checked by baseUrlProblem first). */
export function trimBase(v: string): string {
  return v.replace(/\/+$/, '');
}

/** The origin a base's requests go to: its own for a URL, this page's for a path. */
export function baseOrigin(base: string, pageHref: string): string | null {
  try {
    return new URL(base, pageHref).origin;
  } catch {
    return null;
  }
}
