/**
 * The page's side of public/download-sw/sw.js: hands a stream to the download worker and opens the
 * worker's URL for it in a hidden frame, so the browser's download manager writes the bytes to disk
 * as they arrive (memory stays flat whatever the size).
 */

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
    const t = setTimeout(() => reject(new Error('the download worker did not answer')), 10_000);
    port.addEventListener('message', function onMsg(e: MessageEvent<{ type?: string }>) {
      if (e.data?.type !== 'registered') return;
      clearTimeout(t);
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
        reject(new Error('the browser stopped saving the file'));
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

async function openAndWait(path: string, done: Promise<void>): Promise<void> {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'download';
  frame.src = `${SCOPE}${path}`;
  document.body.appendChild(frame);
  // Message events keep a worker alive; browsers stop idle ones after about 30 s.
  const keepAlive = setInterval(() => void downloadWorker().then((w) => w?.postMessage({ type: 'ping' })), 10_000);
  try {
    await done;
  } finally {
    clearInterval(keepAlive);
    // Removing the frame at once can cancel the download in some browsers.
    setTimeout(() => frame.remove(), 60_000);
  }
}
