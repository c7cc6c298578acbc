/**
 * The observatory proxy (deploy/observatory/run) in front of a mock service, for e2e: the built app
 * (dist, or E2E_DIST) served by nginx with the service's three hosts behind one cache and one shared
 * rate budget. nginx and its Lua module must be installed (.ci/run installs them): without them the
 * proxy does not start and the test fails with the script's own reason, never skips.
 *
 * Started as a supervisor starts it: its standard output and error are pipes of Node's `spawn` (on
 * Linux, sockets: what systemd's journal gives a service), and its access log is read from there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
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
  /** `--real-ip-from`: the terminators in front whose X-Forwarded-For names the browser. */
  realIpFrom?: string[];
  /** `--platform-client`: the platform client the proxy's token service holds; `mode` its file's. */
  platformClient?: { client_id: string; client_secret: string; mode?: number };
}

export interface Observatory {
  /** The proxy's origin, e.g. http://127.0.0.1:41234. */
  url: string;
  /** The state folder (--state): nginx's cache, its socket. */
  state: string;
  /** GET /observatory/status, parsed. */
  status(): Promise<ProxyStatusBody>;
  /** What the proxy wrote to its standard output so far (the access log). */
  stdout(): string;
  /** Answers the cache holds now: nginx writes one file for each. */
  cachedAnswers(): number;
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
    refusedOverShare: number;
    droppedClientGone: number;
    refusedByService: number;
    heldUntil: number | null;
  }[];
  cache: { usedBytes: number | null; maxBytes: number; answers: Record<string, number>; answersCut: number };
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
  ];
  for (const [name, n] of Object.entries(o.limits ?? {})) args.push('--limit', `${name}=${n}`);
  for (const cidr of o.realIpFrom ?? []) args.push('--real-ip-from', cidr);
  if (o.queueMinutes !== undefined) args.push('--queue-minutes', String(o.queueMinutes));
  if (o.appConfig) {
    const file = join(state, 'app-config.json');
    writeFileSync(file, JSON.stringify({ mock: false, ...o.appConfig }));
    args.push('--app-config', file);
  }
  if (o.platformClient) {
    const file = join(state, 'platform-client.json');
    const { mode, ...client } = o.platformClient;
    writeFileSync(file, JSON.stringify(client), { mode: 0o600 });
    chmodSync(file, mode ?? 0o600);
    args.push('--platform-client', file);
  }
  const port = args[1];
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn('deploy/observatory/run', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  proc.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
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
    state,
    stdout: () => stdout,
    cachedAnswers: () => countFiles(join(state, 'cache')),
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

function countFiles(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) n += countFiles(join(dir, e.name));
    // An answer's file is named by its key's MD5; nginx's temporary files (an answer still coming,
    // or one dropped) have a suffix.
    else if (e.isFile() && /^[0-9a-f]{32}$/.test(e.name) && statSync(join(dir, e.name)).size > 0) n++;
  }
  return n;
}

/**
 * A GET from another machine (`from`, e.g. 127.0.0.2: a second loopback address). `abandon` ends it
 * from the client's side (its socket closed, as a browser's closed tab does); until then it waits.
 */
export function getFrom(
  url: string,
  from: string,
  headers: Record<string, string> = {},
): { answer: Promise<{ status: number; headers: IncomingMessage['headers']; body: string } | null>; abandon(): void } {
  const req = httpRequest(url, { localAddress: from, agent: false, headers });
  const answer = new Promise<{ status: number; headers: IncomingMessage['headers']; body: string } | null>(
    (resolve) => {
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', () => resolve(null));
      });
      req.on('error', () => resolve(null));
    },
  );
  req.end();
  return { answer, abandon: () => req.destroy() };
}
