/**
 * One ZIP through the download worker: the worker requests it (within the endpoint's budget, as
 * every request is), and the page decides from its size how the worker hands it to the browser's
 * downloads. Small files are counted on the way (progress, the end, a lost connection, all in the
 * dialog); large or unsized ones go to the download manager untouched, because every way of moving
 * the bytes through a script makes the browser grow by hundreds of MB per GB (measured in
 * e2e/downloads.spec.ts), while the untouched answer does not grow it at all.
 */
import { ApiError } from '../api/http/errors';
import type { ZipAnswer, ZipVia } from '../api/http/zip-stream';
import { fetchInWorker, type Deliver, type DeliveryMode, type WorkerFailure } from './download-worker';
import { SaveError } from './save-stream';

/** Files up to this size are counted as they pass; larger ones (or of unknown size) are handed over whole. */
export const COUNTED_LIMIT_BYTES = 256 * 1_048_576;

export interface ViaWorkerResult {
  zip: ZipAnswer<Deliver>;
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
    open: <B>(signal: AbortSignal, via: ZipVia<B>) => Promise<ZipAnswer<B>>;
    estimateBytes?: number | undefined;
    suggestedName: string;
  },
  signal: AbortSignal,
  onStart: (zip: ZipAnswer<Deliver>, mode: DeliveryMode) => void,
  onProgress: (bytes: number) => void,
): Promise<ViaWorkerResult> {
  // The worker makes the request (within the endpoint's budget, through send) and keeps the body.
  const via: ZipVia<Deliver> = () => (url, init) =>
    fetchInWorker(sw, url, part.suggestedName, init.signal ?? undefined);
  const zip = await part.open(signal, via);
  const mode = deliveryMode(zip.contentLength, part.estimateBytes);
  onStart(zip, mode);
  try {
    const bytes = await zip.body(mode, onProgress, signal);
    return { zip, mode, bytes: bytes ?? zip.contentLength ?? part.estimateBytes };
  } catch (e) {
    throw asZipError(e, zip);
  }
}

function asZipError(e: unknown, zip: ZipAnswer<unknown>): unknown {
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
