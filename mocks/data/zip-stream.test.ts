import { crc32 as nodeCrc32 } from 'node:zlib';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32, streamZip, zipOverhead, zipStreamLength, type StreamEntry } from './zip-stream';

async function readAll(s: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  const r = s.getReader();
  for (;;) {
    const x = await r.read();
    if (x.done) break;
    parts.push(x.value);
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);

describe('streamZip', () => {
  it('writes an archive a ZIP reader opens, entries intact, CRCs as zlib computes them', async () => {
    const a = bytes(1000, 1);
    const b = bytes(70_000, 2);
    const zip = await readAll(
      streamZip(
        [
          { name: 'root/infrared/311240/CLNE/a.jpg', bytes: () => a },
          { name: 'root/infrared/311240/CLNE/b.jpg', bytes: () => b },
        ],
        { modified: Date.UTC(2025, 2, 10) },
      ),
    );
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(['root/infrared/311240/CLNE/a.jpg', 'root/infrared/311240/CLNE/b.jpg']);
    expect(files['root/infrared/311240/CLNE/b.jpg']).toEqual(b);
    expect(crc32(b)).toBe(nodeCrc32(b));
    expect(crc32(b.subarray(5000), crc32(b.subarray(0, 5000)))).toBe(nodeCrc32(b));
  });

  it('pads entries to a size given up front, and says the exact length', async () => {
    const names = ['x/1.jpg', 'x/2.jpg', 'x/3.jpg'];
    const entries: StreamEntry[] = names.map((name, i) => ({
      name,
      bytes: () => bytes(100 + i, i),
      paddedSize: 300_000,
    }));
    const zip = await readAll(streamZip(entries, { modified: 0 }));
    expect(zip.length).toBe(zipStreamLength(entries));
    expect(zip.length).toBe(zipOverhead(names) + 3 * 300_000);
    const files = unzipSync(zip);
    expect(files['x/2.jpg']!.length).toBe(300_000);
    expect(files['x/2.jpg']!.subarray(0, 101)).toEqual(bytes(101, 1));
    expect(files['x/2.jpg']![200_000]).toBe(0);
    expect(zipStreamLength([{ name: 'a', bytes: () => new Uint8Array(1) }])).toBeUndefined();
  });

  it('records CRCs a checking reader accepts, for padded entries and entries fed in several pieces', async () => {
    const big = bytes(2_500_000, 7);
    const entries: StreamEntry[] = [
      { name: 'p/padded.jpg', bytes: () => bytes(500, 4), paddedSize: 3_000_000 },
      { name: 'p/big.jpg', bytes: () => big },
    ];
    const zip = await readAll(streamZip(entries, { modified: Date.UTC(2025, 2, 10) }));
    const files = unzipSync(zip);
    // The CRC each central-directory record states, against zlib's over the bytes read back.
    const v = new DataView(zip.buffer, zip.byteOffset);
    const count = v.getUint16(zip.length - 22 + 10, true);
    let p = v.getUint32(zip.length - 22 + 16, true);
    for (let i = 0; i < count; i++) {
      const n = v.getUint16(p + 28, true);
      const name = new TextDecoder().decode(zip.subarray(p + 46, p + 46 + n));
      expect(v.getUint32(p + 16, true), name).toBe(nodeCrc32(files[name]!));
      p += 46 + n + v.getUint16(p + 30, true) + v.getUint16(p + 32, true);
    }
    expect(Buffer.compare(files['p/big.jpg']!, big)).toBe(0);
    expect(files['p/padded.jpg']!.length).toBe(3_000_000);
  });

  it('breaks off after the given bytes, as a dropped connection', async () => {
    const s = streamZip([{ name: 'a', bytes: () => bytes(10, 0), paddedSize: 1_000_000 }], {
      modified: 0,
      cutAfterBytes: 500_000,
    });
    const r = s.getReader();
    let got = 0;
    await expect(
      (async () => {
        for (;;) {
          const x = await r.read();
          if (x.done) return;
          got += x.value.length;
        }
      })(),
    ).rejects.toThrow(/cut/);
    expect(got).toBe(500_000);
  });

  it('hangs after the given bytes, as a stalled connection, until the reader cancels', async () => {
    const s = streamZip([{ name: 'a', bytes: () => bytes(10, 0), paddedSize: 5_000_000 }], {
      modified: 0,
      stallAfterBytes: 2_500_000,
    });
    const r = s.getReader();
    let got = 0;
    let last: Promise<ReadableStreamReadResult<Uint8Array>>;
    for (;;) {
      last = r.read();
      const x = await Promise.race([last, new Promise<'waiting'>((res) => setTimeout(() => res('waiting'), 50))]);
      if (x === 'waiting') break;
      if (x.done) throw new Error('the stream ended instead of stalling');
      got += x.value.length;
    }
    expect(got).toBe(2_500_000);
    await r.cancel();
    await expect(last).resolves.toEqual({ done: true, value: undefined });
  });
});

describe('crc32Zeros', () => {
  it('equals the CRC of that many zero bytes, from any starting CRC', async () => {
    const { crc32Zeros } = await import('./zip-stream');
    for (const n of [0, 1, 7, 256, 70_001, 1_048_576]) {
      const z = new Uint8Array(n);
      expect(crc32Zeros(n, 0)).toBe(nodeCrc32(z));
      const start = nodeCrc32(bytes(33, 3));
      expect(crc32Zeros(n, start)).toBe(nodeCrc32(z, start));
    }
  });
});
