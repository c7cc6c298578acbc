/**
 * A ZIP written as a stream (stored entries, sizes and CRC in data descriptors), generated as the
 * reader pulls, so a ZIP of a gigabyte never exists in memory: the mock's side of "downloads of any
 * size". ZIP32 only (each entry and the archive under 4 GiB), which is all the mock needs.
 */

export interface StreamEntry {
  /** Path inside the archive (UTF-8). */
  name: string;
  /** The entry's bytes, made when the reader reaches it. */
  bytes: () => Uint8Array;
  /** When set, the entry is this long: its bytes followed by zeros (JPEG readers stop at EOI). */
  paddedSize?: number;
}

const LOCAL = 30;
const DESCRIPTOR = 16;
const CENTRAL = 46;
const END = 22;
const FLAGS = 0x0808; // bit 3: sizes in a data descriptor; bit 11: UTF-8 names
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

function dosDateTime(ms: number): { time: number; date: number } {
  const d = new Date(ms);
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

const CHUNK = 1024 * 1024;
const ZEROS = new Uint8Array(CHUNK);

/**
 * Streams the archive. `cutAfterBytes` makes the stream fail after that many bytes, as a connection
 * dropped mid-download would; `stallAfterBytes` makes it send nothing more after that many, as a
 * connection that hangs, until the reader cancels.
 */
export function streamZip(
  entries: readonly StreamEntry[],
  opts: { modified: number; cutAfterBytes?: number | undefined; stallAfterBytes?: number | undefined },
): ReadableStream<Uint8Array> {
  const { time, date } = dosDateTime(opts.modified);
  const central: Uint8Array[] = [];
  let index = 0;
  let cut = false;
  let stalled = false;
  let offset = 0;
  // The entry being written: its bytes, how much of them and of the padding is out, its running CRC.
  let cur: { name: Uint8Array; data: Uint8Array; size: number; sent: number; crc: number; start: number } | null = null;

  const header = (len: number, write: (v: DataView) => void): Uint8Array => {
    const b = new Uint8Array(len);
    write(new DataView(b.buffer));
    return b;
  };

  const nextPiece = (): Uint8Array | null => {
    if (!cur) {
      const e = entries[index];
      if (!e) {
        if (index === entries.length) {
          index++;
          return endOfArchive();
        }
        return null;
      }
      const data = e.bytes();
      const name = utf8.encode(e.name);
      cur = { name, data, size: Math.max(e.paddedSize ?? data.length, data.length), sent: 0, crc: 0, start: offset };
      const h = header(LOCAL + name.length, (v) => {
        v.setUint32(0, 0x04034b50, true);
        v.setUint16(4, 20, true);
        v.setUint16(6, FLAGS, true);
        v.setUint16(8, 0, true); // stored
        v.setUint16(10, time, true);
        v.setUint16(12, date, true);
        v.setUint16(26, name.length, true);
      });
      h.set(name, LOCAL);
      return h;
    }
    if (cur.sent < cur.size) {
      const n = Math.min(CHUNK, cur.size - cur.sent);
      const fromData = Math.max(0, Math.min(n, cur.data.length - cur.sent));
      // Padding shares one read-only block of zeros: a fresh megabyte per chunk made the garbage
      // collector, not the network, the limit (a GB took minutes).
      const piece = fromData === 0 ? ZEROS.subarray(0, n) : new Uint8Array(n);
      if (fromData > 0) {
        piece.set(cur.data.subarray(cur.sent, cur.sent + fromData));
        cur.crc = crc32(piece.subarray(0, fromData), cur.crc);
      }
      if (n > fromData) cur.crc = crc32Zeros(n - fromData, cur.crc);
      cur.sent += n;
      return piece;
    }
    const done = cur;
    cur = null;
    index++;
    central.push(centralRecord(done));
    return header(DESCRIPTOR, (v) => {
      v.setUint32(0, 0x08074b50, true);
      v.setUint32(4, done.crc, true);
      v.setUint32(8, done.size, true);
      v.setUint32(12, done.size, true);
    });
  };

  const centralRecord = (e: { name: Uint8Array; size: number; crc: number; start: number }): Uint8Array => {
    const h = header(CENTRAL + e.name.length, (v) => {
      v.setUint32(0, 0x02014b50, true);
      v.setUint16(4, 20, true);
      v.setUint16(6, 20, true);
      v.setUint16(8, FLAGS, true);
      v.setUint16(10, 0, true);
      v.setUint16(12, time, true);
      v.setUint16(14, date, true);
      v.setUint32(16, e.crc, true);
      v.setUint32(20, e.size, true);
      v.setUint32(24, e.size, true);
      v.setUint16(28, e.name.length, true);
      v.setUint32(42, e.start, true);
    });
    h.set(e.name, CENTRAL);
    return h;
  };

  const endOfArchive = (): Uint8Array => {
    const cdSize = central.reduce((s, c) => s + c.length, 0);
    const out = new Uint8Array(cdSize + END);
    let p = 0;
    for (const c of central) {
      out.set(c, p);
      p += c.length;
    }
    const v = new DataView(out.buffer, cdSize);
    v.setUint32(0, 0x06054b50, true);
    v.setUint16(8, central.length, true);
    v.setUint16(10, central.length, true);
    v.setUint32(12, cdSize, true);
    v.setUint32(16, offset, true);
    return out;
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
