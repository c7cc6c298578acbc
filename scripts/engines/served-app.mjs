/**
 * The built app as the e2e suite serves it (vite preview of the build, the test-only CSP that lets it
 * reach the mock on 127.0.0.1), pointed at the real-HTTP mock. Playwright answers config.json per
 * page; WebDriver classic has no request interception, so the build is copied and the copy's
 * config.json written instead (the same shape: e2e/server-config.ts). The copy also loads the error
 * probe (page-helpers.mjs PROBE_SOURCE) before the app, as a same-origin file the CSP allows.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { serverConfig } from '../../e2e/server-config.ts';
import { PROBE_SOURCE } from './page-helpers.mjs';

const PROBE_FILE = 'engines-probe.js';

/** Copies `dist` to `out` with config.json for `server` and the probe in index.html. */
export function prepareBuild(dist, out, server) {
  const index = `${dist}/index.html`;
  if (!existsSync(index)) throw new Error(`${index} is missing: run \`npx vite build\` first`);
  rmSync(out, { recursive: true, force: true });
  cpSync(dist, out, { recursive: true });
  writeFileSync(`${out}/config.json`, JSON.stringify(serverConfig(server), null, 2));
  writeFileSync(`${out}/${PROBE_FILE}`, PROBE_SOURCE);
  const html = readFileSync(index, 'utf8');
  if (!html.includes('<head>')) throw new Error(`${index} has no <head>`);
  writeFileSync(`${out}/index.html`, html.replace('<head>', `<head>\n    <script src="/${PROBE_FILE}"></script>`));
}

/** `vite preview` of `outDir` on 127.0.0.1:`port`, ready when it serves config.json. */
export async function startPreview(outDir, port) {
  const proc = spawn(
    'npx',
    ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', outDir],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, PREVIEW_CSP_ALLOW_LOOPBACK: '1' },
      detached: true,
    },
  );
  let err = '';
  proc.stderr.on('data', (c) => (err += c));
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    // npx starts vite as a child: end the group this script started, by its id.
    try {
      process.kill(-proc.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    if (proc.exitCode !== null) throw new Error(`vite preview exited (${proc.exitCode}): ${err.trim()}`);
    try {
      const res = await fetch(`${base}/config.json`);
      if (res.ok && (await res.json()).mock === false) return { base, stop };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  stop();
  throw new Error(`vite preview did not serve ${base}/config.json in 60 s: ${err.trim()}`);
}
