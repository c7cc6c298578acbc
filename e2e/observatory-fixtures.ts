/**
 * The observatory proxy (deploy/observatory/run) in front of a mock service, for e2e: the built app
 * (dist, or E2E_DIST) served by nginx with the service's three hosts behind one cache and one shared
 * rate budget. nginx and its Lua module must be installed (.ci/run installs them): without them the
 * proxy does not start and the test fails with the script's own reason, never skips.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MockServer } from './server-fixtures';

export interface ObservatoryOptions {
  /** `--limit NAME=N` of the run script: the service's budget as granted, per endpoint. */
  limits?: Record<string, number>;
  queueMinutes?: number;
  /** Settings of the app config.json the proxy serves (merged over the build's). */
  appConfig?: Record<string, unknown>;
}

export interface Observatory {
  /** The proxy's origin, e.g. http://127.0.0.1:41234. */
  url: string;
  /** GET /observatory/status, parsed. */
  status(): Promise<ProxyStatusBody>;
  stop(): Promise<void>;
}

export interface ProxyStatusBody {
  now: number;
  endpoints: {
    name: string;
    limit: number;
    sentThisMinute: number;
    waiting: number;
    waitingFromYou: number;
    nextAt: number | null;
    sentTotal: number;
    refusedQueueFull: number;
    refusedByService: number;
    heldUntil: number | null;
  }[];
  cache: { usedBytes: number | null; maxBytes: number; answers: Record<string, number> };
}

/** A port nothing listens on now (the kernel's choice, on 127.0.0.1). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

const exited = (p: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (p.exitCode !== null || p.signalCode !== null) resolve();
    else p.once('exit', () => resolve());
  });

/** Starts the proxy in front of `mock` and resolves once it serves the app's config.json. */
export async function startObservatory(mock: MockServer, o: ObservatoryOptions = {}): Promise<Observatory> {
  const state = mkdtempSync(join(tmpdir(), 'observatory-e2e-'));
  // A copy of the build beside the cache: the proxy's workers (www-data when run as root) may not
  // reach the checkout, wherever it is; and a rebuild during a test changes nothing under it.
  const app = join(state, 'app');
  cpSync(process.env.E2E_DIST ?? 'dist', app, { recursive: true });
  const args = [
    '--port',
    String(await freePort()),
    '--listen',
    '127.0.0.1',
    '--static',
    app,
    '--main',
    mock.apiBaseUrl,
    '--legacy',
    mock.legacyBaseUrl,
    '--platform',
    mock.platformBaseUrl,
    '--state',
    state,
    '--access-log',
    'off',
  ];
  for (const [name, n] of Object.entries(o.limits ?? {})) args.push('--limit', `${name}=${n}`);
  if (o.queueMinutes !== undefined) args.push('--queue-minutes', String(o.queueMinutes));
  if (o.appConfig) {
    const file = join(state, 'app-config.json');
    writeFileSync(file, JSON.stringify({ mock: false, ...o.appConfig }));
    args.push('--app-config', file);
  }
  const port = args[1];
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn('deploy/observatory/run', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    await exited(proc);
    rmSync(state, { recursive: true, force: true });
  };
  const end = Date.now() + 20_000;
  for (;;) {
    if (proc.exitCode !== null) {
      await stop();
      throw new Error(`deploy/observatory/run exited with ${proc.exitCode}:\n${stderr}`);
    }
    try {
      if ((await fetch(`${url}/config.json`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) {
      await stop();
      throw new Error(`the observatory proxy did not answer within 20 s:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async status() {
      const res = await fetch(`${url}/observatory/status`);
      if (!res.ok) throw new Error(`status: HTTP ${res.status}`);
      return (await res.json()) as ProxyStatusBody;
    },
    stop,
  };
}

/** What the mock service was asked (GET {main}/__mock/stats): requests and 429s per endpoint key. */
export async function mockStats(
  mock: MockServer,
): Promise<{ requests: Record<string, number>; refused: Record<string, number> }> {
  const res = await fetch(`${mock.apiBaseUrl}/__mock/stats`);
  if (!res.ok) throw new Error(`mock stats: HTTP ${res.status}`);
  return (await res.json()) as { requests: Record<string, number>; refused: Record<string, number> };
}

/** Sum of a stats record. */
export const total = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
