/* global window */ // used inside page.evaluate callbacks, which run in the browser
// Two pages of one browser granting sends on one lane of the app's browser-wide ledger at once
// (src/api/rate/ledger.ts, as `browserLedger()` makes it): every grant must be in the record
// afterwards, or a reload burst sends more than the budget allows (issue 39).
//   node scripts/ledger-race.mjs [grants per page, default 1000]
// Prints the grants made, the sends the record holds, and how many were lost.
import { createServer } from 'node:http';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';

const N = Number(process.argv[2] ?? 1000);
const entry = `
import { browserLedger } from './src/api/rate/idb-ledger';
import { grantSends } from './src/api/rate/window';
const ledger = browserLedger();
// A budget that never runs out within the run: every update grants one send.
const budget = { limit: 1e9, windowMs: 3_600_000 };
const grantOne = () => ledger.update('race|lane', (rec) => grantSends(rec, budget, Date.now(), 1, () => 0).stamps.length);
window.grant = async (n) => { let granted = 0; for (let i = 0; i < n; i++) granted += await grantOne(); return granted; };
window.recorded = () => ledger.update('race|lane', (rec) => rec.sent.length);
window.kind = ledger.constructor.name;
`;
const out = await build({
  stdin: { contents: entry, resolveDir: new URL('..', import.meta.url).pathname, loader: 'ts' },
  bundle: true,
  write: false,
  format: 'esm',
  logLevel: 'error',
});
const js = out.outputFiles[0].text;
const html = '<!doctype html><script type="module" src="/race.js"></script>';
const server = createServer((req, res) => {
  if (req.url === '/race.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(js);
  else res.writeHead(200, { 'Content-Type': 'text/html' }).end(html);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext();
  const pages = [await context.newPage(), await context.newPage()];
  for (const p of pages) {
    await p.goto(url);
    await p.waitForFunction(() => typeof window.grant === 'function');
  }
  const started = Date.now();
  const granted = await Promise.all(pages.map((p) => p.evaluate((n) => window.grant(n), N)));
  const ms = Date.now() - started;
  const recorded = await pages[0].evaluate(() => window.recorded());
  const total = granted[0] + granted[1];
  const kind = await pages[0].evaluate(() => window.kind);
  console.log(
    `${kind}: ${total} grants by two pages (${granted.join(' + ')}) in ${ms} ms (${((ms / total) * 2).toFixed(2)} ms each a page); the record holds ${recorded}; lost ${total - recorded}`,
  );
  process.exitCode = total === recorded ? 0 : 1;
} finally {
  await browser.close();
  server.close();
}
