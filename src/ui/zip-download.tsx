import { useEffect, useRef, useState } from 'react';
import type { DownloadedFile } from '../api/imagery';
import { isAbortError } from '../api/errors';
import { formatMegabytes } from './download-estimate';
import { ErrorPanel } from './error-panel';
import { saveBlob } from './save-file';

export type ZipPhase =
  { kind: 'ready' } | { kind: 'downloading' } | { kind: 'done'; files: string[] } | { kind: 'failed'; error: unknown };

/**
 * One ZIP download at a time: `run` fetches the files, which are then saved. Cancelling, or
 * leaving the dialog, aborts what is in flight and returns to `ready` without an error.
 */
export function useZipDownload(run: (signal: AbortSignal) => Promise<DownloadedFile[]>) {
  const [phase, setPhase] = useState<ZipPhase>({ kind: 'ready' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    setPhase({ kind: 'downloading' });
    try {
      const files = await run(ac.signal);
      for (const f of files) saveBlob(f.blob, f.filename);
      setPhase({
        kind: 'done',
        files: files.map((f) => `${f.filename} (${formatMegabytes(f.blob.size / 1_048_576)})`),
      });
    } catch (e) {
      if (ac.signal.aborted || isAbortError(e)) setPhase({ kind: 'ready' });
      else setPhase({ kind: 'failed', error: e });
    } finally {
      if (controller.current === ac) controller.current = null;
    }
  };
  const abort = () => controller.current?.abort();
  return { phase, start, abort };
}

/** Progress, failure (with retry) or the saved files of a ZIP download. */
export function ZipDownloadStatus({
  phase,
  onRetry,
  doneClassName,
}: {
  phase: ZipPhase;
  onRetry: () => void;
  doneClassName?: string;
}) {
  if (phase.kind === 'downloading')
    return (
      <p role="status">
        <progress aria-label="Download in progress" /> Preparing and downloading the ZIP…
      </p>
    );
  if (phase.kind === 'failed')
    return <ErrorPanel error={phase.error} onRetry={onRetry} context="The download failed" />;
  if (phase.kind === 'done')
    return (
      <p role="status" className={doneClassName}>
        Saved {phase.files.join(', ')} to your downloads.
      </p>
    );
  return null;
}
