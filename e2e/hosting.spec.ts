/**
 * What ships for hosting, served as a deployment serves it: Debian's nginx running deploy/nginx.conf
 * over the built dist/, with a certificate made here. Only what a test machine needs is changed:
 * addresses (127.0.0.1 and free ports), the root, the certificate paths and the headers snippet's path.
 * CI installs nginx (.ci/run); without it this test fails there, and elsewhere is skipped saying why.
 */
import { test, expect, request as apiRequest, type APIRequestContext } from '@playwright/test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import * as tls from 'node:tls';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const DIST = resolve(process.env.E2E_DIST ?? 'dist');
const DEPLOY = resolve('deploy');

test.describe.configure({ mode: 'serial' });

/** A port free on 127.0.0.1 a moment ago (nginx cannot report one it picked). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/**
 * deploy/nginx.conf with only a test machine's addresses, paths and certificate swapped in, and its
 * /api-proxy example uncommented, pointed at `upstream` (a local stand-in for the service).
 */
function siteForTest(
  conf: string,
  o: { http: number; https: number; root: string; cert: string; key: string; upstream: string },
) {
  const swaps: Array<[RegExp, string | ((m: string) => string)]> = [
    [/^ {2}# location \/api-proxy\/ \{\n(?: {2}# {3}.*\n)+ {2}# \}$/m, (m) => m.replace(/^ {2}# ?/gm, '  ')],
    [/proxy_pass https:\/\/volcano-data\.example\.org\/;/, `proxy_pass ${o.upstream}/;`],
    [/^\s*listen \[::\]:\d+[^;]*;\n/gm, ''],
    [/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${o.http};`],
    [/^(\s*)listen 443 ssl http2;/m, `$1listen 127.0.0.1:${o.https} ssl http2;`],
    [/^(\s*)root \S+;/m, `$1root ${o.root};`],
    [/^(\s*)ssl_certificate \S+;/m, `$1ssl_certificate ${o.cert};`],
    [/^(\s*)ssl_certificate_key \S+;/m, `$1ssl_certificate_key ${o.key};`],
    [
      /include \/etc\/nginx\/snippets\/volcano-dashboard-security-headers\.conf;/g,
      `include ${DEPLOY}/security-headers.conf;`,
    ],
  ];
  let out = conf;
  for (const [re, to] of swaps) {
    // Spelled twice for replace's two overloads (a string, a function).
    const next = typeof to === 'string' ? out.replace(re, to) : out.replace(re, to);
    if (next === out) throw new Error(`deploy/nginx.conf no longer has what the test swaps: ${re}`);
    out = next;
  }
  return out;
}

let nginx: ChildProcess | null = null;
let dir = '';
let ports = { http: 0, https: 0 };
let tlsOrigin = '';
let api: APIRequestContext;
/** The service behind /api-proxy: answers a page that would set a cookie and run a script. */
let upstream: Server | null = null;
const upstreamHeard: Array<{ url: string; cookie: string | undefined }> = [];

test.beforeAll(async () => {
  if (!existsSync(NGINX)) {
    // Fails in CI, loudly: the hosting example would otherwise go untested.
    if (process.env.CI) throw new Error(`nginx not found at ${NGINX}: CI must install Debian's nginx (.ci/run)`);
    test.skip(true, `nginx not found at ${NGINX} (apt-get install nginx); CI fails here instead of skipping`);
  }
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`no build in ${DIST}: run npm run build first`);
  dir = mkdtempSync(join(tmpdir(), 'hosting-'));
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  ports = { http: await freePort(), https: await freePort() };
  upstream = createServer((req, res) => {
    upstreamHeard.push({ url: req.url ?? '', cookie: req.headers.cookie });
    res.writeHead(200, { 'Content-Type': 'text/html', 'Set-Cookie': 'session=from-the-service; Path=/' });
    res.end('<!doctype html><title>page</title><script>document.title = "ran"; localStorage.ran = "1"</script>');
  });
  await new Promise<void>((r) => upstream!.listen(0, '127.0.0.1', r));
  const site = siteForTest(readFileSync(join(DEPLOY, 'nginx.conf'), 'utf8'), {
    ...ports,
    root: DIST,
    cert,
    key,
    upstream: `http://127.0.0.1:${(upstream.address() as { port: number }).port}`,
  });
  for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, t));
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'worker_processes 1;',
      'events { worker_connections 64; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t === 'body' ? 'client_body' : t}_temp_path ${dir}/${t};`,
      ),
      site,
      '}',
    ].join('\n'),
  );
  nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: 'pipe' });
  let stderr = '';
  nginx.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  tlsOrigin = `https://127.0.0.1:${ports.https}`;
  api = await apiRequest.newContext({ ignoreHTTPSErrors: true });
  await expect
    .poll(
      async () => {
        if (nginx?.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
        return api.get(`${tlsOrigin}/config.json`).then(
          (r) => r.status(),
          () => 0,
        );
      },
      { timeout: 15_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  await api?.dispose();
  if (nginx?.pid) {
    const gone = new Promise((r) => nginx!.once('exit', r));
    nginx.kill('SIGQUIT');
    await gone;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (upstream) await new Promise<void>((r) => upstream!.close(() => r()));
});

/** The TLS version and ALPN protocol nginx agrees to with a client offering h2. */
function handshake(port: number): Promise<{ protocol: string | null; alpn: string | false | null }> {
  return new Promise((res, rej) => {
    const s = tls.connect(
      { host: '127.0.0.1', port, rejectUnauthorized: false, ALPNProtocols: ['h2', 'http/1.1'] },
      () => {
        res({ protocol: s.getProtocol(), alpn: s.alpnProtocol });
        s.end();
      },
    );
    s.on('error', rej);
  });
}

test('nginx serves the build over TLS with HSTS, redirects http, and sends the shipped caching and CSP', async () => {
  expect(await handshake(ports.https)).toEqual({ protocol: expect.stringMatching(/^TLSv1\.[23]$/), alpn: 'h2' });

  const page = await api.get(`${tlsOrigin}/seismic?channels=AV.CLCL..BHZ`);
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html, 'SPA fallback: a view path answers index.html').toContain('<div id="root">');
  const h = page.headers();
  expect(h['strict-transport-security']).toBe('max-age=31536000');
  expect(h['cache-control']).toBe('no-cache');
  const csp = h['content-security-policy']!;
  expect(csp).toContain("default-src 'self'");
  expect(csp).not.toMatch(/localhost|127\.0\.0\.1|\[::1\]|http:/);

  const entry = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeDefined();
  const script = await api.get(`${tlsOrigin}${entry}`);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers()['strict-transport-security']).toBe('max-age=31536000');
  expect(script.headers()['x-frame-options']).toBe('DENY');
  expect((await api.get(`${tlsOrigin}/assets/no-such-file.js`)).status(), 'a missing asset is no page').toBe(404);

  const config = await api.get(`${tlsOrigin}/config.json`);
  expect(config.headers()['cache-control']).toBe('no-cache');
  expect(config.headers()['content-type']).toMatch(/^application\/json/);
  expect(config.headers()['content-security-policy']).toBe(csp);
  expect(
    await config.json(),
    'served as built: no demo, no service (e2e/shell.spec.ts shows its screen)',
  ).toMatchObject({
    mock: false,
    apiBaseUrl: '',
  });

  const plain = await api.get(`http://127.0.0.1:${ports.http}/imagery?site=RKPI`, { maxRedirects: 0 });
  expect(plain.status()).toBe(301);
  expect(plain.headers()['location']).toBe('https://127.0.0.1/imagery?site=RKPI');
  expect(plain.headers()['strict-transport-security'], 'HSTS only over TLS').toBeUndefined();
});

