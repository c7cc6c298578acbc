/**
 * config.json `imageHosts`: where images may load from besides the service's own hosts. Each entry
 * is `host[:port]` (HTTPS on that host) or an origin `http(s)://host[:port]`. Absent, records may
 * name any public HTTPS host in the documented archive shape (src/domain/image-url.ts).
 */

/** The entry as an origin (`https://images.example.org`), or a problem. */
function entryOrigin(v: string): { origin: string } | { problem: string } {
  const rest = v.replace(/^https?:\/\//i, '').replace(/\/$/, '');
  // eslint-disable-next-line no-control-regex
  if (!rest || /[\u0000-\u0020\u007f\\/?#@]/.test(rest))
    return { problem: 'must be host[:port] or an origin such as https://images.example.org (no path, no user name)' };
  const withScheme = /^https?:\/\//i.test(v) ? v : `https://${rest}`;
  try {
    const u = new URL(withScheme);
    if (!u.hostname) return { problem: 'must name a host' };
    return { origin: u.origin };
  } catch {
    return { problem: 'is not a host name or origin' };
  }
}

/** Origins of a valid list; pushes a problem per bad entry. */
export function parseImageHosts(raw: unknown, problems: string[]): string[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) return void problems.push('imageHosts: must be a list of hosts or origins');
  const out: string[] = [];
  raw.forEach((v, i) => {
    if (typeof v !== 'string') return void problems.push(`imageHosts[${i}]: must be a string`);
    const r = entryOrigin(v.trim() === v ? v : '');
    if ('problem' in r) problems.push(`imageHosts[${i}]: ${r.problem}`);
    else out.push(r.origin);
  });
  return out;
}
