import { describeError } from '../api/http/errors';
import './zip-download.css';
import { canStreamToDisk } from './download-worker';
import { canPickFile, IN_MEMORY_LIMIT_BYTES } from './save-stream';
import type { PartState, SavedZip, ZipDownload } from './zip-download';
import { describeZipError } from './zip-errors';
import { describeProgress, formatBytes, progressPercent } from './zip-progress';

const METHOD_WORDS = {
  'picked-file': 'to the file you chose',
  downloads: 'to your downloads',
  'in-memory': 'to your downloads',
};

const savedWords = (f: SavedZip) =>
  `${f.filename} (${formatBytes(f.bytes)})${
    !f.manifest
      ? ''
      : 'filename' in f.manifest
        ? ` with its list of images, ${f.manifest.filename}`
        : ` (its list of images could not be made: ${describeError(f.manifest.error).title})`
  }`;

/**
 * Progress (bytes, percent, cancel), the failure in plain words with a retry, or the saved files.
 * A download of several files lists each with its own state, progress or error.
 */
export function ZipDownloadStatus({
  zip,
  doneClassName,
  canRetry = true,
}: {
  zip: ZipDownload;
  doneClassName?: string;
  /** False when the dialog offers a better way on, below, than the same request again (after a 413). */
  canRetry?: boolean;
}) {
  const { phase, progress, saved, cancelled, parts, states } = zip;
  const pct = progress ? progressPercent(progress) : null;
  const several = parts.length > 1;
  return (
    <>
      {several && (phase !== 'ready' || saved.length > 0) && <PartList zip={zip} />}
      {phase === 'downloading' && (
        <div role="status" className="zip-progress">
          <progress aria-label="Download progress" {...(pct === null ? {} : { value: pct, max: 100 })} />{' '}
          <span data-testid="zip-progress">
            {progress ? describeProgress(progress) : 'Asking the service for the ZIP…'}
          </span>
        </div>
      )}
      {phase === 'failed' && <ZipFailurePanel zip={zip} canRetry={canRetry} />}
      {cancelled && phase === 'ready' && (
        <p role="status">
          Download cancelled; nothing of the unfinished file was kept.
          {saved.length > 0 && ` Already saved: ${saved.map(savedWords).join(', ')}.`}
        </p>
      )}
      {phase === 'done' && saved.length > 0 && (
        <p role="status" className={doneClassName}>
          Saved {saved.map(savedWords).join(', ')} {METHOD_WORDS[saved[0]!.method]}.
          {several && states.length === saved.length && ` All ${saved.length} ZIP files are complete.`}
        </p>
      )}
    </>
  );
}

function partWords(s: PartState): string {
  if (s.status === 'waiting') return 'waiting';
  if (s.status === 'downloading') return s.progress ? describeProgress({ ...s.progress, parts: 1 }) : 'asking…';
  if (s.status === 'saved' && s.saved) return `saved as ${savedWords(s.saved)}`;
  return `failed: ${describeZipError(s.error).title}`;
}

/** Each file of a download of several, in order, with what became of it. */
function PartList({ zip }: { zip: ZipDownload }) {
  return (
    <ol className="zip-parts" aria-label="ZIP files of this download">
      {zip.parts.map((p, i) => {
        const s = zip.states[i] ?? { status: 'waiting' };
        return (
          <li key={i} className={`zip-parts__item zip-parts__item--${s.status}`} data-testid="zip-part">
            <span className="zip-parts__name">
              ZIP {i + 1} of {zip.parts.length}
              {p.label ? ` — ${p.label}` : ''}
            </span>
            : <span className="zip-parts__state">{partWords(s)}</span>
          </li>
        );
      })}
    </ol>
  );
}

function ZipFailurePanel({ zip, canRetry }: { zip: ZipDownload; canRetry: boolean }) {
  const { failures, parts, saved } = zip;
  const first = failures[0];
  const d = describeZipError(first?.error ?? zip.error);
  const n = parts.length;
  const notSaved = n - saved.length;
  const title =
    n <= 1
      ? 'The download failed: '
      : failures.length === 1
        ? `ZIP ${first!.index + 1} of ${n} failed: `
        : `${failures.length} of ${n} ZIP files failed; the first: `;
  return (
    <div className="error-panel" role="alert">
      <p className="error-panel__title">
        {title}
        {d.title}
      </p>
      <p className="error-panel__detail">{d.detail}</p>
      <p className="error-panel__hint">
        {canRetry ? d.hint : 'The smaller ZIP files offered below stay within what the service accepts.'}
        {n > 1 &&
          ` ${saved.length} of ${n} ZIP files were saved and stay saved${canRetry ? `; retrying downloads the ${notSaved === 1 ? 'one' : `${notSaved}`} not saved` : ''}.`}
      </p>
      {canRetry && (
        <button type="button" onClick={zip.retry}>
          {n <= 1
            ? 'Retry'
            : notSaved === 1
              ? `Retry ZIP ${first!.index + 1}`
              : `Retry the ${notSaved} ZIP files not saved`}
        </button>
      )}
    </div>
  );
}

/** The choice of where to save (when the browser can write a chosen file), else where the file goes, or why a big file cannot be saved. */
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
  // Firefox and Safari cannot ask where to save: say where the file goes, and where else its progress shows.
  if (!canPickFile())
    return (
      <p className="notice" role="note">
        This browser saves the ZIP to its downloads folder without asking where; its progress shows here and in the
        browser’s downloads list.
      </p>
    );
  if (!single) return null;
  return (
    <label>
      <input type="checkbox" checked={pick} disabled={disabled} onChange={(e) => onPick(e.target.checked)} /> Choose
      where to save the file
    </label>
  );
}
