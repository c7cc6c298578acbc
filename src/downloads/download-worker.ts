/**
 * The page's side of public/download-sw/sw.js. Either the worker requests the ZIP itself
 * (`fetchInWorker`: the page sees the status, the headers and whether the body starts like a ZIP,
 * then has it served to the browser's downloads, counted), or the page hands it a stream it reads
 * itself (`saveThroughWorker`). Both open the worker's URL in a hidden frame so the download manager
 * writes the bytes to disk as they arrive, under headers of the worker's own.
 */

import { t } from '@lingui/core/macro';
import type { TransportAnswer } from '../api/http/transport';

const SCOPE = `${import.meta.env.BASE_URL}download-sw/`;
let worker: Promise<ServiceWorker | null> | null = null;

/** Whether this browser can stream a download to disk through a service worker at all. */
export function canStreamToDisk(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext;
}

/** The active download worker, registered on first use; null when the browser refuses it. */
export function downloadWorker(): Promise<ServiceWorker | null> {
  if (!canStreamToDisk()) return Promise.resolve(null);
  worker ??= register().catch(() => null);
  return worker;
}

async function register(): Promise<ServiceWorker | null> {
  const reg = await navigator.serviceWorker.register(`${SCOPE}sw.js`, { scope: SCOPE });
  const sw = reg.active ?? reg.waiting ?? reg.installing;
  if (!sw) return null;
  if (sw.state === 'activated') return sw;
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(null), 10_000);
    sw.addEventListener('statechange', () => {
      if (sw.state === 'activated') {
        clearTimeout(t);
        resolve(sw);
      } else if (sw.state === 'redundant') {
        clearTimeout(t);
        resolve(null);
      }
    });
  });
}

function registered(port: MessagePort): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(t`the download worker did not answer`)), 10_000);
    port.addEventListener('message', function onMsg(e: MessageEvent<{ type?: string }>) {
      if (e.data?.type !== 'registered') return;
      clearTimeout(timer);
      port.removeEventListener('message', onMsg);
      resolve();
    });
    port.start();
  });
}

