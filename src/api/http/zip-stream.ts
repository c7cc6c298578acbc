/**
 * ZIP answers as streams: the body is handed on unread, so a ZIP of any size can go straight to disk
 * (a week of one camera is over 1 GB). Nothing here re-requests a ZIP by itself: a failure is
 * reported once and the person decides whether to try again.
 */
import { t } from '@lingui/core/macro';
import { ApiError, isAbortError } from './errors';
import { ENDPOINT_LABELS, type EndpointKey } from '../endpoints';
import { bodyStream } from './read-body';
import { send } from './send';
import { fetchTransport, type Transport } from './transport';

/** A ZIP's answer: its body as the transport that requested it hands it on, its name and size. */
export interface ZipAnswer<B> {
  body: B;
  /** The endpoint's label and the URL asked, for errors raised while the bytes are saved. */
  endpoint: string;
  url: string;
  filename: string;
  /** From `Content-Length` when the service sends it (a streamed ZIP may not). */
  contentLength: number | undefined;
}

/**
 * A ZIP this page requested: its bytes, first chunk included; errors leave it as ApiErrors
 * (network, aborted, malformed).
 */
export type ZipStream = ZipAnswer<ReadableStream<Uint8Array>>;

/**
 * Who requests a ZIP, as a transport made for the endpoint (its label words the errors of a body
 * checked as it streams): this page (`zipInPage`), or the download worker, which hands the body to
 * the browser's downloads itself (src/downloads/zip-via-worker.ts).
 */
export type ZipVia<B> = (label: string) => Transport<B>;

const asStream = fetchTransport(bodyStream);
// A 2xx without a body (a 204) is read as an empty one: not a ZIP.
const noBytes = () => new ReadableStream<Uint8Array>({ start: (c) => c.close() });

/** This page requests the ZIP; its bytes pass through `checkedZipBody` unread. */
export const zipInPage: ZipVia<ReadableStream<Uint8Array>> = (label) => async (url, init, bound) => {
  const got = await asStream(url, init, bound);
  return got.ok ? { ...got, body: checkedZipBody(got.body ?? noBytes(), label, url, init.signal ?? undefined) } : got;
};

/** Name from `Content-Disposition` (RFC 6266), else a fallback. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return safeName(decodeURIComponent(star[1].trim().replace(/^"|"$/g, '')));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return safeName(plain?.[1]?.trim() || fallback);
}

// Never let a server-chosen name carry a path.
const safeName = (name: string) => name.replace(/[\\/]/g, '_');

/**
 * GETs a ZIP within the endpoint's rate budget, without automatic retries, through `via`; its body
 * is handed on as `via` answers it.
 */
export async function openZip<B>(
  endpoint: EndpointKey,
  url: string,
  fallbackName: string,
  signal: AbortSignal | undefined,
  via: ZipVia<B>,
): Promise<ZipAnswer<B>> {
  const label = ENDPOINT_LABELS[endpoint];
  const { body, headers } = await send({ endpoint, url, signal, retry: false, transport: via(label) });
  const length = Number(headers.get('Content-Length'));
  return {
    body,
    endpoint: label,
    url,
    filename: filenameFromDisposition(headers.get('Content-Disposition'), fallbackName),
    contentLength: Number.isFinite(length) && length > 0 ? length : undefined,
  };
}

/**
 * The connection dropped while a ZIP's bytes were arriving (a `network` ApiError): told apart by its
 * class, not by its words, so that the words can be said in the display language. `cause` is the
 * browser's own message, kept as it says it.
 */
export class ZipConnectionLost extends ApiError {
  constructor(endpoint: string, url: string | undefined, cause: string) {
    super({ kind: 'network', endpoint, url, detail: t`the connection was lost during the download (${cause})` });
  }
}

/** A local file header, or the end record of an empty archive: "PK\3\4" or "PK\5\6". */
export const isZipStart = (b: Uint8Array): boolean =>
  b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && ((b[2] === 3 && b[3] === 4) || (b[2] === 5 && b[3] === 6));

/**
 * Passes the bytes through unchanged, after checking that they start with a ZIP signature (nothing
 * is released before) and turning read failures into ApiErrors.
 */
export function checkedZipBody(
  body: ReadableStream<Uint8Array>,
  label: string,
  url: string,
  signal?: AbortSignal,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let head = new Uint8Array(0);
  let checked = false;
  const fail = (e: unknown): ApiError => {
    if (e instanceof ApiError) return e;
    if (signal?.aborted || isAbortError(e))
      return new ApiError({ kind: 'aborted', endpoint: label, url, detail: 'The download was cancelled' });
    return new ZipConnectionLost(label, url, e instanceof Error ? e.message : String(e));
  };
  const notZip = () =>
    new ApiError({ kind: 'malformed', endpoint: label, url, detail: t`the download is not a ZIP file` });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Loops until something is enqueued: a pull that enqueues nothing is not called again.
        for (;;) {
          let r: ReadableStreamReadResult<Uint8Array>;
          try {
            r = await reader.read();
          } catch (e) {
            controller.error(fail(e));
            return;
          }
          if (r.done) {
            if (!checked) {
              if (!isZipStart(head)) return controller.error(notZip());
              controller.enqueue(head);
            }
            controller.close();
            return;
          }
          if (checked) return controller.enqueue(r.value);
          const joined = new Uint8Array(head.length + r.value.length);
          joined.set(head);
          joined.set(r.value, head.length);
          head = joined;
          if (head.length < 4) continue;
          if (!isZipStart(head)) {
            void reader.cancel().catch(() => undefined);
            return controller.error(notZip());
          }
          checked = true;
          controller.enqueue(head);
          return;
        }
      },
      cancel(reason) {
        return reader.cancel(reason).catch(() => undefined);
      },
    },
    // No read-ahead beyond what the consumer asks for: memory stays at one chunk.
    { highWaterMark: 0 },
  );
}

/** A URL no longer than this is accepted by every server and proxy in the path (8 KB minus headroom). */
export const SAFE_URL_LENGTH = 8_000;

/**
 * Splits ids into consecutive groups whose URL (built by `urlFor`) stays within `maxLength`.
 * An id that does not fit even alone gets a group of its own (the service will say what it thinks).
 */
export function splitIdsForUrl(
  ids: readonly string[],
  urlFor: (ids: readonly string[]) => string,
  maxLength = SAFE_URL_LENGTH,
): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  // What one more id adds (its encoded form and the separator), measured on the real URL builder so
  // the encoding is exactly the one sent, without rebuilding a long URL for every id.
  let length = 0;
  for (const id of ids) {
    if (current.length === 0) {
      current = [id];
      length = urlFor(current).length;
      continue;
    }
    const added = urlFor([id, id]).length - urlFor([id]).length;
    if (length + added > maxLength) {
      groups.push(current);
      current = [id];
      length = urlFor(current).length;
    } else {
      current.push(id);
      length += added;
    }
  }
  if (current.length) groups.push(current);
  return groups;
}
