import { test, expect } from '@playwright/test';

// The server the e2e suite and the benchmarks run against (`vite preview`) sends what a static host
// that follows public/_headers would: scripts cached for good, config.json and the pages revalidated.
test('the build is served with the caching and the security headers it ships', async ({ request }) => {
  const html = await request.get('/seismic');
  expect(html.headers()['cache-control']).toBe('no-cache');
  expect(html.headers()['content-security-policy']).toContain("default-src 'self'");
  const entry = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
  expect(entry).toBeDefined();
  const script = await request.get(entry!);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers()['x-frame-options']).toBe('DENY');
  for (const path of ['/config.json', '/mockServiceWorker.js']) {
    expect((await request.get(path)).headers()['cache-control'], path).toBe('no-cache');
  }
});
