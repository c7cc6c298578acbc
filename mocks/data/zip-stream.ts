/**
 * A ZIP written as a stream on fflate's `Zip` (stored entries, sizes and CRC in data descriptors),
 * generated as the reader pulls, so a ZIP of a gigabyte never exists in memory: the mock's side of
 * "downloads of any size". ZIP32 only (fflate writes no ZIP64; each entry and the archive stay under
 * 4 GiB), which is all the mock needs.
 *
 * One piece is the mock's own: an entry padded with zeros (the 1 GB test's) is an fflate
 * `ZipInputFile` whose CRC-32 over the zeros is computed without touching each byte. fflate's
 * `ZipPassThrough` would run its CRC over every byte: 2.4 s of CPU per GB, measured, on a machine the
 * browser under test shares.
 */
import { Zip, ZipPassThrough, type ZipInputFile } from 'fflate';

export interface StreamEntry {
  /** Path inside the archive (UTF-8). */
  name: string;
  /** The entry's bytes, made when the reader reaches it. */
  bytes: () => Uint8Array;
  /** When set, the entry is this long: its bytes followed by zeros (JPEG readers stop at EOI). */
  paddedSize?: number;
}

// The layout fflate's `Zip` writes for a stored entry streamed without extra fields or comments.
const LOCAL = 30;
const DESCRIPTOR = 16;
const CENTRAL = 46;
const END = 22;
export const ZIP32_MAX = 0xffff_fffe;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (ISO-HDLC) continued from `crc` (start with 0). */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/*
 * CRC-32 over runs of zeros without touching each byte: over a zero byte the register changes
 * linearly (GF(2)), so n zero bytes are a 32×32 bit matrix, built from squarings of the one-byte
 * matrix (zlib's crc32_combine does the same). Padding a gigabyte then costs microseconds.
 */
const applyMatrix = (m: Uint32Array, v: number): number => {
  let out = 0;
  for (let i = 0; v !== 0; i++, v >>>= 1) if (v & 1) out ^= m[i]!;
  return out >>> 0;
};
const ZERO_POWERS: Uint32Array[] = [];
function zeroPower(k: number): Uint32Array {
  if (ZERO_POWERS.length === 0) {
    const one = new Uint32Array(32);
    for (let i = 0; i < 32; i++) {
      const r = (1 << i) >>> 0;
      one[i] = (CRC_TABLE[r & 0xff]! ^ (r >>> 8)) >>> 0;
    }
    ZERO_POWERS.push(one);
  }
  while (ZERO_POWERS.length <= k) {
    const prev = ZERO_POWERS[ZERO_POWERS.length - 1]!;
    ZERO_POWERS.push(prev.map((col) => applyMatrix(prev, col)));
  }
  return ZERO_POWERS[k]!;
}

/** CRC-32 continued over `n` zero bytes. */
export function crc32Zeros(n: number, crc: number): number {
  let r = ~crc >>> 0;
  for (let k = 0; n > 0; k++, n = Math.floor(n / 2)) if (n % 2 === 1) r = applyMatrix(zeroPower(k), r);
  return ~r >>> 0;
}

const utf8 = new TextEncoder();

/** Exact archive length when every entry has a `paddedSize`; undefined otherwise. */
export function zipStreamLength(entries: readonly StreamEntry[]): number | undefined {
  let n = END;
  for (const e of entries) {
    if (e.paddedSize === undefined) return undefined;
    const name = utf8.encode(e.name).length;
    n += LOCAL + name + e.paddedSize + DESCRIPTOR + CENTRAL + name;
  }
  return n;
}

/** The fixed part of an archive of these names: what padding must leave room for. */
export function zipOverhead(names: readonly string[]): number {
  return names.reduce((s, n) => s + LOCAL + DESCRIPTOR + CENTRAL + 2 * utf8.encode(n).length, END);
}

const CHUNK = 1024 * 1024;
const ZEROS = new Uint8Array(CHUNK);

/**
 * A stored entry of `data` followed by zeros up to `size`, as fflate's `ZipInputFile`: its size and
 * CRC are set before its last chunk, as the interface asks.
 */
