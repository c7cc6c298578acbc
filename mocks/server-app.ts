/**
 * The mock's three hosts over real HTTP on 127.0.0.1, as an importable server: the CLI
 * (mocks/server.ts) and the e2e fixture (e2e/server-fixtures.ts) both start it.
 *   main service  apiBaseUrl       (also serves the image files: imageBaseUrl = apiBaseUrl)
 *   legacy        legacyBaseUrl
 *   platform      platformBaseUrl
 * Mock state (clock, faults, knobs, rate-limit counters) is module-global: starting a server resets
 * it, and servers in one process share it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type RequestHandler } from 'msw';
import { createHandlers } from './handlers';
import { CLIENT_IP_HEADER } from './handlers/common';
import { resetMockState, setBaselineNow } from './state';

export interface MockServerOptions {
  /** ISO instant the data treats as "now"; absent = the real clock. */
  now?: string;
  /** First of three consecutive ports (main, legacy, platform); absent or 0 = three ephemeral ports. */
  port?: number;
}

export interface MockServerHandle {
  apiBaseUrl: string;
  legacyBaseUrl: string;
  platformBaseUrl: string;
  /** POST {apiBaseUrl}/__mock/control (mocks/handlers/control.ts); throws unless the mock accepts it. */
  control(body: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

type Host = 'main' | 'legacy' | 'platform';

/**
 * Response headers a browser script may read, per host: only what the documents promise. Main:
 * the ZIP's name (spec 01 §4.5), and Retry-After only where a knob makes the mock send one.
 * Platform: the 429 headers of spec 03 §7. Cache-Control and Content-Length are CORS-safelisted.
 */
const EXPOSABLE: Record<Host, readonly string[]> = {
  main: ['Content-Disposition', 'Retry-After'],
  legacy: ['Content-Disposition'],
  platform: ['Retry-After', 'ot-period', 'ot-ratelimit-event-id', 'ot-request-made', 'ot-requests-allowed'],
};

const CORS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  'Access-Control-Max-Age': '600',
};

function corsFor(host: Host, response: Response): Record<string, string> {
  const exposed = EXPOSABLE[host].filter((h) => response.headers.has(h));
  return exposed.length ? { ...CORS, 'Access-Control-Expose-Headers': exposed.join(', ') } : CORS;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function serve(handlers: RequestHandler[], base: string, host: Host) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS).end();
        return;
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (v === undefined || k === CLIENT_IP_HEADER) continue;
        for (const x of Array.isArray(v) ? v : [v]) headers.append(k, x);
      }
      // Rate limits are per client IP (spec 01 §8): the socket's address, never a client's claim.
      headers.set(CLIENT_IP_HEADER, req.socket.remoteAddress ?? 'unknown');
      const method = req.method ?? 'GET';
      const body = method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(await readBody(req));
      const request = new Request(base + (req.url ?? '/'), { method, headers, ...(body ? { body } : {}) });
      const response = await getResponse(handlers, request);
      if (!response) {
        res.writeHead(404, { ...CORS, 'Content-Type': 'application/json' }).end(JSON.stringify({ detail: 'Not Found' }));
        return;
      }
      if (response.type === 'error') {
        // 'network' fault: drop the connection.
        req.socket.destroy();
        return;
      }
      const out: Record<string, string> = {};
      response.headers.forEach((v, k) => {
        out[k] = v;
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      delete out['content-length'];
      res
        .writeHead(response.status, { ...out, ...corsFor(host, response), 'Content-Length': String(bytes.byteLength) })
        .end(bytes);
    } catch (e) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res
        .writeHead(500, { ...CORS, 'Content-Type': 'application/json' })
        .end(JSON.stringify({ error: true, status_code: 500, detail: String(e) }));
    }
  };
}

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => resolve(s));
  });
}

const close = (s: Server): Promise<void> =>
  new Promise((resolve) => {
    s.closeAllConnections();
    s.close(() => resolve());
  });

export async function startMockServer(opts: MockServerOptions = {}): Promise<MockServerHandle> {
  const nowMs = opts.now === undefined ? undefined : Date.parse(opts.now);
  if (nowMs !== undefined && Number.isNaN(nowMs)) throw new Error(`now: not an ISO date-time: ${opts.now}`);
  const p = opts.port ?? 0;
  const servers: Server[] = [];
  try {
    for (const i of [0, 1, 2]) servers.push(await listen(p ? p + i : 0));
  } catch (e) {
    await Promise.all(servers.map(close));
    throw e;
  }
  const [main, legacy, platform] = servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`) as [string, string, string];
  setBaselineNow(nowMs ?? null);
  resetMockState();
  const handlers = createHandlers({ apiBaseUrl: main, legacyBaseUrl: legacy, platformBaseUrl: platform, imageBaseUrl: main });
  servers[0]!.on('request', (req, res) => void serve(handlers, main, 'main')(req, res));
  servers[1]!.on('request', (req, res) => void serve(handlers, legacy, 'legacy')(req, res));
  servers[2]!.on('request', (req, res) => void serve(handlers, platform, 'platform')(req, res));
  return {
    apiBaseUrl: main,
    legacyBaseUrl: legacy,
    platformBaseUrl: platform,
    async control(body) {
      const res = await fetch(`${main}/__mock/control`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`mock control ${String(body.action)}: HTTP ${res.status} ${await res.text()}`);
    },
    close: () => Promise.all(servers.map(close)).then(() => undefined),
  };
}
