/**
 * The parse worker's construction, and its start from the entry on views that draw RSAM. From
 * `new Worker` to its ready message took 150–180 ms here (a thread, a script fetch, a module
 * evaluation), and a year's first request waits for it: it asks the worker's cache first. Started by
 * the entry, that time passes while the libraries download and evaluate instead of after them.
 * The worker's script is the app's to name (src/main.tsx provides it: src/workers/parse-worker.ts
 * runs this layer's jobs with the chart's drawing preparation), so this layer knows no chart code.
 * This module is in the entry chunk, so it imports nothing.
 */

export interface StartedWorker {
  worker: Worker;
  /** Its ready message has arrived. */
  ready: boolean;
  /** It could not load: the pool decodes in its own thread instead. */
  failed: boolean;
}

let make: (() => Worker) | null = null;
let early: StartedWorker | null = null;

/** How a parse worker is made; until one is provided, bodies are decoded in this thread. */
export function provideParseWorker(factory: () => Worker): void {
  make = factory;
}

/** A new parse worker; null when none is provided, and throws where the browser refuses one. */
export const createParseWorker = (): Worker | null => make && make();

/** Starts one parse worker for the pool to adopt; nothing where workers do not run. */
export function startParseWorkerEarly(): void {
  if (early || !make || typeof Worker === 'undefined') return;
  let worker: Worker;
  try {
    worker = make();
  } catch {
    return; // the pool meets the same refusal and decodes in its thread
  }
  const started: StartedWorker = { worker, ready: false, failed: false };
  // Sent no job yet, it can say only that it is ready (src/workers/parse-worker.ts), or fail to load.
  worker.onmessage = () => {
    started.ready = true;
  };
  worker.onerror = (e) => {
    e.preventDefault();
    started.failed = true;
  };
  early = started;
}

/** The early worker, once: the pool's first slot takes it over, handlers and all. */
export function takeEarlyWorker(): StartedWorker | null {
  const s = early;
  early = null;
  return s;
}
