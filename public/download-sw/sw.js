/*
 * Download service worker. Two ways to save a ZIP through the browser's download manager, each
 * answering a navigation to a unique URL under this worker's scope:
 *
 * 1. `fetch` (preferred): the worker requests the ZIP itself and tells the page its status and
 *    headers (and the error body of a refusal). The page then has it `deliver` the answer:
 *    - `native`: the service's response is handed to the download manager untouched. No script
 *      touches the bytes, so no process grows with the file (measured: +8 MB for 1 GB, where any
 *      path that moves the bytes through a ReadableStream grew a renderer by 200–470 MB per GB).
 *      The page cannot see the bytes go by: the browser's download list shows the progress.
 *    - `count`: the bytes pass through a counting stream here, which reports progress, the end, or a
 *      lost connection to the page. Used for files small enough that the churn stays small.
 * 2. `register` (the StreamSaver pattern): the page hands over a ReadableStream it already reads,
 *    for answers the page must see first (a file picker was refused, a browser without 1).
 *
 * Its scope is /download-sw/ (not /), so it never meets the requests of the app or of the demo mock's
 * worker, which controls / .
 */
/* global self */
'use strict';

/** url → { stream, filename, size } waiting for its navigation. */
const pending = new Map();

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** path → { controller, response, port } of a ZIP this worker fetched, until it is delivered. */
const fetched = new Map();

self.addEventListener('message', (event) => {
  const data = event.data || {};
  const port = event.ports && event.ports[0];
  if (data.type === 'ping') return; // keeps the worker alive during a long download
  if (data.type === 'fetch' && port) return void fetchForPage(data, port);
  if (data.type !== 'register') return;
  let stream = data.stream;
  if (!stream && port) stream = streamFromPort(port);
  if (!stream) return;
  const url = new URL(data.path, self.registration.scope).href;
  pending.set(url, { stream, filename: data.filename, size: data.size });
  // Forgotten if the page never opens it (a blocked iframe, a closed tab).
  setTimeout(() => {
    const entry = pending.get(url);
    if (entry) {
      pending.delete(url);
      entry.stream.cancel('not opened').catch(() => undefined);
    }
  }, 60000);
  if (port) port.postMessage({ type: 'registered' });
});

/**
 * Browsers that cannot transfer a ReadableStream send the chunks over a MessageChannel instead: the
 * worker asks for one chunk at a time, so at most one is ever in flight.
 */
function streamFromPort(port) {
  let waiting = null;
  port.onmessage = (e) => {
    const w = waiting;
    waiting = null;
    if (w) w(e.data);
  };
  return new ReadableStream(
    {
      pull(controller) {
        return new Promise((resolve) => {
          waiting = (msg) => {
            if (msg.type === 'chunk') controller.enqueue(msg.chunk);
            else if (msg.type === 'end') controller.close();
            else controller.error(new Error(msg.reason || 'aborted'));
            resolve();
          };
          port.postMessage({ type: 'pull' });
        });
      },
      cancel() {
        port.postMessage({ type: 'cancel' });
      },
    },
    { highWaterMark: 0 },
  );
}

const MAX_ERROR_BODY = 65536;

/** Requests `data.url`, reports its head to the page, and waits for the page's `deliver` or `abort`. */
async function fetchForPage(data, port) {
  const url = new URL(data.path, self.registration.scope).href;
  const controller = new AbortController();
  const entry = { controller, response: null, port, mode: null };
  fetched.set(url, entry);
  port.onmessage = (e) => {
    const msg = e.data || {};
    if (msg.type === 'abort') {
      fetched.delete(url);
      controller.abort();
    } else if (msg.type === 'deliver') {
      entry.mode = msg.mode === 'count' ? 'count' : 'native';
      // Forgotten if the page never opens it (a blocked frame, a closed tab).
      setTimeout(() => {
        if (fetched.get(url) === entry) {
          fetched.delete(url);
          controller.abort();
        }
      }, 60000);
      port.postMessage({ type: 'ready' });
    }
  };
  let res;
  try {
    res = await fetch(data.url, { signal: controller.signal, credentials: 'omit' });
  } catch (e) {
    fetched.delete(url);
    port.postMessage({ type: 'failed', message: String((e && e.message) || e) });
    return;
  }
  const headers = [];
  res.headers.forEach((v, k) => headers.push([k, v]));
  if (!res.ok) {
    fetched.delete(url);
    let body = '';
    try {
      body = (await res.text()).slice(0, MAX_ERROR_BODY);
    } catch {
      /* the status says enough */
    }
    port.postMessage({ type: 'head', status: res.status, statusText: res.statusText, headers, body });
    return;
  }
  entry.response = res;
  port.postMessage({ type: 'head', status: res.status, statusText: res.statusText, headers });
}

/** The service's body through a stream that reports progress, the end, or a failure to the page. */
function counted(entry) {
  const port = entry.port;
  const reader = entry.response.body.getReader();
  let bytes = 0;
  let reported = 0;
  let checked = false;
  const fail = (controller, kind, message) => {
    port.postMessage({ type: 'failed', kind, message });
    controller.error(new Error(message));
  };
  return new ReadableStream(
    {
      async pull(controller) {
        let r;
        try {
          r = await reader.read();
        } catch (e) {
          return fail(controller, 'network', String((e && e.message) || e));
        }
        if (r.done) {
          if (!checked) return fail(controller, 'not-zip', 'the download is not a ZIP file');
          port.postMessage({ type: 'end', bytes });
          return controller.close();
        }
        // "PK" (a local file header, or the end record of an empty archive), whatever the status said.
        if (!checked && r.value.byteLength >= 2) {
          checked = true;
          if (r.value[0] !== 0x50 || r.value[1] !== 0x4b) {
            void reader.cancel().catch(() => undefined);
            return fail(controller, 'not-zip', 'the download is not a ZIP file');
          }
        }
        bytes += r.value.byteLength;
        if (bytes - reported >= 262144) {
          reported = bytes;
          port.postMessage({ type: 'progress', bytes });
        }
        controller.enqueue(r.value);
      },
      cancel(reason) {
        port.postMessage({ type: 'failed', kind: 'stopped', message: 'the browser stopped saving the file' });
        return reader.cancel(reason).catch(() => undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

self.addEventListener('fetch', (event) => {
  const own = fetched.get(event.request.url);
  if (own && own.response && own.mode) {
    fetched.delete(event.request.url);
    if (own.mode === 'native') return void event.respondWith(own.response);
    const body = counted(own);
    return void event.respondWith(new Response(body, { status: 200, headers: own.response.headers }));
  }
  const entry = pending.get(event.request.url);
  if (!entry) return;
  pending.delete(event.request.url);
  const name = String(entry.filename || 'download.zip');
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const headers = new Headers({
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  if (entry.size) headers.set('Content-Length', String(entry.size));
  event.respondWith(new Response(entry.stream, { headers }));
});
