/**
 * The download service worker (public/download-sw/sw.js) is a classic script, served as it is: its
 * functions are read by running it in a context of its own, with a stand-in `self`.
 */
import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';

type ReadErrorBody = (res: Response) => Promise<string>;

function loadWorker(): { readErrorBody: ReadErrorBody } {
  const context = createContext({
    self: { addEventListener: () => undefined, registration: { scope: 'http://localhost/download-sw/' } },
    TextDecoder,
    Uint8Array,
    ArrayBuffer,
    Promise,
    setTimeout,
    clearTimeout,
  });
  runInContext(readFileSync('public/download-sw/sw.js', 'utf8'), context);
  return context as unknown as { readErrorBody: ReadErrorBody };
}

describe('the download worker reads a refusal body', () => {
  it('at most 64 KB of an endless one, and cancels the rest unread', async () => {
    const { readErrorBody } = loadWorker();
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(new TextEncoder().encode('x'.repeat(10_000)));
      },
      cancel() {
        cancelled = true;
      },
    });
    const body = await readErrorBody(new Response(endless, { status: 500 }));
    expect(body).toHaveLength(65536);
    expect(cancelled).toBe(true);
    // Seven 10 KB chunks hold 64 KB; the stream may have been asked for one more ahead.
    expect(pulled).toBeLessThanOrEqual(9);
  });

  it('whole when short, with its words as sent', async () => {
    const { readErrorBody } = loadWorker();
    expect(await readErrorBody(new Response('{"error":"too many images"}', { status: 413 }))).toBe(
      '{"error":"too many images"}',
    );
    expect(await readErrorBody(new Response(null, { status: 503 }))).toBe('');
  });

  it('gives up on a body that trickles, with what came', async () => {
    vi.useFakeTimers();
    try {
      const { readErrorBody } = loadWorker();
      let cancelled = false;
      const stalled = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode('Service Unavailable'));
        },
        cancel() {
          cancelled = true;
        },
      });
      const read = readErrorBody(new Response(stalled, { status: 503 }));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await read).toBe('Service Unavailable');
      expect(cancelled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
