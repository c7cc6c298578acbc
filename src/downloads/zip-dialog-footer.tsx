/**
 * The footer every download dialog ends with: where to save, the run's progress and errors, a
 * 413's offer of the rest in smaller ZIPs, and the dialog's buttons.
 */
import { plural } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import type { ZipDialog } from './use-zip-dialog';
import { SaveLocationChoice, ZipDownloadStatus } from './zip-download-status';
import { ZipSplitNotice } from './zip-split-notice';

interface FooterProps {
  run: ZipDialog;
  /** The dialog's own first button (Download…), shown unless a 413 offers the rest in smaller ZIPs. */
  primary: ReactNode;
  /** Buttons after it (Cancel, Clear the selection). */
  children?: ReactNode;
  doneClassName?: string;
  actionsClassName?: string;
}

export function ZipDialogFooter({ run, primary, children, doneClassName, actionsClassName }: FooterProps) {
  const { offer, zip, plan, files, busy } = run;
  return (
    <>
      <SaveLocationChoice pick={run.pick} onPick={run.setPick} single={files === 1 && !offer.rest} disabled={busy} />
      <ZipDownloadStatus zip={zip} doneClassName={doneClassName} canRetry={!offer.rest} />
      {offer.rest && <ZipSplitNotice plan={plan} cap={run.cap} capLearned={run.learned} lead={offer.lead} />}
      <div className={actionsClassName ? `button-row ${actionsClassName}` : 'button-row'}>
        {offer.rest ? (
          <button type="button" className="primary" disabled={!run.planned || busy} onClick={run.start}>
            {zip.saved.length
              ? plural(files, { one: 'Download the rest as # ZIP file', other: 'Download the rest as # ZIP files' })
              : plural(files, { one: 'Download as # ZIP file', other: 'Download as # ZIP files' })}
          </button>
        ) : (
          primary
        )}
        {children}
      </div>
    </>
  );
}
