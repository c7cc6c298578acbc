/**
 * One ZIP through the download worker: the worker requests it (within the endpoint's budget, as
 * every request is), checks that it starts like a ZIP, and serves it to the browser's downloads
 * under headers of its own, counting the bytes (progress, the end, a lost connection, all in the
 * dialog). A body that is not a ZIP is an error here and nothing is saved.
 */
import { t } from '@lingui/core/macro';
import { ApiError } from '../api/http/errors';
import { ZipConnectionLost, type ZipAnswer, type ZipVia } from '../api/http/zip-stream';
import { fetchInWorker, type WorkerFailure, type WorkerZip } from './download-worker';
import { SaveError } from './save-stream';

export interface ViaWorkerResult {
  zip: ZipAnswer<WorkerZip>;
  /** Bytes saved. */
  bytes: number;
}

export async function zipViaWorker(
  sw: ServiceWorker,
  part: {
    open: <B>(signal: AbortSignal, via: ZipVia<B>) => Promise<ZipAnswer<B>>;
    suggestedName: string;
  },
  filename: (zip: ZipAnswer<WorkerZip>) => string,
  signal: AbortSignal,
  onStart: (zip: ZipAnswer<WorkerZip>) => void,
  onProgress: (bytes: number) => void,
): Promise<ViaWorkerResult> {
  // The worker makes the request (within the endpoint's budget, through send) and keeps the body.
  const via: ZipVia<WorkerZip> = () => (url, init) =>
    fetchInWorker(sw, url, part.suggestedName, init.signal ?? undefined);
  const zip = await part.open(signal, via);
  if (zip.body.notZip !== undefined) {
    const what = zip.body.notZip;
    throw new ApiError({
      kind: 'malformed',
      endpoint: zip.endpoint,
      url: zip.url,
      detail: t`the download is not a ZIP file (${what}); nothing was saved`,
    });
  }
  onStart(zip);
  try {
    const bytes = await zip.body.deliver({ filename: filename(zip), size: zip.contentLength }, onProgress, signal);
    return { zip, bytes };
  } catch (e) {
    throw asZipError(e, zip);
  }
}

function asZipError(e: unknown, zip: ZipAnswer<unknown>): unknown {
  const kind = (e as Partial<WorkerFailure> | null)?.kind;
  const message = e instanceof Error ? e.message : String(e);
  if (kind === 'stopped') return new SaveError('stopped', message);
  if (kind === 'network') return new ZipConnectionLost(zip.endpoint, zip.url, message);
  return e;
}