class PaddedEntry implements ZipInputFile {
  readonly compression = 0;
  crc = 0;
  size = 0;
  ondata?: ZipInputFile['ondata'];
  constructor(
    readonly filename: string,
    readonly mtime: number,
  ) {}
  push(chunk: Uint8Array<ArrayBuffer>, zeros: boolean, final: boolean): void {
    this.crc = zeros ? crc32Zeros(chunk.length, this.crc) : crc32(chunk, this.crc);
    this.size += chunk.length;
    this.ondata!(null, chunk, final);
  }
}

/** Feeds one entry to the archive, a piece at a time: true while it has more. */
type Feeder = () => boolean;

function feeder(zip: Zip, e: StreamEntry, mtime: number): Feeder {
  // Entries are made fresh, never over shared memory.
  const data = e.bytes() as Uint8Array<ArrayBuffer>;
  const size = Math.max(e.paddedSize ?? data.length, data.length);
  if (e.paddedSize === undefined) {
    const file = new ZipPassThrough(e.name);
    file.mtime = mtime;
    zip.add(file);
    let sent = 0;
    return () => {
      const n = Math.min(CHUNK, data.length - sent);
      file.push(data.subarray(sent, sent + n), sent + n >= data.length);
      sent += n;
      return sent < data.length;
    };
  }
  const file = new PaddedEntry(e.name, mtime);
  zip.add(file);
  let sent = 0;
  return () => {
    const fromData = Math.max(0, Math.min(CHUNK, data.length - sent));
    // Padding shares one read-only block of zeros: a fresh megabyte per chunk made the garbage
    // collector, not the network, the limit (a GB took minutes).
    const n = fromData > 0 ? fromData : Math.min(CHUNK, size - sent);
    const piece = fromData > 0 ? data.subarray(sent, sent + n) : ZEROS.subarray(0, n);
    sent += n;
    file.push(piece, fromData === 0, sent >= size);
    return sent < size;
  };
}

/**
 * Streams the archive. `cutAfterBytes` makes the stream fail after that many bytes, as a connection
 * dropped mid-download would; `stallAfterBytes` makes it send nothing more after that many, as a
 * connection that hangs, until the reader cancels.
 */
export function streamZip(
  entries: readonly StreamEntry[],
  opts: { modified: number; cutAfterBytes?: number | undefined; stallAfterBytes?: number | undefined },
): ReadableStream<Uint8Array> {
  // fflate hands its output over synchronously while an entry is fed; it is collected here.
  const out: Uint8Array[] = [];
  let finished = false;
  const zip = new Zip((err, chunk, final) => {
    if (err) throw err;
    out.push(chunk);
    if (final) finished = true;
  });
  // DOS times start in 1980 (fflate refuses earlier ones); a day's margin for the local zone it uses.
  const mtime = Math.max(opts.modified, Date.UTC(1980, 0, 2));
  let index = 0;
  let feed: Feeder | null = null;
  let cut = false;
  let stalled = false;
  let offset = 0;

  /** The next bytes of the archive; null once it is complete. */
  const nextPiece = (): Uint8Array | null => {
    while (out.length === 0) {
      if (finished) return null;
      if (feed) {
        if (!feed()) feed = null;
      } else if (index < entries.length) feed = feeder(zip, entries[index++]!, mtime);
      else zip.end();
    }
    return out.shift()!;
  };

  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (cut) return controller.error(new Error('mock: connection cut mid-download'));
        // Never settles: the stream asks for nothing more, and cancelling it still works.
        if (stalled) return new Promise<void>(() => undefined);
        const piece = nextPiece();
        if (!piece) return controller.close();
        if (opts.stallAfterBytes !== undefined && offset + piece.length >= opts.stallAfterBytes) {
          const keep = Math.max(0, opts.stallAfterBytes - offset);
          if (keep > 0) controller.enqueue(piece.subarray(0, keep));
          offset += keep;
          stalled = true;
          return;
        }
        if (opts.cutAfterBytes !== undefined && offset + piece.length >= opts.cutAfterBytes) {
          // What was sent so far arrives; the next read fails, as after a dropped connection.
          const keep = opts.cutAfterBytes - offset;
          if (keep <= 0) return controller.error(new Error('mock: connection cut mid-download'));
          controller.enqueue(piece.subarray(0, keep));
          offset += keep;
          cut = true;
          return;
        }
        offset += piece.length;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
}
