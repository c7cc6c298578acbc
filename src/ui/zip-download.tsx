import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ZipStream } from '../api/zip-stream';
import { isAbortError } from '../api/errors';
import { pickFile, saveStream, type SaveMethod } from './save-stream';
import type { ZipProgress } from './zip-progress';

/** One ZIP file of a download; a long selection is split into several (see splitSelection). */
export interface ZipPart {
  open: (signal: AbortSignal) => Promise<ZipStream>;
  /** This file's estimated size, when the service estimated it (spec 01 §4.5). */
  estimateBytes?: number | undefined;
  /** Offered by the file picker before the service has named the file. */
  suggestedName: string;
}

export interface SavedZip {
  filename: string;
  bytes: number;
  method: SaveMethod;
}

export type ZipPhase = 'ready' | 'downloading' | 'done' | 'failed';

interface Run {
  parts: ZipPart[];
  from: number;
  handle: FileSystemFileHandle | null;
}

const PAINT_EVERY_MS = 200;

/**
 * A ZIP download as a mutation: each file is streamed to disk in turn, with progress in bytes.
 * Nothing is retried by itself; a retry after a failure resumes at the file that failed, and
 * cancelling (or leaving the dialog) aborts the file in flight, which discards it.
 */
export function useZipDownload() {
  const [progress, setProgress] = useState<ZipProgress | null>(null);
  const [saved, setSaved] = useState<SavedZip[]>([]);
  const [cancelled, setCancelled] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const run = useRef<Run | null>(null);
  const doneParts = useRef(0);
  useEffect(() => () => controller.current?.abort(), []);

  const mutation = useMutation({
    mutationKey: ['zip-download'],
    mutationFn: async ({ parts, from, handle }: Run): Promise<void> => {
      const ac = new AbortController();
      controller.current = ac;
      for (let i = from; i < parts.length; i++) {
        const part = parts[i]!;
        const base = { part: i + 1, parts: parts.length, estimateBytes: part.estimateBytes };
        setProgress({ ...base, bytes: 0, contentLength: undefined });
        const zip = await part.open(ac.signal);
        let bytes = 0;
        // At most one repaint per interval, and always one after the last chunk so far (a stalled
        // download shows what did arrive).
        let timer: ReturnType<typeof setTimeout> | undefined;
        const paint = () => {
          timer = undefined;
          setProgress({ ...base, bytes, contentLength: zip.contentLength });
        };
        const counted = zip.body.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, c) {
              bytes += chunk.byteLength;
              timer ??= setTimeout(paint, PAINT_EVERY_MS);
              c.enqueue(chunk);
            },
          }),
        );
        const file = { filename: zip.filename, size: zip.contentLength };
        let method: SaveMethod;
        try {
          method = await saveStream(counted, file, ac.signal, parts.length === 1 ? handle : null);
        } finally {
          clearTimeout(timer);
          paint();
        }
        doneParts.current = i + 1;
        setSaved((s) => [...s, { filename: zip.filename, bytes, method }]);
      }
    },
  });

  const go = (r: Run) => {
    controller.current?.abort();
    run.current = r;
    setCancelled(false);
    mutation.mutate(r, {
      onError: (e) => {
        if (controller.current?.signal.aborted || isAbortError(e)) {
          setCancelled(true);
          mutation.reset();
        }
      },
    });
  };

  /** Starts afresh. With `pick`, asks where to save first (only for a single file, in the click). */
  const start = async (parts: ZipPart[], opts: { pick?: boolean } = {}) => {
    let handle: FileSystemFileHandle | null = null;
    if (opts.pick && parts.length === 1) {
      handle = await pickFile(parts[0]!.suggestedName);
      if (!handle) return;
    }
    doneParts.current = 0;
    setSaved([]);
    setProgress(null);
    go({ parts, from: 0, handle });
  };

  /** After a failure: the same files, from the one that failed (a picked file is written again). */
  const retry = () => {
    if (run.current) go({ ...run.current, from: doneParts.current });
  };
  const abort = () => controller.current?.abort();

  const phase: ZipPhase = mutation.isPending
    ? 'downloading'
    : mutation.isError
      ? 'failed'
      : mutation.isSuccess
        ? 'done'
        : 'ready';
  return { phase, progress, saved, cancelled, error: mutation.error, start, retry, abort };
}

export type ZipDownload = ReturnType<typeof useZipDownload>;
