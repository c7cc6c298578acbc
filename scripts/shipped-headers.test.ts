// @vitest-environment node
// The shipped _headers as `vite preview` applies them: each path gets its blocks' headers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headersFor, parseHeadersFile } from './shipped-headers';

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
});
