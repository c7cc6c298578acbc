/**
 * One ZIP through the download worker: the worker requests it (within the endpoint's budget, as
 * every request is), checks that it starts like a ZIP, and serves it to the browser's downloads
 * under headers of its own, counting the bytes (progress, the end, a lost connection, all in the
 * dialog). A body that is not a ZIP is an error here and nothing is saved.
 */
import { ApiError } from '../api/errors';
import type { Fetcher } from '../api/http';
import type { ZipStream } from '../api/zip-stream';
import { fetchInWorker, type WorkerFailure, type WorkerFetch } from './download-worker';
import { SaveError } from './save-stream';

export interface ViaWorkerResult {
  zip: ZipStream;
  /** Bytes saved. */
  bytes: number;
}

export async function zipViaWorker(
  sw: ServiceWorker,
  part: {
    open: (signal: AbortSignal, fetcher?: Fetcher) => Promise<ZipStream>;
    suggestedName: string;
  },
  filename: (zip: ZipStream) => string,
  signal: AbortSignal,
  onStart: (zip: ZipStream) => void,
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
  if (fetched.notZip !== undefined)
    throw new ApiError({
      kind: 'malformed',
      endpoint: zip.endpoint,
      url: zip.url,
      detail: `the download is not a ZIP file (${fetched.notZip}); nothing was saved`,
    });
  onStart(zip);
  try {
    const bytes = await fetched.deliver({ filename: filename(zip), size: zip.contentLength }, onProgress, signal);
    return { zip, bytes };
  } catch (e) {
    throw asZipError(e, zip);
  }
}

function asZipError(e: unknown, zip: ZipStream): unknown {
  const kind = (e as Partial<WorkerFailure> | null)?.kind;
  const message = e instanceof Error ? e.message : String(e);
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
