/**
 * ZIP answers as streams: the body is handed on unread, so a ZIP of any size can go straight to disk
 * (a week of one camera is over 1 GB). Nothing here re-requests a ZIP by itself: a failure is
 * reported once and the person decides whether to try again.
 */
import { ApiError, isAbortError } from './errors';
import { ENDPOINT_LABELS, type EndpointKey } from './endpoints';
import { send, type Fetcher } from './http';

export interface ZipStream {
  /**
   * The ZIP's bytes, first chunk included; errors leave it as ApiErrors (network, aborted, malformed).
   * Null when a `fetcher` that keeps the body made the request (the download worker, which hands the
   * body to the browser's downloads itself).
   */
  body: ReadableStream<Uint8Array> | null;
  /** The endpoint's label and the URL asked, for errors raised while the bytes are saved. */
  endpoint: string;
  url: string;
  filename: string;
  /** From `Content-Length` when the service sends it (a streamed ZIP may not). */
  contentLength: number | undefined;
}

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
 * GETs a ZIP within the endpoint's rate budget, without automatic retries, and returns its body
 * unread (or, with a `fetcher` that keeps bodies, only its name and length).
 */
export async function openZip(
  endpoint: EndpointKey,
  url: string,
  fallbackName: string,
  signal?: AbortSignal,
  fetcher?: Fetcher,
): Promise<ZipStream> {
  const res = await send({ endpoint, url, signal, retry: false, ...(fetcher ? { fetcher } : {}) });
  const label = ENDPOINT_LABELS[endpoint];
  if (!res.body && !fetcher)
    throw new ApiError({ kind: 'malformed', endpoint: label, url, detail: 'the download has no body' });
  const length = Number(res.headers.get('Content-Length'));
  return {
    body: res.body ? checkedZipBody(res.body, label, url, signal) : null,
    endpoint: label,
    url,
    filename: filenameFromDisposition(res.headers.get('Content-Disposition'), fallbackName),
    contentLength: Number.isFinite(length) && length > 0 ? length : undefined,
  };
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
    return new ApiError({
      kind: 'network',
      endpoint: label,
      url,
      detail: `the connection was lost during the download (${e instanceof Error ? e.message : String(e)})`,
    });
  };
  const notZip = () =>
    new ApiError({ kind: 'malformed', endpoint: label, url, detail: 'the download is not a ZIP file' });
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
