/*
 * Download service worker (the StreamSaver pattern, written for this app). The page hands it a
 * ReadableStream of a ZIP and opens a unique URL under this worker's scope; the worker answers that
 * navigation with the stream as an attachment, so the browser's download manager writes it to disk
 * as it arrives and the page never holds the file in memory.
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

self.addEventListener('message', (event) => {
  const data = event.data || {};
  const port = event.ports && event.ports[0];
  if (data.type === 'ping') return; // keeps the worker alive during a long download
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

self.addEventListener('fetch', (event) => {
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