test('a page under the shipped CSP cannot load an image from loopback', async ({ browser }) => {
  let hits = 0;
  const loopback: Server = createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'Content-Type': 'image/gif' });
    res.end(Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAACAkQBADs=', 'base64'));
  });
  await new Promise<void>((r) => loopback.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(loopback.address() as { port: number }).port}/probe.gif`;
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    await page.goto(`${tlsOrigin}/settings`);
    const outcome = await page.evaluate(
      (src) =>
        new Promise<{ loaded: boolean; violated: string | null }>((done) => {
          let violated: string | null = null;
          document.addEventListener('securitypolicyviolation', (e) => (violated = e.violatedDirective));
          const img = new Image();
          // The violation event is queued as a task of its own; let it arrive before answering.
          img.onload = () => setTimeout(() => done({ loaded: true, violated }), 100);
          img.onerror = () => setTimeout(() => done({ loaded: false, violated }), 100);
          img.src = src;
        }),
      url,
    );
    expect(outcome).toEqual({ loaded: false, violated: 'img-src' });
    expect(hits, 'the loopback server was never asked').toBe(0);
  } finally {
    await context.close();
    await new Promise<void>((r) => loopback.close(() => r()));
  }
});

test('the /api-proxy example serves the service’s answers with the security headers, sandboxed, cookie-free', async ({
  browser,
}) => {
  const answer = await api.get(`${tlsOrigin}/api-proxy/api/seismic/sites?x=1`, { headers: { Cookie: 'ours=secret' } });
  expect(answer.status()).toBe(200);
  expect(upstreamHeard.at(-1), 'the prefix goes, the query stays, no cookie of this site').toEqual({
    url: '/api/seismic/sites?x=1',
    cookie: undefined,
  });
  const all = answer.headersArray();
  const named = (n: string) => all.filter((h) => h.name.toLowerCase() === n).map((h) => h.value);
  expect(named('content-security-policy')).toEqual([expect.stringContaining("default-src 'self'"), 'sandbox']);
  expect(named('x-content-type-options')).toEqual(['nosniff']);
  expect(named('x-frame-options')).toEqual(['DENY']);
  expect(named('strict-transport-security')).toEqual(['max-age=31536000']);
  expect(named('set-cookie'), "the service's cookie is not set on this origin").toEqual([]);

  // Opened as a page, the answer has no origin and its script never runs.
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    await page.goto(`${tlsOrigin}/api-proxy/page`);
    await expect(page).toHaveTitle('page');
    expect(await page.evaluate(() => window.origin)).toBe('null');
    const app = await context.newPage();
    await app.goto(`${tlsOrigin}/settings`);
    expect(await app.evaluate(() => localStorage.getItem('ran'))).toBeNull();
    expect(await context.cookies()).toEqual([]);
  } finally {
    await context.close();
  }
});
