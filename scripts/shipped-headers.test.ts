// @vitest-environment node
// The shipped _headers as `vite preview` applies them: each path gets its blocks' headers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cspWithLoopbackForTests, headersFor, parseHeadersFile } from './shipped-headers';

const shipped = parseHeadersFile(readFileSync(new URL('../public/_headers', import.meta.url), 'utf8'));

describe('shipped headers', () => {
  it('caches hashed assets for a year and revalidates config.json, both under the security policy', () => {
    const asset = headersFor(shipped, '/assets/app-Bzuu_ZHZ.js');
    expect(asset['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(asset['Content-Security-Policy']).toContain("default-src 'self'");
    const config = headersFor(shipped, '/config.json');
    expect(config['Cache-Control']).toBe('no-cache');
    expect(config['X-Frame-Options']).toBe('DENY');
  });

  it('gives a view path the security headers only (the HTML it is answered with stays revalidated)', () => {
    const view = headersFor(shipped, '/seismic');
    expect(view['Cache-Control']).toBeUndefined();
    expect(view['Content-Security-Policy']).toBeDefined();
  });

  it('reads blocks, comments and patterns as a static host does', () => {
    const blocks = parseHeadersFile('# comment\n/*\n  A: 1\n\n/a/*\n  B: 2\n  A: 3\n/exact.json\n  C: x: y\n');
    expect(blocks.map((b) => b.pattern)).toEqual(['/*', '/a/*', '/exact.json']);
    expect(headersFor(blocks, '/a/b/c.js')).toEqual({ A: '3', B: '2' });
    expect(headersFor(blocks, '/exact.json')).toEqual({ A: '1', C: 'x: y' });
    expect(headersFor(blocks, '/exactXjson')).toEqual({ A: '1' });
    expect(headersFor(blocks, '/ab')).toEqual({ A: '1' });
  });

  it('deploy/nginx.conf sends the same: the security headers in every location, and each its caching', () => {
    const read = (f: string) => readFileSync(new URL(`../deploy/${f}`, import.meta.url), 'utf8');
    const addHeaders = (text: string) =>
      Object.fromEntries(
        [...text.matchAll(/^\s*add_header\s+([A-Za-z0-9-]+)\s+(?:"([^"]*)"|(\S+))\s+always;/gm)].map((m) => [
          m[1]!,
          m[2] ?? m[3]!,
        ]),
      );
    expect(addHeaders(read('security-headers.conf'))).toEqual(headersFor(shipped, '/'));
    const conf = read('nginx.conf');
    // Two servers: plain http only redirects; the site itself is served over TLS.
    const servers = conf.split(/^server \{/m).slice(1);
    expect(servers).toHaveLength(2);
    expect(servers[0]).toMatch(/^\s*return 301 https:\/\/\$host\$request_uri;/m);
    expect(servers[0]).not.toMatch(/location|root/);
    expect(servers[1]).toMatch(/^\s*listen 443 ssl http2;/m);
    expect(servers[1]).toMatch(/^\s*ssl_protocols TLSv1\.2 TLSv1\.3;/m);
    const locations = [...conf.matchAll(/^\s*location\s+(=\s*)?(\S+)\s*\{([^}]*)\}/gm)];
    // A server-level add_header would be dropped in every location that has its own.
    expect(addHeaders(conf.replace(/^\s*location\s[^{]*\{[^}]*\}/gm, ''))).toEqual({});
    const served = { '/assets/': '/assets/app-1.js', '/': '/index.html' } as Record<string, string>;
    expect(locations.map((l) => l[2])).toEqual(['/assets/', '/config.json', '/mockServiceWorker.js', '/']);
    for (const [, exact, path, body] of locations) {
      expect(body, path).toMatch(/include \S+\/volcano-dashboard-security-headers\.conf;/);
      const file = exact ? path! : served[path!]!;
      expect(addHeaders(body!)['Cache-Control'], path).toBe(headersFor(shipped, file)['Cache-Control']);
    }
  });
});

describe('deploy/nginx.conf, the /api-proxy example', () => {
  it('sends the security headers and a sandbox policy on what the service answers, and passes no cookie', () => {
    const conf = readFileSync(new URL('../deploy/nginx.conf', import.meta.url), 'utf8');
    const block = /^ {2}# location \/api-proxy\/ \{\n((?: {2}# {3}.*\n)+) {2}# \}$/m.exec(conf)?.[1];
    expect(block, 'a commented block to uncomment').toBeDefined();
    const lines = block!.split('\n').map((l) => l.replace(/^ {2}# {3}/, ''));
    expect(lines).toContain('include /etc/nginx/snippets/volcano-dashboard-security-headers.conf;');
    expect(lines).toContain('add_header Content-Security-Policy "sandbox" always;');
    expect(lines).toContain('proxy_hide_header Set-Cookie;');
    expect(lines).toContain('proxy_set_header Cookie "";');
    expect(lines.find((l) => l.startsWith('proxy_pass '))).toMatch(/^proxy_pass https:\/\/[^/]+\/;$/);
  });
});

describe('the policy that ships, and the test-only loopback', () => {
  const csp = headersFor(shipped, '/')['Content-Security-Policy']!;

  it('ships no loopback or plain-http source and sends HSTS', () => {
    expect(csp).not.toMatch(/localhost|127\.0\.0\.1|\[::1\]|http:/);
    expect(headersFor(shipped, '/')['Strict-Transport-Security']).toMatch(/^max-age=\d{7,}/);
  });

  it('adds loopback to images and connections only, for a test run', () => {
    const t = cspWithLoopbackForTests(csp);
    const directive = (p: string, name: string) =>
      p
        .split(';')
        .find((d) => d.trim().startsWith(name))!
        .trim();
    expect(directive(t, 'img-src')).toBe(`${directive(csp, 'img-src')} http://localhost:* http://127.0.0.1:*`);
    expect(directive(t, 'connect-src')).toBe(`${directive(csp, 'connect-src')} http://localhost:* http://127.0.0.1:*`);
    expect(directive(t, 'script-src')).toBe(directive(csp, 'script-src'));
  });
});
