#!/usr/bin/env node
// `npm test`: typecheck, lint, the message catalogues (scripts/i18n-check.ts), unit tests (vitest), build, e2e (Playwright), the cross-engine smoke
// suite (Firefox ESR and WebKitGTK, scripts/engines/), then one line `tests: N passed, N failed`
// counting every unit, e2e and engine test. Typecheck, lint, the catalogues and build are
// gates: each failure among them counts as one failed test.
//
// Flaky e2e tests (failed, then passed on a retry; CI retries once) are counted in neither number:
// they did not pass cleanly, so calling them passed would hide them, and the behaviour they check
// did work in the end, so calling them failed would turn CI red for the machine's load. They get
// their own line, `flaky: N (titles)`, printed just before the closing line and only when N > 0,
// and they do not change the exit code. So passed + failed + flaky + skipped = all tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { routeFigures } from './bundle-budget.mjs';

const only = process.argv.slice(2);
const want = (step) => only.length === 0 || only.includes(step);
let passed = 0;
let failed = 0;
const flaky = [];
const notes = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function gate(label, cmd, args) {
  if (run(label, cmd, args)) notes.push(`${label}: ok`);
  else {
    failed++;
    notes.push(`${label}: FAILED`);
  }
}

/** `file:line title` of every test Playwright's JSON report marks flaky, through nested suites. */
function flakyTitles(suites) {
  const out = [];
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((t) => t.status === 'flaky')) out.push(`${spec.file}:${spec.line} ${spec.title}`);
    }
    out.push(...flakyTitles(suite.suites ?? []));
  }
  return out;
}

mkdirSync('test-results', { recursive: true });

if (want('typecheck')) gate('typecheck', 'npx', ['tsc', '-b']);
if (want('lint')) gate('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
// A message in the code missing from a catalogue, or Spanish left untranslated.
if (want('i18n')) gate('catalogues', 'npx', ['tsx', 'scripts/i18n-check.ts']);

if (want('unit')) {
  const out = 'test-results/unit.json';
  rmSync(out, { force: true });
  const ok = run('unit tests', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ]);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    notes.push(`unit: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
    if (!ok && r.numFailedTests === 0) {
      failed++; // a suite that failed to load counts too
      notes.push('unit: a test file failed to run');
    }
  } else {
    failed++;
    notes.push('unit: no report written');
  }
}

if (want('e2e') || want('engines')) {
  const built = run('build', 'npx', ['vite', 'build']);
  if (!built) {
    failed++;
    notes.push('build: FAILED (e2e and engines skipped)');
  }
  if (built && want('e2e')) {
    // Bundle sizes are deterministic: each route's first-paint JavaScript is a test.
    console.log('\n▶ first-paint JavaScript per route (scripts/bundle-budget.mjs)');
    let over = 0;
    for (const r of routeFigures('dist')) {
      console.log(
        `  ${r.ok ? '✓' : '✘'} ${r.path}: ${r.missing ? 'route module missing from the manifest' : `${r.kb.toFixed(1)} KB gzip`} (limit ≤ ${r.limitKb ?? r.budgetKb} KB; goal ≤ ${r.budgetKb} KB${r.goalMet ? ' met' : ' not met yet'})`,
      );
      if (r.ok) passed++;
      else {
        failed++;
        over++;
      }
    }
    notes.push(`bundle budgets: ${over ? `${over} route(s) over budget` : 'every route within budget'}`);
    const out = 'test-results/e2e.json';
    rmSync(out, { force: true });
    run('e2e tests', 'npx', ['playwright', 'test'], { PW_REPORTER: 'json' });
    if (existsSync(out)) {
      const r = JSON.parse(readFileSync(out, 'utf8'));
      const s = r.stats ?? {};
      const p = s.expected ?? 0;
      const f = (s.unexpected ?? 0) + (r.errors?.length ? 1 : 0);
      const titles = flakyTitles(r.suites ?? []);
      passed += p;
      failed += f;
      flaky.push(...titles);
      notes.push(`e2e: ${p} passed, ${f} failed, ${titles.length} flaky, ${s.skipped ?? 0} skipped`);
    } else {
      failed++;
      notes.push('e2e: no report written');
    }
  }
  // The same build in Firefox ESR and WebKitGTK (scripts/engines/run.mjs), after Playwright so the
  // two never share the cores. A browser missing under CI is counted failed there, not skipped.
  if (built && want('engines')) {
    const out = 'test-results/engines.json';
    rmSync(out, { force: true });
    run('cross-engine smoke (Firefox, WebKit)', 'npx', ['tsx', 'scripts/engines/run.mjs']);
    if (existsSync(out)) {
      const r = JSON.parse(readFileSync(out, 'utf8'));
      passed += r.passed;
      failed += r.failed;
      notes.push(
        `engines: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped (browser not installed)` : ''}`,
      );
    } else {
      failed++;
      notes.push('engines: no report written');
    }
  }
}

console.log('\n' + notes.map((n) => `  ${n}`).join('\n'));
if (flaky.length > 0) console.log(`flaky: ${flaky.length} (${flaky.join('; ')})`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
