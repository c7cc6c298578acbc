import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { describeError } from '../api/http/errors';
import './zip-download.css';
import { canStreamToDisk } from './download-worker';
import { canPickFile, IN_MEMORY_LIMIT_BYTES } from './save-stream';
import type { PartState, SavedZip, ZipDownload } from './zip-download';
import { describeZipError } from './zip-errors';
import { describeProgress, formatBytes, progressPercent } from './zip-progress';

/** A saved file in words: its name and size, and its list of images (or why there is none). */
function savedWords(f: SavedZip): string {
  const name = f.filename;
  const size = formatBytes(f.bytes);
  if (!f.manifest) return `${name} (${size})`;
  if ('filename' in f.manifest) {
    const list = f.manifest.filename;
    return t`${name} (${size}) with its list of images, ${list}`;
  }
  const why = describeError(f.manifest.error).title;
  return t`${name} (${size}) (its list of images could not be made: ${why})`;
}

/** What was saved, and where: the browser's way of saving decides the words. */
function savedSentence(saved: readonly SavedZip[]): string {
  const files = saved.map(savedWords).join(', ');
  return saved[0]!.method === 'picked-file'
    ? t`Saved ${files} to the file you chose.`
    : t`Saved ${files} to your downloads.`;
}

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
  const { t } = useLingui();
  const { phase, progress, saved, cancelled, parts, states } = zip;
  const savedList = saved.map(savedWords).join(', ');
  const savedCount = saved.length;
  const pct = progress ? progressPercent(progress) : null;
  const several = parts.length > 1;
  return (
    <>
      {several && (phase !== 'ready' || saved.length > 0) && <PartList zip={zip} />}
      {phase === 'downloading' && (
        <div role="status" className="zip-progress">
          <progress aria-label={t`Download progress`} {...(pct === null ? {} : { value: pct, max: 100 })} />{' '}
          <span data-testid="zip-progress">
            {progress ? describeProgress(progress) : t`Asking the service for the ZIP…`}
          </span>
        </div>
      )}
      {phase === 'failed' && <ZipFailurePanel zip={zip} canRetry={canRetry} />}
      {cancelled && phase === 'ready' && (
        <p role="status">
          {t`Download cancelled; nothing of the unfinished file was kept.`}
          {saved.length > 0 && ` ${t`Already saved: ${savedList}.`}`}
        </p>
      )}
      {phase === 'done' && saved.length > 0 && (
        <p role="status" className={doneClassName}>
          {savedSentence(saved)}
          {several && states.length === saved.length && ` ${t`All ${savedCount} ZIP files are complete.`}`}
        </p>
      )}
    </>
  );
}

function partWords(s: PartState): string {
  if (s.status === 'waiting') return t`waiting`;
  if (s.status === 'downloading') return s.progress ? describeProgress({ ...s.progress, parts: 1 }) : t`asking…`;
  if (s.status === 'saved' && s.saved) {
    const file = savedWords(s.saved);
    return t`saved as ${file}`;
  }
  const why = describeZipError(s.error).title;
  return t`failed: ${why}`;
}

/** Each file of a download of several, in order, with what became of it. */
function PartList({ zip }: { zip: ZipDownload }) {
  const { t } = useLingui();
  const total = zip.parts.length;
  return (
    <ol className="zip-parts" aria-label={t`ZIP files of this download`}>
      {zip.parts.map((p, i) => {
        const s = zip.states[i] ?? { status: 'waiting' };
        const n = i + 1;
        const label = p.label;
        return (
          <li key={i} className={`zip-parts__item zip-parts__item--${s.status}`} data-testid="zip-part">
            <span className="zip-parts__name">
              {label ? t`ZIP ${n} of ${total} — ${label}` : t`ZIP ${n} of ${total}`}
            </span>
            : <span className="zip-parts__state">{partWords(s)}</span>
          </li>
        );
      })}
    </ol>
  );
}

function ZipFailurePanel({ zip, canRetry }: { zip: ZipDownload; canRetry: boolean }) {
  const { t } = useLingui();
  const { failures, parts, saved } = zip;
  const first = failures[0];
  const d = describeZipError(first?.error ?? zip.error);
  const n = parts.length;
  const notSaved = n - saved.length;
  const which = (first?.index ?? 0) + 1;
  const failed = failures.length;
  const why = d.title;
  const title =
    n <= 1
      ? t`The download failed: ${why}`
      : failed === 1
        ? t`ZIP ${which} of ${n} failed: ${why}`
        : t`${failed} of ${n} ZIP files failed; the first: ${why}`;
  const savedCount = saved.length;
  const kept =
    n <= 1
      ? ''
      : !canRetry
        ? t`${savedCount} of ${n} ZIP files were saved and stay saved.`
        : notSaved === 1
          ? t`${savedCount} of ${n} ZIP files were saved and stay saved; retrying downloads the one not saved.`
          : t`${savedCount} of ${n} ZIP files were saved and stay saved; retrying downloads the ${notSaved} not saved.`;
  return (
    <div className="error-panel" role="alert">
      <p className="error-panel__title">{title}</p>
      <p className="error-panel__detail">{d.detail}</p>
      <p className="error-panel__hint">
        {canRetry ? d.hint : t`The smaller ZIP files offered below stay within what the service accepts.`}
        {kept && ` ${kept}`}
      </p>
      {canRetry && (
        <button type="button" onClick={zip.retry}>
          {n <= 1 ? t`Retry` : notSaved === 1 ? t`Retry ZIP ${which}` : t`Retry the ${notSaved} ZIP files not saved`}
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
  const { t } = useLingui();
  const limit = formatBytes(IN_MEMORY_LIMIT_BYTES);
  if (!canStreamToDisk() && !canPickFile())
    return (
      <p className="notice" role="note">
        {t`This browser cannot stream a download to disk: a ZIP is assembled in memory first, which works only up to ${limit}. For larger downloads use a current Chrome, Edge or Firefox.`}
      </p>
    );
  // Firefox and Safari cannot ask where to save: say where the file goes, and where else its progress shows.
  if (!canPickFile())
    return (
      <p className="notice" role="note">
        {t`This browser saves the ZIP to its downloads folder without asking where; its progress shows here and in the browser’s downloads list.`}
      </p>
    );
  if (!single) return null;
  return (
    <label>
      <input type="checkbox" checked={pick} disabled={disabled} onChange={(e) => onPick(e.target.checked)} />{' '}
      {t`Choose where to save the file`}
    </label>
  );
}
