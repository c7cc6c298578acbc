/**
 * Stand-alone mock of the three hosts on 127.0.0.1, for running the built app or e2e against real
 * HTTP:  npx tsx mocks/server.ts [--port 8787] [--now 2025-03-10T12:00:00Z]   (npm run mock:server)
 *   main service  http://127.0.0.1:N     (also serves the image files: imageBaseUrl = main base)
 *   legacy        http://127.0.0.1:N+1
 *   platform      http://127.0.0.1:N+2
 * Without --now the mock clock follows real time.
 *
 * Misbehaviour on demand (control endpoint, never faulted or rate limited):
 *   curl -X POST localhost:8787/__mock/control -H 'Content-Type: application/json' \
 *        -d '{"action":"fault","fault":{"match":"/api/seismic/rsam","kind":"status","status":503,"times":2}}'
 *   curl ... -d '{"action":"fault","fault":{"match":"/api/imagery/q","kind":"slow","delayMs":5000}}'
 *   curl ... -d '{"action":"fault","fault":{"match":"/event-types","kind":"rate-limit"}}'
 *   curl ... -d '{"action":"clearFaults"}'
 *   curl ... -d '{"action":"rateLimits","enabled":true,"scale":0.1}'     # 10 rsam requests a minute
 *   curl ... -d '{"action":"now","now":"2025-03-10T12:00:00Z"}'
 *   curl ... -d '{"action":"reset"}'
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getResponse } from 'msw';
import { createHandlers } from './handlers';
import { setMockNow, setLiveMockTime } from './state';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const port = Number(arg('port') ?? 8787);
const nowArg = arg('now');
if (nowArg) {
  const t = Date.parse(nowArg);
  if (Number.isNaN(t)) throw new Error(`--now: not an ISO date-time: ${nowArg}`);
  setMockNow(t);
} else setLiveMockTime();

const host = '127.0.0.1';
const bases = {
  apiBaseUrl: `http://${host}:${port}`,
  legacyBaseUrl: `http://${host}:${port + 1}`,
  platformBaseUrl: `http://${host}:${port + 2}`,
  imageBaseUrl: `http://${host}:${port}`,
};
const handlers = createHandlers(bases);

const CORS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  'Access-Control-Expose-Headers':
    'Content-Disposition, Retry-After, Cache-Control, ot-period, ot-ratelimit-event-id, ot-request-made, ot-requests-allowed',
  'Access-Control-Max-Age': '600',
};

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const drained = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

/**
 * Streams the body with backpressure, so a ZIP of a gigabyte passes through without being held in
 * memory. A body that fails mid-way (a mock "connection cut") drops the socket, as a real server's
 * crash would; a client that goes away cancels the generator.
 */
async function sendBody(response: Response, headers: Record<string, string>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!response.body) {
    res.writeHead(response.status, { ...headers, 'Content-Length': '0' }).end();
    return;
  }
  res.writeHead(response.status, headers);
  const reader = response.body.getReader();
  const gone = () => void reader.cancel().catch(() => undefined);
  res.once('close', gone);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await drained(res);
      if (res.destroyed) return;
    }
    res.end();
  } catch {
    req.socket.destroy();
  } finally {
    res.off('close', gone);
  }
}

function serve(base: string) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS).end();
        return;
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (v === undefined) continue;
        for (const x of Array.isArray(v) ? v : [v]) headers.append(k, x);
      }
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
      const out: Record<string, string> = { ...CORS };
      response.headers.forEach((v, k) => {
        out[k] = v;
      });
      await sendBody(response, out, req, res);
    } catch (e) {
      res.writeHead(500, { ...CORS, 'Content-Type': 'application/json' }).end(JSON.stringify({ error: true, status_code: 500, detail: String(e) }));
    }
  };
}

const listen = (p: number, base: string) =>
  new Promise<void>((resolve, reject) => {
    const s = createServer((req, res) => void serve(base)(req, res));
    s.once('error', reject);
    s.listen(p, host, () => resolve());
  });

await Promise.all([listen(port, bases.apiBaseUrl), listen(port + 1, bases.legacyBaseUrl), listen(port + 2, bases.platformBaseUrl)]);
console.log(`Mock service ready (${nowArg ? `now = ${nowArg}` : 'live time'})`);
console.log(`  apiBaseUrl       ${bases.apiBaseUrl}   (images too)`);
console.log(`  legacyBaseUrl    ${bases.legacyBaseUrl}`);
console.log(`  platformBaseUrl  ${bases.platformBaseUrl}`);
