import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { zipInPage, type ZipAnswer, type ZipStream } from '../api/http/zip-stream';
import { ApiError, isAbortError } from '../api/http/errors';
import { getRuntimeConfig } from '../config/runtime-config';
import { downloadWorker } from './download-worker';
import { pickFile, saveStream, type SaveMethod } from './save-stream';
import type { ZipProgress } from './zip-progress';
import { zipViaWorker } from './zip-via-worker';
import { primedZip, zipFileName } from './zip-signature';
import type { ZipPart } from './zip-plan';
import { manifestName, zipContentName, zipManifest, type ZipContent } from '../api/imagery/zip-manifest';
import { saveBlob } from './save-file';
import { atNextProbe } from '../api/http/retry';

/** Tries of a ZIP's manifest, each at its endpoint's next probe after the one before failed. */
const MANIFEST_TRIES = 3;

/** The download stopped at a 413: the part refused, and every part not saved (it included). */
export interface ZipTooLarge {
  /** 0-based, in the download's files. */
  index: number;
  part: ZipPart;
  error: ApiError;
  unsaved: ZipPart[];
}

export interface SavedZip {
  filename: string;
  bytes: number;
  method: SaveMethod;
  /** The manifest saved beside it, or why it could not be made. */
  manifest?: { filename: string } | { error: unknown } | undefined;
}

export type PartStatus = 'waiting' | 'downloading' | 'saved' | 'failed';

export interface PartState {
  status: PartStatus;
  progress?: ZipProgress | undefined;
  saved?: SavedZip | undefined;
  error?: unknown;
}

export type ZipPhase = 'ready' | 'downloading' | 'done' | 'failed';

interface Run {
  parts: ZipPart[];
  handle: FileSystemFileHandle | null;
}

const PAINT_EVERY_MS = 200;

/** A 413: the service will not put this many images in one ZIP; the rest waits for a new plan. */
export const isTooLarge = (e: unknown) => e instanceof ApiError && e.kind === 'http' && e.status === 413;

/**
 * A ZIP download as a mutation: each file is streamed to disk in turn, with progress in bytes. A
 * failed file does not stop the others (each keeps its own error), except a 413, after which the
 * rest would be refused too. Nothing is retried by itself: a retry runs the files not saved, and
 * cancelling (or leaving the dialog) aborts the file in flight, which discards it.
 */
export function useZipDownload(opts: { onTooLarge?: (t: ZipTooLarge) => void } = {}) {
  const [run, setRun] = useState<Run | null>(null);
  const [states, setStates] = useState<PartState[]>([]);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);
  // The runner reads which parts are saved when it starts; state set just before is not yet rendered.
  const statesRef = useRef<PartState[]>([]);
  const onTooLarge = useRef(opts.onTooLarge);
  onTooLarge.current = opts.onTooLarge;
  useEffect(() => () => controller.current?.abort(), []);

  const mutation = useMutation({
    mutationKey: ['zip-download'],
    mutationFn: async ({ parts, handle }: Run): Promise<void> => {
      const ac = new AbortController();
      controller.current = ac;
      const single = parts.length === 1;
      // A chosen file is written by this page; everything else goes through the download worker,
      // except on demo data: the demo's answers come from a worker that serves this page's requests,
      // and the download worker's own requests would pass it by.
      const sw = (handle && single) || getRuntimeConfig().mock ? null : await downloadWorker();
      const saved = statesRef.current.map((s) => s.status === 'saved');
      const todo = saved.map((done, i) => (done ? -1 : i)).filter((i) => i >= 0);
      let failed: unknown = null;
      for (const i of todo) {
        const part = parts[i]!;
        const set = (s: PartState) => setStates((all) => all.map((x, j) => (j === i ? s : x)));
        const base = { part: i + 1, parts: parts.length, estimateBytes: part.estimateBytes };
        let progress: ZipProgress = { ...base, bytes: 0, contentLength: undefined };
        let timer: ReturnType<typeof setTimeout> | undefined;
        // At most one repaint per interval, and always one after the last chunk so far.
        const paint = () => {
          timer = undefined;
          set({ status: 'downloading', progress });
        };
        const onBytes = (b: number) => {
          progress = { ...progress, bytes: b };
          timer ??= setTimeout(paint, PAINT_EVERY_MS);
        };
        paint();
        try {
          const file = await (sw
            ? viaWorker(
                sw,
                part,
                ac.signal,
                (zip) => {
                  progress = { ...progress, contentLength: zip.contentLength };
                  paint();
                },
                onBytes,
              )
            : viaPage(
                part,
                ac.signal,
                single ? handle : null,
                (zip) => {
                  progress = { ...progress, contentLength: zip.contentLength };
                  paint();
                },
                onBytes,
              ));
          clearTimeout(timer);
          if (part.content) file.manifest = await saveManifest(part.content, file.filename, ac.signal);
          set({ status: 'saved', progress: { ...progress, bytes: file.bytes }, saved: file });
          saved[i] = true;
        } catch (e) {
          clearTimeout(timer);
          set({ status: 'failed', progress, error: e });
          if (ac.signal.aborted || isAbortError(e)) throw e;
          failed ??= e;
          if (isTooLarge(e)) {
            onTooLarge.current?.({ index: i, part, error: e as ApiError, unsaved: parts.filter((_, j) => !saved[j]) });
            break;
          }
        }
      }
      if (failed) throw failed;
    },
  });

  const go = (r: Run, initial: PartState[]) => {
    controller.current?.abort();
    statesRef.current = initial;
    setStates(initial);
    setRun(r);
    setCancelled(false);
    mutation.mutate(r, {
      onError: (e) => {
        if (controller.current?.signal.aborted || isAbortError(e)) {
          setCancelled(true);
          // The file in flight was dropped: it waits again, with nothing kept.
          setStates((all) => all.map((s) => (s.status === 'saved' ? s : { status: 'waiting' })));
          mutation.reset();
        }
      },
    });
  };

  /**
   * Starts afresh. With `pick`, asks where to save first (only for a single file, in the click).
   * With `keepSaved`, the files saved so far stay in the list and only `parts` are downloaded (a
   * download continued with a new plan after a 413).
   */
  const start = async (parts: ZipPart[], opts: { pick?: boolean; keepSaved?: boolean } = {}) => {
    let handle: FileSystemFileHandle | null = null;
    if (opts.pick && parts.length === 1 && !opts.keepSaved) {
      handle = await pickFile(parts[0]!.suggestedName);
      if (!handle) return;
    }
    const kept = opts.keepSaved && run ? run.parts.filter((_, i) => states[i]?.status === 'saved') : [];
    const keptStates = opts.keepSaved ? states.filter((s) => s.status === 'saved') : [];
    const all = [...kept, ...parts];
    go({ parts: all, handle }, [...keptStates, ...parts.map((): PartState => ({ status: 'waiting' }))]);
  };

  /** After a failure: the files not saved, again (a picked file is written again). */
  const retry = () => {
    if (run)
      go(
        run,
        states.map((s) => (s.status === 'saved' ? s : { status: 'waiting' })),
      );
  };
  const abort = () => controller.current?.abort();

  const phase: ZipPhase = mutation.isPending
    ? 'downloading'
    : mutation.isError
      ? 'failed'
      : mutation.isSuccess
        ? 'done'
        : 'ready';
  const saved = states.flatMap((s) => (s.saved ? [s.saved] : []));
  const current = states.find((s) => s.status === 'downloading');
  const failures = states.flatMap((s, i) => (s.status === 'failed' ? [{ index: i, error: s.error }] : []));
  return {
    phase,
    parts: run?.parts ?? [],
    states,
    progress: current?.progress ?? null,
    saved,
    failures,
    cancelled,
    error: mutation.error,
    start,
    retry,
    abort,
  };
}

