/**
 * Where a streamed download goes: (1) a file the person picked (File System Access API), else
 * (2) the browser's downloads through the download worker, else (3) a blob assembled in memory, only
 * for files small enough for that.
 */
import { t } from '@lingui/core/macro';
import { formatNumber } from '../domain/format-number';
import { downloadWorker, saveThroughWorker } from './download-worker';
import { saveBlob } from './save-file';

export type SaveMethod = 'picked-file' | 'downloads' | 'in-memory';

/** Above this, a browser without a download worker cannot save the file safely. */
export const IN_MEMORY_LIMIT_BYTES = 200 * 1_048_576;

export class SaveError extends Error {
  constructor(
    readonly reason: 'too-large' | 'write-failed' | 'stopped',
    message: string,
  ) {
    super(message);
    this.name = 'SaveError';
  }
}

interface SaveFilePickerWindow {
  showSaveFilePicker?: (opts: {
    suggestedName?: string;
    types?: Array<{ description: string; accept: Record<string, string[]> }>;
  }) => Promise<FileSystemFileHandle>;
}

interface WritableHandle {
  createWritable(): Promise<WritableStream<Uint8Array>>;
  remove?: () => Promise<void>;
}

export function canPickFile(): boolean {
  return typeof window !== 'undefined' && typeof (window as SaveFilePickerWindow).showSaveFilePicker === 'function';
}

/** Asks where to save; must run in the click that started the download. Null when dismissed. */
export async function pickFile(suggestedName: string): Promise<FileSystemFileHandle | null> {
  const w = window as SaveFilePickerWindow;
  try {
    return (
      (await w.showSaveFilePicker?.({
        suggestedName,
        types: [{ description: 'ZIP archive', accept: { 'application/zip': ['.zip'] } }],
      })) ?? null
    );
  } catch {
    return null;
  }
}

/**
 * Writes `stream` to its destination. Rejects with the stream's own error (an ApiError when the
 * download broke off), or a SaveError when the destination failed; an abort leaves no partial file.
 */
export async function saveStream(
  stream: ReadableStream<Uint8Array>,
  file: { filename: string; size: number | undefined },
  signal: AbortSignal,
  handle?: FileSystemFileHandle | null,
): Promise<SaveMethod> {
  if (handle) {
    const h = handle as unknown as WritableHandle;
    let writable: WritableStream<Uint8Array>;
    try {
      writable = await h.createWritable();
    } catch (e) {
      const why = String(e);
      throw new SaveError('write-failed', t`the chosen file could not be opened for writing (${why})`);
    }
    try {
      // An aborted pipe aborts the writable, which discards what was written.
      await stream.pipeTo(writable, { signal });
    } catch (e) {
      await h.remove?.().catch(() => undefined);
      throw e;
    }
    return 'picked-file';
  }
  const sw = await downloadWorker();
  if (sw) {
    await saveThroughWorker(sw, stream, file, signal);
    return 'downloads';
  }
  await saveInMemory(stream, file, signal);
  return 'in-memory';
}

async function saveInMemory(
  stream: ReadableStream<Uint8Array>,
  file: { filename: string; size: number | undefined },
  signal: AbortSignal,
): Promise<void> {
  const tooLarge = () => {
    const name = file.filename;
    const mb = formatNumber(IN_MEMORY_LIMIT_BYTES / 1_048_576);
    return new SaveError(
      'too-large',
      t`this browser cannot stream downloads to disk, and ${name} is larger than the ${mb} MB it can hold in memory`,
    );
  };
  if (file.size !== undefined && file.size > IN_MEMORY_LIMIT_BYTES) {
    await stream.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  const reader = stream.getReader();
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      total += r.value.byteLength;
      if (total > IN_MEMORY_LIMIT_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(r.value as Uint8Array<ArrayBuffer>);
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  if (signal.aborted) throw new DOMException('The download was cancelled', 'AbortError');
  saveBlob(new Blob(chunks, { type: 'application/zip' }), file.filename);
}
