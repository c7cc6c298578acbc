/**
 * One ZIP through the download worker: the worker requests it (within the endpoint's budget, as
 * every request is), and the page decides from its size how the worker hands it to the browser's
 * downloads. Small files are counted on the way (progress, the end, a lost connection, all in the
 * dialog); large or unsized ones go to the download manager untouched, because every way of moving
 * the bytes through a script makes the browser grow by hundreds of MB per GB (measured in
 * e2e/downloads.spec.ts), while the untouched answer does not grow it at all.
 */
import { ApiError } from '../api/http/errors';
import type { Fetcher } from '../api/http/send';
import type { ZipStream } from '../api/http/zip-stream';
import { fetchInWorker, type DeliveryMode, type WorkerFailure, type WorkerFetch } from './download-worker';
import { SaveError } from './save-stream';

/** Files up to this size are counted as they pass; larger ones (or of unknown size) are handed over whole. */
export const COUNTED_LIMIT_BYTES = 256 * 1_048_576;

export interface ViaWorkerResult {
  zip: ZipStream;
  mode: DeliveryMode;
  /** Bytes saved, when counted; the size the service or the estimate gave otherwise. */
  bytes: number | undefined;
}

export function deliveryMode(contentLength: number | undefined, estimateBytes: number | undefined): DeliveryMode {
  const size = contentLength ?? estimateBytes;
  return size !== undefined && size <= COUNTED_LIMIT_BYTES ? 'count' : 'native';
}

export async function zipViaWorker(
  sw: ServiceWorker,
  part: {
    open: (signal: AbortSignal, fetcher?: Fetcher) => Promise<ZipStream>;
    estimateBytes?: number | undefined;
    suggestedName: string;
  },
  signal: AbortSignal,
  onStart: (zip: ZipStream, mode: DeliveryMode) => void,
  onProgress: (bytes: number) => void,
): Promise<ViaWorkerResult> {
  let held: WorkerFetch | null = null;
  const fetcher: Fetcher = async (url, init) => {
    held = await fetchInWorker(sw, url, part.suggestedName, init.signal ?? undefined);
    return held.response;
  };
  const zip = await part.open(signal, fetcher);
  const fetched = held as WorkerFetch | null;
  if (!fetched) throw new ApiError({ kind: 'malformed', endpoint: zip.endpoint, url: zip.url, detail: 'no answer' });
  const mode = deliveryMode(zip.contentLength, part.estimateBytes);
  onStart(zip, mode);
  try {
    const bytes = await fetched.deliver(mode, onProgress, signal);
    return { zip, mode, bytes: bytes ?? zip.contentLength ?? part.estimateBytes };
  } catch (e) {
    throw asZipError(e, zip);
  }
}

function asZipError(e: unknown, zip: ZipStream): unknown {
  const kind = (e as Partial<WorkerFailure> | null)?.kind;
  const message = e instanceof Error ? e.message : String(e);
  if (kind === 'not-zip')
    return new ApiError({ kind: 'malformed', endpoint: zip.endpoint, url: zip.url, detail: message });
  if (kind === 'stopped') return new SaveError('stopped', message);
  if (kind === 'network')
    return new ApiError({
      kind: 'network',
      endpoint: zip.endpoint,
      url: zip.url,
      detail: `the connection was lost during the download (${message})`,
    });
  return e;
}
