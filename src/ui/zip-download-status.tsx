import { canStreamToDisk } from './download-worker';
import { canPickFile, IN_MEMORY_LIMIT_BYTES } from './save-stream';
import type { SaveMethod } from './save-stream';
import type { SavedZip, ZipDownload } from './zip-download';
import { describeZipError } from './zip-errors';
import { describeProgress, formatBytes, progressPercent } from './zip-progress';

const METHOD_WORDS = {
  'picked-file': 'to the file you chose',
  downloads: 'to your downloads',
  'in-memory': 'to your downloads',
};

const sizeWords = (f: SavedZip) => (f.bytes === undefined ? 'size unknown' : formatBytes(f.bytes));

/** Progress (bytes, percent, cancel), the failure in plain words with a retry, or the saved files. */
export function ZipDownloadStatus({ zip, doneClassName }: { zip: ZipDownload; doneClassName?: string }) {
  const { phase, progress, saved, cancelled, error } = zip;
  const savedList = saved.map((f) => `${f.filename} (${sizeWords(f)})`).join(', ');
  const handed = saved.filter((f) => f.method === 'browser');
  const kept = saved.filter((f) => f.method !== 'browser');
  const pct = progress && !progress.handedOver ? progressPercent(progress) : null;
  return (
    <>
      {phase === 'downloading' && (
        <div role="status" className="zip-progress">
          <progress aria-label="Download progress" {...(pct === null ? {} : { value: pct, max: 100 })} />{' '}
          <span data-testid="zip-progress">
            {progress ? describeProgress(progress) : 'Asking the service for the ZIP…'}
          </span>
        </div>
      )}
      {phase === 'failed' && (
        <ZipFailurePanel
          error={error}
          onRetry={zip.retry}
          saved={saved.length}
          parts={progress?.parts ?? 1}
          part={progress?.part ?? 1}
        />
      )}
      {cancelled && phase === 'ready' && (
        <p role="status">
          Download cancelled; nothing of the unfinished file was kept.
          {saved.length > 0 && ` Already saved: ${savedList}.`}
        </p>
      )}
      {phase === 'done' && (
        <p role="status" className={doneClassName}>
          {kept.length > 0 &&
            `Saved ${kept.map((f) => `${f.filename} (${sizeWords(f)})`).join(', ')} ${METHOD_WORDS[kept[0]!.method as SaveMethod]}.`}
          {kept.length > 0 && handed.length > 0 && ' '}
          {handed.length > 0 &&
            `Handed ${handed.map((f) => `${f.filename} (${sizeWords(f)})`).join(', ')} to your browser's downloads, which save ${handed.length > 1 ? 'them' : 'it'} straight to disk: the browser's download list shows the progress, and can cancel.`}
        </p>
      )}
    </>
  );
}

function ZipFailurePanel({
  error,
  onRetry,
  saved,
  part,
  parts,
}: {
  error: unknown;
  onRetry: () => void;
  saved: number;
  part: number;
  parts: number;
}) {
  const d = describeZipError(error);
  return (
    <div className="error-panel" role="alert">
      <p className="error-panel__title">
        {parts > 1 ? `ZIP ${part} of ${parts} failed: ` : 'The download failed: '}
        {d.title}
      </p>
      <p className="error-panel__detail">{d.detail}</p>
      <p className="error-panel__hint">
        {d.hint}
        {saved > 0 && ` ${saved} of ${parts} ZIP files were saved; retrying continues with ZIP ${part}.`}
      </p>
      <button type="button" onClick={onRetry}>
        {parts > 1 ? `Retry from ZIP ${part}` : 'Retry'}
      </button>
    </div>
  );
}

/** The choice of where to save (when the browser can write a chosen file), or why a big file cannot be saved. */
export function SaveLocationChoice({
  pick,
  onPick,
  single,
  disabled,
}: {
  pick: boolean;
  onPick: (v: boolean) => void;
  single: boolean;
  disabled: boolean;
}) {
  if (!canStreamToDisk() && !canPickFile())
    return (
      <p className="notice" role="note">
        This browser cannot stream a download to disk: a ZIP is assembled in memory first, which works only up to{' '}
        {formatBytes(IN_MEMORY_LIMIT_BYTES)}. For larger downloads use a current Chrome, Edge or Firefox.
      </p>
    );
  if (!canPickFile() || !single) return null;
  return (
    <label>
      <input type="checkbox" checked={pick} disabled={disabled} onChange={(e) => onPick(e.target.checked)} /> Choose
      where to save the file
    </label>
  );
}
