/**
 * config.json `imageHosts`: where images may load from besides the service's own hosts. Each entry
 * is `host[:port]` (HTTPS on that host) or an origin `http(s)://host[:port]`. Absent, records may
 * name any public HTTPS host in the documented archive shape (src/domain/image-url.ts).
 */

/** Origins of a valid list; pushes a problem per bad entry. */
export function parseImageHosts(raw: unknown, problems: string[]): string[] | undefined {
  if (raw === undefined) return undefined;
  const list = Array.isArray(raw) ? (raw as unknown[]) : [raw];
  return list.flatMap((v, i) => {
    const s = typeof v === 'string' ? v : '';
    const rest = s.replace(/^https?:\/\//i, '').replace(/\/$/, '');
    try {
      // eslint-disable-next-line no-control-regex
      if (Array.isArray(raw) && rest && !/[\u0000-\u0020\u007f\\/?#@]/.test(rest))
        return [new URL(s === rest ? `https://${s}` : s).origin];
    } catch {
      /* named below */
    }
    problems.push(`imageHosts[${i}]: must be host[:port] or an origin such as https://images.example.org`);
    return [];
  });
}
