import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { zipInPage, type ZipAnswer, type ZipVia } from '../api/http/zip-stream';
import { isAbortError } from '../api/http/errors';
import { getRuntimeConfig } from '../config/runtime-config';
import { downloadWorker } from './download-worker';
import { pickFile, saveStream, type SaveMethod } from './save-stream';
import type { ZipProgress } from './zip-progress';
import { zipViaWorker } from './zip-via-worker';

/** One ZIP file of a download; a long selection is split into several (see splitSelection). */
export interface ZipPart {
  /** Requests the ZIP through `via`: this page (`zipInPage`), or the download worker (zip-via-worker.ts). */
  open: <B>(signal: AbortSignal, via: ZipVia<B>) => Promise<ZipAnswer<B>>;
  /** This file's estimated size, when the service estimated it (spec 01 §4.5). */
  estimateBytes?: number | undefined;
  /** Offered by the file picker before the service has named the file. */
  suggestedName: string;
}

export interface SavedZip {
  filename: string;
  /** Undefined when handed to the browser whole and neither the service nor an estimate said its size. */
  bytes: number | undefined;
  /** `browser`: handed to the browser's download manager, which shows its progress. */
  method: SaveMethod | 'browser';
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
      // A chosen file is written by this page; everything else goes through the download worker,
      // except on demo data: the demo's answers come from a worker that serves this page's requests,
      // and the download worker's own requests would pass it by.
      const sw = (handle && parts.length === 1) || getRuntimeConfig().mock ? null : await downloadWorker();
      for (let i = from; i < parts.length; i++) {
        const part = parts[i]!;
        const base = { part: i + 1, parts: parts.length, estimateBytes: part.estimateBytes };
        setProgress({ ...base, bytes: 0, contentLength: undefined });
        if (sw) {
          let contentLength: number | undefined;
          let timer: ReturnType<typeof setTimeout> | undefined;
          let bytes = 0;
          const paint = () => {
            timer = undefined;
            setProgress({ ...base, bytes, contentLength });
          };
          const r = await zipViaWorker(
            sw,
            part,
            ac.signal,
            (zip, mode) => {
              contentLength = zip.contentLength;
              setProgress({ ...base, bytes: 0, contentLength, handedOver: mode === 'native' });
            },
            (b) => {
              bytes = b;
              timer ??= setTimeout(paint, PAINT_EVERY_MS);
            },
          ).finally(() => clearTimeout(timer));
          doneParts.current = i + 1;
          const method = r.mode === 'native' ? 'browser' : 'downloads';
          setSaved((s) => [...s, { filename: r.zip.filename, bytes: r.bytes, method }]);
          continue;
        }
        const zip = await part.open(ac.signal, zipInPage);
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
