import { readBlob, readBounded, readBytes, readErrorText, readText, TooLarge, ERROR_BODY_MAX_BYTES } from './read-body';

const LABEL = '/api/seismic/rsam';

/** A body arriving in `chunks` (sizes in bytes, each filled with 'a'), cancellation recorded. */
function chunked(sizes: number[], headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false };
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (i >= sizes.length) return c.close();
      seen.pulled++;
      c.enqueue(new Uint8Array(sizes[i++]!).fill(97));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { res: new Response(body, { headers }), seen };
}

/** A body that never ends: 64 KB chunks for as long as they are read. */
function endless() {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      seen.pulled++;
      c.enqueue(new Uint8Array(65_536).fill(32));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { res: new Response(body), seen };
}

describe('readBounded', () => {
  it('reads a body of exactly the ceiling', async () => {
    const { res } = chunked([4, 3, 3]);
    const bytes = await readBounded(res, { maxBytes: 10, label: LABEL });
    expect(bytes.byteLength).toBe(10);
  });

  it('refuses one byte over, naming the answer and the ceiling, and cancels the rest', async () => {
    const { res, seen } = chunked([4, 3, 4, 100]);
    const e = await readBounded(res, { maxBytes: 10, label: LABEL }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TooLarge);
    expect((e as Error).message).toBe('the answer of /api/seismic/rsam was larger than 10 bytes: stopped reading');
    expect(seen.cancelled).toBe(true);
    // Stopped at the chunk that went over: the 100 bytes after it were never asked for.
    expect(seen.pulled).toBe(3);
  });

  it('joins many chunks in order', async () => {
    const enc = new TextEncoder();
    const parts = ['{"a":', '[1,2', ',3]}'];
    let i = 0;
    const res = new Response(
      new ReadableStream<Uint8Array>({
        pull: (c) => (i < parts.length ? c.enqueue(enc.encode(parts[i++])) : c.close()),
      }),
    );
    expect(await readText(res, { maxBytes: 100, label: LABEL })).toBe('{"a":[1,2,3]}');
  });

  it('stops an endless body at its ceiling: memory holds the ceiling, not the stream', async () => {
    const { res, seen } = endless();
    await expect(readBytes(res, { maxBytes: 16 * 1024 * 1024, label: LABEL })).rejects.toThrow(
      'the answer of /api/seismic/rsam was larger than 16 MB: stopped reading',
    );
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBe(257);
  });

  it('refuses at once an answer whose Content-Length is over the ceiling, reading none of it', async () => {
    const { res, seen } = chunked([5, 5], { 'Content-Length': '11' });
    await expect(readBounded(res, { maxBytes: 10, label: LABEL })).rejects.toBeInstanceOf(TooLarge);
    expect(seen.pulled).toBe(0);
  });

  it('reads an empty body', async () => {
    expect((await readBounded(new Response(null), { maxBytes: 10, label: LABEL })).byteLength).toBe(0);
  });

  it('keeps the type of a blob', async () => {
    const blob = await readBlob(new Response('xyz', { headers: { 'Content-Type': 'image/png' } }), {
      maxBytes: 10,
      label: LABEL,
    });
    expect(blob.type).toBe('image/png');
    expect(blob.size).toBe(3);
  });
});

describe('readErrorText', () => {
  it('reads an error body within its ceiling', async () => {
    expect(await readErrorText(new Response('{"detail":"bad"}', { status: 400 }))).toBe('{"detail":"bad"}');
  });

  it('says an endless error body was too large instead of reading it', async () => {
    const { res, seen } = endless();
    expect(await readErrorText(res)).toBe(
      `its error body was larger than ${ERROR_BODY_MAX_BYTES / 1024} KB: stopped reading`,
    );
    expect(seen.cancelled).toBe(true);
  });
});
