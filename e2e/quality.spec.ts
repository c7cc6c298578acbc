import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, openApp } from './fixtures';

const ROUTES = ['/', '/seismic', '/imagery', '/volcano/345040', '/legacy', '/activity', '/settings', '/wall'];

test.describe('accessibility (axe): no serious or critical violations', () => {
  for (const route of ROUTES) {
    test(`axe ${route}`, async ({ page }) => {
      await openApp(page, route);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        bad.map(
          (v) =>
            `${v.id}: ${v.help} (${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')})`,
        ),
      ).toEqual([]);
    });
  }
});

test('the app runs under the shipped Content-Security-Policy without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  const res = await page.goto('/');
  expect(res?.headers()['content-security-policy']).toContain("default-src 'self'");
  await openApp(page, '/seismic');
  await openApp(page, '/imagery');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('the build holds no secrets', async () => {
  const dist = 'dist';
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(js|html|json|css|map)$/.test(e.name)) files.push(p);
    }
  };
  walk(process.env.E2E_DIST ?? dist);
  expect(files.length).toBeGreaterThan(0);
  const patterns = [
    /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
    /AKIA[0-9A-Z]{16}/, // AWS access key id
    /ghp_[A-Za-z0-9]{36}/, // GitHub token
    /xox[baprs]-[A-Za-z0-9-]{10,}/, // Slack token
    /eyJ[A-Za-z0-9_-]{20,}\.eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}/, // a JWT
    /client_secret\s*[:=]\s*["'][^"']{8,}["']/i,
  ];
  const hits: string[] = [];
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    for (const p of patterns) if (p.test(text)) hits.push(`${f}: ${p}`);
  }
  expect(hits).toEqual([]);
});

const NASTY = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '9'.repeat(400),
  '-1',
  'NaN',
  '%E0%A4%A',
  'javascript:alert(1)',
  '../../etc/passwd',
  '2025-02-30',
  '1e309',
];

test('fuzzed URL parameters never crash a route or run markup', async ({ page, consoleErrors }) => {
  test.setTimeout(180_000);
  page.on('dialog', (d) => {
    throw new Error(`a dialog opened: ${d.message()}`);
  });
  const params: Record<string, string[]> = {
    '/seismic': ['channels', 'from', 'to', 'scale', 'tz', 'smooth', 'layout'],
    '/imagery': ['imageType', 'site', 'vnum', 'datefrom', 'dateto', 'freq', 'order', 'page', 'limit', 'is_night'],
    '/volcano/345040': ['from', 'to', 'tz', 'at', 'frame'],
    '/wall': ['volcanoes', 'refresh', 'cycle', 'theme'],
    '/legacy': ['type', 'site', 'vnum', 'search_from', 'search_to', 'limit'],
  };
  // The view itself must render (its own heading), not the error page, which also has text.
  const heading: Record<string, RegExp> = {
    '/seismic': /^Seismic RSAM$/,
    '/imagery': /^Imagery$/,
    '/volcano/345040': /^Poás/,
    '/wall': /^Volcano operations wall$/,
    '/legacy': /^Legacy imagery archive \(v1\)$/,
  };
  let i = 0;
  for (const [route, names] of Object.entries(params)) {
    const q = names.map((n) => `${n}=${encodeURIComponent(NASTY[i++ % NASTY.length]!)}`).join('&');
    await page.goto(`${route}?${q}`);
    await expect(
      page.getByRole('heading', { level: 1, name: heading[route]! }),
      `${route} rendered its view`,
    ).toBeVisible();
    await expect(page.getByText(/This view failed/)).toHaveCount(0);
    await expect(page.locator('#root img[src^="x"]')).toHaveCount(0);
  }
  await page.goto('/volcano/%3Cscript%3E');
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(consoleErrors.filter((e) => !/Failed to load|status of 4\d\d/.test(e))).toEqual([]);
});
