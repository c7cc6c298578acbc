/**
 * A fresh parse pool whose worker is the in-thread stand-in (FakeWorker running parse-worker-jobs.ts),
 * provided as src/main.tsx provides the real one.
 */
import { FakeWorker } from './fake-worker';

export async function freshParsePool() {
  vi.resetModules();
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
  (await import('../api/worker/worker-start')).provideParseWorker(() => new Worker('parse-worker.js'));
  return import('../api/worker/pool');
}
