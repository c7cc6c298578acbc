/**
 * The headers the build ships for static hosts (public/_headers, Netlify/Cloudflare Pages format),
 * read so that `vite preview`, and with it the e2e suite and the benchmarks, serves the build as a
 * host that follows the file would: the security headers on every path, and each path's caching
 * (`/assets/*` immutable, `config.json` revalidated). Without the per-path blocks, preview answered
 * every asset `no-cache`, and a second visit waited on a revalidation round trip for each script.
 */

export interface HeaderBlock {
  /** A path pattern: exact, or with `*` matching any run of characters (`/assets/*`, `/*`). */
  pattern: string;
  /** The pattern as a regular expression, made once. */
  matches: RegExp;
  headers: Record<string, string>;
}

/** The blocks of a `_headers` file, in order: a path line, then indented `Name: value` lines. */
export function parseHeadersFile(text: string): HeaderBlock[] {
  const blocks: HeaderBlock[] = [];
  let current: HeaderBlock | null = null;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = { pattern: line.trim(), matches: matcher(line.trim()), headers: {} };
      blocks.push(current);
      continue;
    }
    const m = /^\s+([A-Za-z0-9-]+):\s*(.+)$/.exec(line);
    if (current && m) current.headers[m[1]!] = m[2]!.trim();
  }
  return blocks;
}

function matcher(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

/** Every header that applies to `path` (no query): each matching block's, a later block winning a name. */
export function headersFor(blocks: readonly HeaderBlock[], path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const b of blocks) if (b.matches.test(path)) Object.assign(out, b.headers);
  return out;
}

/** The loopback origins a test run's own mock server listens on (mocks/server-app.ts, 127.0.0.1). */
const LOOPBACK = 'http://localhost:* http://127.0.0.1:*';

/**
 * TEST-ONLY: `csp` with loopback added to img-src and connect-src, for a preview server whose build
 * talks to the local mock server (e2e, benchmarks). Never shipped: the policy the build ships has no
 * loopback (public/_headers, deploy/security-headers.conf).
 */
export function cspWithLoopbackForTests(csp: string): string {
  return csp.replace(
    /\b(img-src|connect-src)([^;]*)/g,
    (_m, name: string, sources: string) => `${name}${sources} ${LOOPBACK}`,
  );
}

/** The environment variable that asks `vite preview` for cspWithLoopbackForTests (set by the e2e config). */
export const PREVIEW_LOOPBACK_ENV = 'PREVIEW_CSP_ALLOW_LOOPBACK';
