/** MSW service worker for the demo build (config.json `mock: true`). */
import { setupWorker } from 'msw/browser';
import { createHandlers, type MockBases } from './handlers';
import { setMockNow, setLiveMockTime } from './state';

/** Starts the worker. Without `opts.now` the mock clock follows real time (the demo shows "today"). */
export async function startMockWorker(bases: MockBases, opts: { now?: number | undefined }): Promise<void> {
  if (opts.now !== undefined && Number.isFinite(opts.now)) setMockNow(opts.now);
  else setLiveMockTime();
  await setupWorker(...createHandlers(bases)).start({
    serviceWorker: { url: import.meta.env.BASE_URL + 'mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}
