/*
 * Download service worker. Saves a ZIP through the browser's download manager by answering the
 * navigation of a hidden frame to a unique URL under this worker's scope. Two ways in:
 *
 * 1. `fetch` (preferred): the worker requests the ZIP itself, reads its first bytes, and tells the
 *    page the status, the headers and whether those bytes are a ZIP signature (with the body of a
 *    refusal). Only a ZIP is ever delivered: the page then has it served to the frame, counted on the
 *    way (progress, the end, a lost connection, all reported to the page).
 * 2. `register` (the StreamSaver pattern): the page hands over a stream it reads itself (demo data,
 *    whose answers come from a worker that only serves the page's own requests).
 *
 * Whatever this worker serves is an attachment with headers of its own: application/octet-stream,
 * `Content-Disposition: attachment`, nosniff and `Content-Security-Policy: sandbox`. None of the
 * service's headers is copied, and its bytes are checked for a ZIP signature before anything is
 * served, so an answer that is really a page can neither render nor run a script in this origin.
 *
 * Memory: the bytes pass through a byte reader into one buffer that is reused for every chunk, so no
 * process grows with the file (measured with e2e/downloads.spec.ts: the renderer +78–85 MB for 1 GB,
 * +103 MB for 3 GB, flat after the first seconds). Taking each chunk as a new buffer grew it by 270 MB
 * per GB, and a clone to peek at the first bytes by 1.2 GB; the browser's native, untouched path is
 * only for the service's own response, with the service's headers.
 *
 * Its scope is /download-sw/ (not /), so it never meets the requests of the app or of the demo mock's
 * worker, which controls / .
 */
/* global self */
'use strict';

/** url → { stream, filename, size } waiting for its navigation. */
const pending = new Map();
/** url → { controller, source, head, port, filename, size } of a ZIP this worker fetched, until delivered. */
const fetched = new Map();

const CHUNK = 256 * 1024;
const MAX_ERROR_BODY = 65536;
/** How long a refusal's body may take to arrive before the page is told with what came. */
const ERROR_BODY_MS = 10000;
const FORGET_MS = 60000;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
  }, FORGET_MS);
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

/**
 * Reads `body` chunk by chunk. With a byte reader, every read fills the same buffer again (handed
 * back and forth, never copied): the caller must be done with a chunk before asking for the next.
 */
function chunksOf(body) {
  let byob = null;
  try {
    byob = body.getReader({ mode: 'byob' });
  } catch {
    /* not a byte stream: plain reads, a new buffer per chunk */
  }
  if (!byob) {
    const plain = body.getReader();
    return { byob: false, read: () => plain.read(), cancel: (r) => plain.cancel(r).catch(() => undefined) };
  }
  let buffer = new ArrayBuffer(CHUNK);
  return {
    byob: true,
    /** Fills the buffer from `offset` on; the chunk returned starts at the buffer's start. */
    async read(offset = 0) {
      const r = await byob.read(new Uint8Array(buffer, offset));
      if (r.value) buffer = r.value.buffer;
      return r.done ? { done: true } : { done: false, value: new Uint8Array(buffer, 0, offset + r.value.byteLength) };
    },
    cancel: (r) => byob.cancel(r).catch(() => undefined),
  };
}

/** A local file header, or the end record of an empty archive: "PK\3\4" or "PK\5\6". */
const isZipStart = (b) =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && ((b[2] === 3 && b[3] === 4) || (b[2] === 5 && b[3] === 6));

/** The first bytes, at least 4 unless the body is shorter: { head, done }. */
async function readHead(chunks) {
  let head = new Uint8Array(0);
  while (head.length < 4) {
    // A byte reader goes on filling its buffer after what it has; plain chunks are joined.
    const r = await chunks.read(head.length);
    if (r.done) return { head, done: true };
    if (chunks.byob || head.length === 0) head = r.value;
    else {
      const joined = new Uint8Array(head.length + r.value.length);
      joined.set(head);
      joined.set(r.value, head.length);
      head = joined;
    }
  }
  return { head, done: false };
}

/**
 * A refusal's body for the page's error, at most MAX_ERROR_BODY bytes and ERROR_BODY_MS: the rest is
 * cancelled unread, so an endless or trickling error page neither fills memory nor holds the dialog.
 */
async function readErrorBody(res) {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const parts = [];
  let size = 0;
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(() => resolve({ done: true, late: true }), ERROR_BODY_MS)));
  try {
    while (size < MAX_ERROR_BODY) {
      const r = await Promise.race([reader.read(), late]);
      if (r.done) break;
      const part = r.value.subarray(0, MAX_ERROR_BODY - size);
      parts.push(part);
      size += part.length;
    }
  } catch {
    /* the status says enough */
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  // A cut may split a character: decoded leniently, the split one shows as a replacement mark.
  return new TextDecoder().decode(bytes);
}

/** What a refused start looked like, for the page's error: the claimed type and the first bytes. */
function describeStart(contentType, head) {
  if (head.length === 0) return `${contentType ? `${contentType.slice(0, 80)}, ` : ''}with an empty body`;
  const shown = Array.from(head.subarray(0, 16), (c) => (c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '.')).join(
    '',
  );
  return `${contentType ? `${contentType.slice(0, 80)}, ` : ''}starting "${shown}"`;
}