export type ZipDownload = ReturnType<typeof useZipDownload>;

/** The name the app gives a ZIP from what it holds (zip-manifest.ts), rather than the service's moment of making. */
const ownName = (part: ZipPart) => (part.content ? zipContentName(part.content) : undefined);

/**
 * The manifest beside a saved ZIP: the ZIP itself stays as the service made it. Its failure is said
 * with the saved file and does not undo it.
 */
async function saveManifest(content: ZipContent, zipName: string, signal: AbortSignal): Promise<SavedZip['manifest']> {
  try {
    // Read after the ZIP, often just after a request to the same endpoint failed (another camera's
    // ZIP), while the endpoint backs off: the manifest waits for its next probe rather than be lost.
    const csv = await atNextProbe(() => zipManifest(content, signal), MANIFEST_TRIES, signal);
    const filename = manifestName(zipName);
    saveBlob(new Blob([csv], { type: 'text/csv' }), filename);
    return { filename };
  } catch (e) {
    if (signal.aborted || isAbortError(e)) throw e;
    return { error: e };
  }
}

function viaWorker(
  sw: ServiceWorker,
  part: ZipPart,
  signal: AbortSignal,
  onStart: (zip: ZipAnswer<unknown>) => void,
  onBytes: (b: number) => void,
): Promise<SavedZip> {
  const name = (zip: ZipAnswer<unknown>) => zipFileName(ownName(part) ?? zip.filename, part.nameSuffix);
  return zipViaWorker(sw, part, name, signal, onStart, onBytes).then((r) => ({
    filename: name(r.zip),
    bytes: r.bytes,
    method: 'downloads' as const,
  }));
}

async function viaPage(
  part: ZipPart,
  signal: AbortSignal,
  handle: FileSystemFileHandle | null,
  onStart: (zip: ZipStream) => void,
  onBytes: (b: number) => void,
): Promise<SavedZip> {
  let zip: ZipStream;
  let body: ReadableStream<Uint8Array>;
  try {
    zip = await part.open(signal, zipInPage);
    // Nothing is opened, written or saved before the first bytes are known to be a ZIP.
    body = await primedZip(zip.body);
  } catch (e) {
    // The file picker made the chosen file already: a download that never started leaves none.
    await (handle as { remove?: () => Promise<void> } | null)?.remove?.().catch(() => undefined);
    throw e;
  }
  onStart(zip);
  let bytes = 0;
  const counted = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, c) {
        bytes += chunk.byteLength;
        onBytes(bytes);
        c.enqueue(chunk);
      },
    }),
  );
  const filename = zipFileName(ownName(part) ?? zip.filename, part.nameSuffix);
  const method = await saveStream(counted, { filename, size: zip.contentLength }, signal, handle);
  return { filename, bytes, method };
}