/** Answers the worker's requests for chunks, one at a time (browsers that cannot transfer streams). */
function serveOverPort(port: MessagePort, stream: ReadableStream<Uint8Array>): Promise<void> {
  const reader = stream.getReader();
  return new Promise((resolve, reject) => {
    port.addEventListener('message', (e: MessageEvent<{ type?: string }>) => {
      if (e.data?.type === 'cancel') {
        void reader.cancel();
        reject(new Error(t`the browser stopped saving the file`));
      }
      if (e.data?.type !== 'pull') return;
      reader.read().then(
        (r) => {
          if (r.done) {
            port.postMessage({ type: 'end' });
            resolve();
          } else port.postMessage({ type: 'chunk', chunk: r.value });
        },
        (err: unknown) => {
          port.postMessage({ type: 'error', reason: String(err) });
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  });
}

/**
 * Saves `stream` as `filename` through the download worker. Resolves when every byte has been handed
 * to the browser; an abort (or a failing stream) fails the browser's download, which discards the
 * partial file.
 */
export async function saveThroughWorker(
  sw: ServiceWorker,
  stream: ReadableStream<Uint8Array>,
  file: { filename: string; size: number | undefined },
  signal: AbortSignal,
): Promise<void> {
  const path = `${crypto.randomUUID()}/${encodeURIComponent(file.filename)}`;
  const channel = new MessageChannel();
  const ready = registered(channel.port1);
  // The worker reads from `pass.readable`; piping into it lets an abort here reach the download.
  const pass = new TransformStream<Uint8Array, Uint8Array>();
  let done: Promise<void>;
  const msg = { type: 'register', path, filename: file.filename, size: file.size };
  try {
    sw.postMessage({ ...msg, stream: pass.readable }, [channel.port2, pass.readable]);
    done = stream.pipeTo(pass.writable, { signal });
  } catch {
    // No transferable streams: chunks over the channel instead.
    const fallback = new MessageChannel();
    const ready2 = registered(fallback.port1);
    sw.postMessage(msg, [fallback.port2]);
    await ready2;
    done = serveOverPort(fallback.port1, stream.pipeThrough(new TransformStream(), { signal }));
    return openAndWait(path, done);
  }
  await ready;
  return openAndWait(path, done);
}

/**
 * Opens the worker's URL in a hidden frame: the navigation the worker answers with the file. The
 * frame is sandboxed without scripts, so even an answer that did render could run nothing.
 */
function openFrame(path: string): void {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'download';
  frame.setAttribute('sandbox', 'allow-downloads allow-same-origin');
  frame.src = `${SCOPE}${path}`;
  document.body.appendChild(frame);
  // Removing the frame at once can cancel the download in some browsers.
  setTimeout(() => frame.remove(), 60_000);
}

/** Message events keep a worker alive; browsers stop idle ones after about 30 s. */
function keepWorkerAlive(): () => void {
  const timer = setInterval(() => void downloadWorker().then((w) => w?.postMessage({ type: 'ping' })), 10_000);
  return () => clearInterval(timer);
}

async function openAndWait(path: string, done: Promise<void>): Promise<void> {
  openFrame(path);
  const stop = keepWorkerAlive();
  try {
    await done;
  } finally {
    stop();
  }
}

export interface WorkerFailure extends Error {
  kind: 'network' | 'stopped';
}

/** A 2xx ZIP the download worker holds: whether it starts like one, and how to save it. */
export interface WorkerZip {
  /**
   * Set when the answer does not start with a ZIP signature: what it started with. The worker has
   * dropped it; nothing can be delivered.
   */
  notZip: string | undefined;
  /**
   * Has the worker serve the ZIP to the browser's downloads as `filename` (with our own headers),
   * counting the bytes; resolves with the byte count once the last byte was saved.
   */
  deliver(
    file: { filename: string; size: number | undefined },
    onProgress: (bytes: number) => void,
    signal: AbortSignal,
  ): Promise<number>;
}

const workerFailure = (kind: WorkerFailure['kind'], message: string): WorkerFailure =>
  Object.assign(new Error(message), { kind });

const abortError = () => new DOMException('The download was cancelled', 'AbortError');

/**
 * Has the download worker request `url` (a GET, without credentials), as a transport answers
 * (src/api/http/transport.ts): the status and headers, with the body's text for a refusal and, for
 * a 2xx, the ZIP the worker holds. Rejects with a TypeError when no answer came (as `fetch` does)
 * or an AbortError.
 */
export function fetchInWorker(
  sw: ServiceWorker,
  url: string,
  fallbackName: string,
  signal?: AbortSignal,
): Promise<TransportAnswer<WorkerZip>> {
  const path = `${crypto.randomUUID()}/${encodeURIComponent(fallbackName)}`;
  const { port1: port, port2 } = new MessageChannel();
  let onMessage: (msg: WorkerMessage) => void = () => {};
  port.onmessage = (e: MessageEvent<WorkerMessage>) => onMessage(e.data ?? {});
  const abort = () => port.postMessage({ type: 'abort' });
  return new Promise<TransportAnswer<WorkerZip>>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const onAbort = () => {
      abort();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    onMessage = (msg) => {
      signal?.removeEventListener('abort', onAbort);
      if (msg.type === 'failed') return reject(new TypeError(msg.message ?? t`no answer`));
      if (msg.type !== 'head') return;
      const headers = new Headers(msg.headers ?? []);
      const status = msg.status ?? 502;
      if (status < 200 || status >= 300) return resolve({ ok: false, status, headers, text: msg.body ?? '' });
      resolve({
        ok: true,
        status,
        headers,
        body: {
          notZip: msg.notZip,
          deliver: (file, onProgress, s) => deliver(path, port, file, onProgress, s, (f) => (onMessage = f)),
        },
      });
    };
    sw.postMessage({ type: 'fetch', path, url }, [port2]);
  });
}

interface WorkerMessage {
  type?: 'head' | 'ready' | 'progress' | 'end' | 'failed';
  status?: number;
  headers?: [string, string][];
  body?: string;
  notZip?: string;
  bytes?: number;
  kind?: WorkerFailure['kind'];
  message?: string;
}

function deliver(
  path: string,
  port: MessagePort,
  file: { filename: string; size: number | undefined },
  onProgress: (bytes: number) => void,
  signal: AbortSignal,
  listen: (f: (msg: WorkerMessage) => void) => void,
): Promise<number> {
  const done = new Promise<number>((resolve, reject) => {
    if (signal.aborted) {
      port.postMessage({ type: 'abort' });
      return reject(abortError());
    }
    const onAbort = () => {
      port.postMessage({ type: 'abort' });
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);
    listen((msg) => {
      if (msg.type === 'ready') openFrame(path);
      else if (msg.type === 'progress') onProgress(msg.bytes ?? 0);
      else if (msg.type === 'end') {
        settle();
        onProgress(msg.bytes ?? 0);
        resolve(msg.bytes ?? 0);
      } else if (msg.type === 'failed') {
        settle();
        reject(workerFailure(msg.kind ?? 'network', msg.message ?? t`the download broke off`));
      }
    });
    port.postMessage({ type: 'deliver', filename: file.filename, size: file.size });
  });
  const stop = keepWorkerAlive();
  return done.finally(stop);
}
