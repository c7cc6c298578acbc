#!/usr/bin/env node
/**
 * The cross-engine smoke suite: the built app against the real-HTTP mock (rate limits on, as the
 * service has them) in Firefox ESR and in WebKitGTK, each browser started once, the tests one after
 * another in it. Prints a line per test and writes the counts to test-results/engines.json for
 * scripts/test-all.mjs.
 *
 *   npx vite build && npx tsx scripts/engines/run.mjs [firefox|webkit] [--only <words>]
 *   ENGINES_PORT=4206        the preview server's port (default 4175)
 *   ENGINES_FAULT=rsam       every RSAM request answered 503, to see the suite fail on a view without data
 *
 * A missing browser fails each of its engine's tests under CI; elsewhere that engine is skipped with
 * a line saying what to install.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startMockServer } from '../../mocks/server-app.ts';
import { launchFirefox, launchWebKit, missing } from './drivers.mjs';
import { prepareBuild, startPreview } from './served-app.mjs';
import { smokeTests } from './smoke.mjs';

const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
const engines = args.filter((_, i) => onlyAt < 0 || (i !== onlyAt && i !== onlyAt + 1));
const wanted = engines.length ? engines : ['firefox', 'webkit'];
const CI = !!process.env.CI;
const PORT = Number(process.env.ENGINES_PORT ?? 4175);
const OUT = 'test-results/engines';
const REPORT = 'test-results/engines.json';
/** A test's own limit, above the longest wait in it (60 s unless it says), so the wait's message wins. */
const DEFAULT_TIMEOUT = 90_000;

const results = [];
const started = Date.now();
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

function record(engine, name, status, ms, detail) {
  results.push({ engine, name, status, ms, detail });
  const mark = status === 'passed' ? '✓' : status === 'failed' ? '✘' : '-';
  console.log(`  ${mark} [${engine}] ${name} (${secs(ms)})${detail ? `\n      ${detail}` : ''}`);
}

async function withTimeout(promise, ms, what) {
  let timer;
  try {
    return await Promise.race([
      promise,
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: over ${ms / 1000} s`)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

mkdirSync(OUT, { recursive: true });
const mock = await startMockServer();
// Rate limits are on from the start (the mock's default, the service's numbers); said once more here
// so a change of the default cannot turn them off for this suite.
await mock.control({ action: 'rateLimits', enabled: true, scale: 1 });
if (process.env.ENGINES_FAULT === 'rsam')
  await mock.control({ action: 'fault', fault: { match: '/api/seismic/rsam', kind: 'status', status: 503 } });
prepareBuild('dist', `${OUT}/dist`, mock);
let preview;
let driver;
// Stopped from outside (Ctrl+C, a CI timeout): leave no browser, display or server behind.
for (const sig of ['SIGINT', 'SIGTERM'])
  process.once(sig, () => {
    void Promise.allSettled([driver?.close(), mock.close()]).then(() => {
      preview?.stop();
      process.exit(130);
    });
  });
try {
  preview = await startPreview(`${OUT}/dist`, PORT);
} catch (e) {
  await mock.close();
  console.error(`✘ engines: ${e.message}`);
  writeFileSync(REPORT, JSON.stringify({ passed: 0, failed: 1, skipped: 0, tests: [], error: e.message }));
  process.exit(1);
}

try {
  for (const engine of wanted) {
    const downloadDir = resolve(`${OUT}/downloads-${engine}`);
    rmSync(downloadDir, { recursive: true, force: true });
    mkdirSync(downloadDir, { recursive: true });
    const tests = smokeTests({ mock, downloadDir }).filter(
      (t) => (!t.engines || t.engines.includes(engine)) && (!only || new RegExp(only).test(t.name)),
    );
    const absent = missing(engine);
    if (absent.length) {
      const why = `not installed: ${absent.join(', ')}`;
      if (CI) for (const t of tests) record(engine, t.name, 'failed', 0, why);
      else {
        console.log(`  - [${engine}] skipped, ${why} (outside CI only; CI counts these as failed)`);
        for (const t of tests) results.push({ engine, name: t.name, status: 'skipped', ms: 0 });
      }
      continue;
    }
    // Each engine starts from the mock's first state: its own rate-limit budgets, the same faults.
    await mock.control({ action: 'reset' });
    await mock.control({ action: 'rateLimits', enabled: true, scale: 1 });
    if (process.env.ENGINES_FAULT === 'rsam')
      await mock.control({ action: 'fault', fault: { match: '/api/seismic/rsam', kind: 'status', status: 503 } });
    const t0 = Date.now();
    try {
      driver = await withTimeout(
        engine === 'firefox'
          ? launchFirefox({ base: preview.base, downloadDir })
          : launchWebKit({ base: preview.base }),
        60_000,
        `starting ${engine}`,
      );
    } catch (e) {
      for (const t of tests) record(engine, t.name, 'failed', 0, `${engine} did not start: ${e.message}`);
      continue;
    }
    console.log(`\n▶ ${engine}: ${driver.version} (started in ${secs(Date.now() - t0)})`);
    try {
      for (const t of tests) {
        const s = Date.now();
        try {
          await driver.takeErrors();
          const detail = await withTimeout(t.run(driver), t.timeout ?? DEFAULT_TIMEOUT, t.name);
          const errors = await driver.takeErrors();
          if (errors.length) throw new Error(`errors on the page: ${errors.join(' | ')}`);
          record(engine, t.name, 'passed', Date.now() - s, detail);
        } catch (e) {
          const shot = `${OUT}/${engine}-failed-${results.length + 1}.png`;
          const saved = await withTimeout(driver.screenshot(shot), 10_000, 'screenshot').then(
            () => ` (screenshot ${shot})`,
            () => '',
          );
          record(
            engine,
            t.name,
            'failed',
            Date.now() - s,
            String(e.message ?? e)
              .split('\n')
              .slice(0, 4)
              .join(' ') + saved,
          );
        }
      }
    } finally {
      await driver.close().catch(() => undefined);
    }
    console.log(`  ${engine}: ${secs(Date.now() - t0)} with the browser's start`);
  }
} finally {
  preview.stop();
  await mock.close();
}

const count = (s) => results.filter((r) => r.status === s).length;
const summary = {
  passed: count('passed'),
  failed: count('failed'),
  skipped: count('skipped'),
  ms: Date.now() - started,
  tests: results,
};
writeFileSync(REPORT, JSON.stringify(summary, null, 2));
console.log(
  `\nengines: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped in ${secs(summary.ms)}`,
);
process.exit(summary.failed === 0 ? 0 : 1);
