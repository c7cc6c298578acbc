/**
 * Every way a body is read, in one place: the transports (transport.ts, the parse worker's
 * request) read through these, each within a ceiling of bytes (`BodyBound`, set per endpoint in
 * endpoints.ts), so a service that answers without end cannot fill the browser's memory: past the
 * ceiling the reading stops and the request is cancelled.
 */

/** The most of an answer read, and the name of the answer for the refusal. */
export interface BodyBound {
  maxBytes: number;
  /** The endpoint's label, as the refusal names it ("/api/seismic/rsam"). */
  label: string;
}

/** The most of an error answer's body read: its first part is kept (the status says the rest). */
export const ERROR_BODY_MAX_BYTES = 64 * 1024;

/** Bytes as a person reads a ceiling: "16 MB", "64 KB". */
export function formatCeiling(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}

/** An answer longer than its ceiling: not read further. */
export class TooLarge extends Error {
  constructor(
    readonly label: string,
    readonly maxBytes: number,
  ) {
    super(`the answer of ${label} was larger than ${formatCeiling(maxBytes)}: stopped reading`);
    this.name = 'TooLarge';
  }
}

/**
 * The body's first `maxBytes` at most, as it arrives; `whole` false when there was more, which is
 * then cancelled (the connection closes, nothing more is received or kept).
 */
async function readUpTo(res: Response, maxBytes: number): Promise<{ bytes: Uint8Array; whole: boolean }> {
  const declared = Number(res.headers.get('Content-Length') ?? Number.NaN);
  if (declared > maxBytes) {
    void res.body?.cancel().catch(() => undefined);
    return { bytes: new Uint8Array(0), whole: false };
  }
  if (!res.body) return { bytes: new Uint8Array(0), whole: true };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let whole = true;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - total));
      total = maxBytes;
      whole = false;
      void reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  if (chunks.length === 1 && chunks[0]!.byteOffset === 0 && chunks[0]!.byteLength === chunks[0]!.buffer.byteLength)
    return { bytes: chunks[0]!, whole };
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { bytes, whole };
}

/** The whole body, at most `bound.maxBytes`; rejects with TooLarge beyond it. */
export async function readBounded(res: Response, bound: BodyBound): Promise<Uint8Array<ArrayBuffer>> {
  const { bytes, whole } = await readUpTo(res, bound.maxBytes);
  if (!whole) throw new TooLarge(bound.label, bound.maxBytes);
  return bytes as Uint8Array<ArrayBuffer>;
}

// UTF-8 with a byte-order mark dropped, as Response.text() decodes.
const decoder = new TextDecoder();

export const readText = async (res: Response, bound: BodyBound): Promise<string> =>
  decoder.decode(await readBounded(res, bound));

export async function readBytes(res: Response, bound: BodyBound): Promise<ArrayBuffer> {
  const b = await readBounded(res, bound);
  return b.byteLength === b.buffer.byteLength ? b.buffer : b.slice().buffer;
}

export const readBlob = async (res: Response, bound: BodyBound): Promise<Blob> =>
  new Blob([await readBounded(res, bound)], { type: res.headers.get('Content-Type') ?? '' });

/**
 * The body unread, for streaming to disk (ZIPs: a week of one camera is over 1 GB, and no size is
 * documented); it is never held in memory. Null when the answer has none.
 */
export const bodyStream = (res: Response): Promise<ReadableStream<Uint8Array> | null> => Promise.resolve(res.body);

/**
 * An error answer's body as text, its first ERROR_BODY_MAX_BYTES at most: past that the rest is
 * not read, and the text says so instead of the cut-off start (the status is what matters). Null
 * when it cannot be read (send words the status alone).
 */
export async function readErrorText(res: Response): Promise<string | null> {
  try {
    const { bytes, whole } = await readUpTo(res, ERROR_BODY_MAX_BYTES);
    if (!whole) return `its error body was larger than ${formatCeiling(ERROR_BODY_MAX_BYTES)}: stopped reading`;
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}
