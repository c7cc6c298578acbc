#!/usr/bin/env node
// `npm run bench`: every performance figure beside its budget, measured in this run, printed and
// written to docs/benchmarks.md with the machine it ran on. Not part of `npm test`: figures are
// measured here, not asserted in unit tests; the command exits non-zero when a budget is broken.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { availableParallelism as nproc, cpus, totalmem } from 'node:os';
import { chromiumPath } from './chromium.mjs';
import { routeFigures } from './bundle-budget.mjs';
import { ENDING_SIGNALS } from './bench-lib.mjs';

// Ended early, the bench ends the feature bench it runs: that one ends the servers it started
// (bench-lib.mjs serverGroup). A time limit signals this process alone, so it is passed on.
let running = null;
for (const [name, n] of Object.entries(ENDING_SIGNALS))
  process.on(name, () => {
    if (!running || running.exitCode !== null || running.signalCode !== null) process.exit(128 + n);
    running.once('exit', () => process.exit(128 + n));
    running.kill(name);
  });

/** `node path`, its stdout collected, its stderr shown as it comes. */
function runBench(path) {
  return new Promise((resolve) => {
    const child = spawn('node', [path], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_DIST: OUT },
    });
    running = child;
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.on('close', (status) => {
      running = null;
      resolve({ status, stdout });
    });
  });
}

const rows = [];
const record = (name, value, unit, budget, ok) => rows.push({ name, value, unit, budget, ok });
const OUT = '.bench/dist';

// 1. Bundle: production build with mock: false.
console.log('▶ building (production, mock: false)…');
rmSync(OUT, { recursive: true, force: true });
const b = spawnSync('npx', ['vite', 'build', '--outDir', OUT, '--logLevel', 'warn'], {
  stdio: 'inherit',
});
if (b.status !== 0) process.exit(1);
// The same first-paint figures `npm test` enforces (scripts/bundle-budget.mjs), shown in the table.
// Judged as `npm test` judges them (the limit where a route has one), with the goal beside: a route
// over its goal says so in the budget column rather than failing every run until it is trimmed.
for (const r of routeFigures(OUT))
  record(
    `first-paint JS gzip: ${r.path}`,
    r.missing ? 'missing' : r.kb.toFixed(1),
    'KB',
    r.limitKb ? `≤ ${r.limitKb} KB (goal ≤ ${r.budgetKb}: ${r.goalMet ? 'met' : 'not met'})` : `≤ ${r.budgetKb} KB`,
    !r.missing && r.ok,
  );
const gz = (file) => gzipSync(readFileSync(join(OUT, file))).length;
const allJs = readdirSync(join(OUT, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .reduce((s, f) => s + gz(`assets/${f}`), 0);
// MSW's log prefix marks its code: no route's first paint may carry it.
const mockInProd = routeFigures(OUT).some((r) =>
  r.files.some((f) => readFileSync(join(OUT, f), 'utf8').includes('[MSW]')),
);
record('all JS gzip (every route + demo mock)', (allJs / 1024).toFixed(1), 'KB', 'report only', true);
record('mock code in the first-paint graph', mockInProd ? 'yes' : 'no', '', 'no', !mockInProd);

// The machine, for docs/benchmarks.md.
const sh = (cmd, args) => spawnSync(cmd, args, { encoding: 'utf8' }).stdout?.trim() || 'unknown';
const browserPath = chromiumPath();
const machine = [
  `${nproc()} cores (${cpus()[0]?.model ?? 'unknown CPU'})`,
  `${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
  `Node ${process.version}`,
  browserPath ? sh(browserPath, ['--version']) : 'Playwright Chromium',
  `load average at start ${sh('cat', ['/proc/loadavg']).split(' ').slice(0, 3).join(' ')}`,
].join(', ');
console.log(`\nmachine: ${machine}`);

// 2. Feature benchmarks written beside their views.
for (const s of [
  'bench-seismic.mjs',
  'bench-analysis.mjs',
  'bench-imagery.mjs',
  'bench-wall.mjs',
  'bench-load.mjs',
  'bench-observatory.mjs',
]) {
  const path = join('scripts', s);
  if (!existsSync(path)) {
    record(s, 'missing', '', 'present', false);
    continue;
  }
  console.log(`\n▶ ${s}`);
  const r = await runBench(path);
  process.stdout.write(r.stdout ?? '');
  // Each feature bench prints lines `BENCH <name> | <value> | <unit> | <budget> | ok|FAIL`.
  for (const line of (r.stdout ?? '').split('\n')) {
    const m = /^BENCH (.+?) \| (.+?) \| (.*?) \| (.+?) \| (ok|FAIL)$/.exec(line.trim());
    if (m) record(m[1], m[2], m[3], m[4], m[5] === 'ok');
  }
  if (r.status !== 0 && !rows.some((x) => !x.ok)) record(`${s} exit code`, String(r.status), '', '0', false);
}

// 3. Table.
const w = Math.max(...rows.map((r) => r.name.length));
console.log('\n' + 'figure'.padEnd(w) + '  value        budget         result');
for (const r of rows)
  console.log(
    `${r.name.padEnd(w)}  ${`${r.value} ${r.unit}`.padEnd(12)} ${r.budget.padEnd(14)} ${r.ok ? 'ok' : 'OVER BUDGET'}`,
  );
const bad = rows.filter((r) => !r.ok).length;
console.log(bad ? `\n${bad} budget(s) broken` : '\nall budgets kept');

// The last run, as a page of the docs: what was measured, on what, against which budget.
const cell = (x) => String(x).replace(/\|/g, '\\|');
const commit = sh('git', ['rev-parse', '--short', 'HEAD']);
const changed = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
  encoding: 'utf8',
}).stdout?.trim();
const dirty = changed ? ' (with uncommitted changes)' : '';
writeFileSync(
  'docs/benchmarks.md',
  [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (scripts/bench.mjs and the `scripts/bench-*.mjs` it runs); every figure is from',
    'that one run, each beside its budget. Ratios compare the app with a floor measured in the same run (a bare',
    'page doing the least the task needs), so they hold across machines; absolute times do not. What each',
    'figure means is in the comment at the top of its script.',
    '',
    `- Run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}${dirty}`,
    `- Machine: ${machine}`,
    `- Result: ${bad ? `${bad} budget(s) broken` : 'every budget kept'}`,
    '',
    '| Figure | Value | Budget | Result |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${cell(r.name)} | ${cell(`${r.value} ${r.unit}`.trim())} | ${cell(r.budget)} | ${r.ok ? 'ok' : '**over**'} |`,
    ),
    '',
  ].join('\n'),
);
console.log('written: docs/benchmarks.md');
process.exit(bad ? 1 : 0);
