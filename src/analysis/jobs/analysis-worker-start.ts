/**
 * How the analysis worker is made: src/main.tsx provides it (src/workers/analysis-worker.ts), as
 * it does the parse worker, so this layer names no worker script. In the entry chunk: imports nothing.
 */
let make: (() => Worker) | null = null;

/** How an analysis worker is made; until one is provided, analyses run in this thread. */
export function provideAnalysisWorker(factory: () => Worker): void {
  make = factory;
}

/** A new analysis worker; null when none is provided, and throws where the browser refuses one. */
export const createAnalysisWorker = (): Worker | null => make && make();