/** Requests `data.url`, reports its head to the page, and waits for the page's `deliver` or `abort`. */
async function fetchForPage(data, port) {
  const url = new URL(data.path, self.registration.scope).href;
  const controller = new AbortController();
  const entry = { controller, source: null, head: null, port, filename: null, size: undefined };
  // Aborting the request errors its body, and so a body being served: the browser drops the file.
  const abort = () => {
    fetched.delete(url);
    controller.abort();
  };
  fetched.set(url, entry);
  port.onmessage = (e) => {
    const msg = e.data || {};
    if (msg.type === 'abort') abort();
    else if (msg.type === 'deliver' && entry.source) {
      entry.filename = String(msg.filename || 'download.zip');
      entry.size = Number.isSafeInteger(msg.size) && msg.size > 0 ? msg.size : undefined;
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
  const head = { type: 'head', status: res.status, statusText: res.statusText, headers };
  if (!res.ok) {
    fetched.delete(url);
    port.postMessage({ ...head, body: await readErrorBody(res) });
    return;
  }
  if (!res.body) {
    fetched.delete(url);
    port.postMessage({ ...head, notZip: describeStart(res.headers.get('Content-Type'), new Uint8Array(0)) });
    return;
  }
  const chunks = chunksOf(res.body);
  let first;
  try {
    first = await readHead(chunks);
  } catch (e) {
    fetched.delete(url);
    port.postMessage({ type: 'failed', message: String((e && e.message) || e) });
    return;
  }
  if (!isZipStart(first.head)) {
    fetched.delete(url);
    void chunks.cancel('not a ZIP');
    port.postMessage({ ...head, notZip: describeStart(res.headers.get('Content-Type'), first.head) });
    return;
  }
  entry.source = chunks;
  entry.head = first;
  // Forgotten if the page never has it delivered or opened (a closed tab, a blocked frame).
  setTimeout(() => fetched.get(url) === entry && abort(), FORGET_MS);
  port.postMessage(head);
}

/**
 * The bytes as served: `first` (already read and checked) then the rest of `chunks`, reporting
 * progress, the end or a failure to `report`. Nothing is read ahead of what the download manager asks.
 */
function served(chunks, first, size, report) {
  let bytes = 0;
  let reported = 0;
  let pendingHead = first.head;
  let ended = first.done;
  const fail = (controller, kind, message) => {
    report({ type: 'failed', kind, message });
    controller.error(new Error(message));
  };
  const count = (controller, value) => {
    bytes += value.byteLength;
    if (size !== undefined && bytes > size)
      return fail(controller, 'network', `the download is longer than the ${size} bytes announced`);
    if (bytes - reported >= CHUNK) {
      reported = bytes;
      report({ type: 'progress', bytes });
    }
    controller.enqueue(value);
  };
  return new ReadableStream(
    {
      async pull(controller) {
        if (pendingHead) {
          const h = pendingHead;
          pendingHead = null;
          return count(controller, h);
        }
        let r = { done: true };
        if (!ended) {
          try {
            r = await chunks.read();
          } catch (e) {
            return fail(controller, 'network', String((e && e.message) || e));
          }
        }
        if (r.done) {
          ended = true;
          if (size !== undefined && bytes < size)
            return fail(controller, 'network', `the download ended after ${bytes} of ${size} bytes`);
          report({ type: 'end', bytes });
          return controller.close();
        }
        count(controller, r.value);
      },
      cancel(reason) {
        report({ type: 'failed', kind: 'stopped', message: 'the browser stopped saving the file' });
        return chunks.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** Our own headers for a ZIP saved as `filename`: an attachment that can never become a page. */
function attachmentHeaders(filename, size) {
  const name = String(filename || 'download.zip');
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const headers = new Headers({
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': 'sandbox',
    'Cache-Control': 'no-store',
  });
  if (size) headers.set('Content-Length', String(size));
  return headers;
}

/** A stream the page registered: checked for a ZIP signature here too before anything is served. */
async function registeredResponse(entry) {
  const chunks = chunksOf(entry.stream);
  let first;
  try {
    first = await readHead(chunks);
  } catch {
    return Response.error();
  }
  if (!isZipStart(first.head)) {
    void chunks.cancel('the download is not a ZIP file');
    return Response.error();
  }
  const body = served(chunks, first, entry.size, () => undefined);
  return new Response(body, { status: 200, headers: attachmentHeaders(entry.filename, entry.size) });
}

self.addEventListener('fetch', (event) => {
  const own = fetched.get(event.request.url);
  if (own && own.source && own.filename) {
    fetched.delete(event.request.url);
    const body = served(own.source, own.head, own.size, (msg) => own.port.postMessage(msg));
    const headers = attachmentHeaders(own.filename, own.size);
    return void event.respondWith(new Response(body, { status: 200, headers }));
  }
  const entry = pending.get(event.request.url);
  if (!entry) return;
  pending.delete(event.request.url);
  event.respondWith(registeredResponse(entry));
});
