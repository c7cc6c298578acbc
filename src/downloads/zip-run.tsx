/**
 * One download dialog's run of ZIP files: the plan of its sources under the service's cap (the cap
 * learned from a 413 included), the download of the files in turn, the choice of where to save, and
 * the footer every download dialog ends with. The imagery and volcano dialogs differ only in what
 * they download (their sources) and in their main button.
 */
import { useState, type ReactNode } from 'react';
import { useZipCap } from './zip-cap';
import { useZipDownload } from './zip-download';
import { SaveLocationChoice, ZipDownloadStatus } from './zip-download-status';
import { toZipPart, useZipPlan, type PlanSource } from './zip-plan';
import { ZipSplitNotice } from './zip-split-notice';
import { useTooLargeOffer } from './zip-too-large';

/**
 * `sources`: what the dialog would download now; `of` names that download, so an offer made after a
 * 413 for another (other filters, other sampling) is dropped.
 */
export function useZipRun(sources: PlanSource[], of: string) {
  const { cap, learned } = useZipCap();
  const offer = useTooLargeOffer(of);
  const zip = useZipDownload({ onTooLarge: offer.onTooLarge });
  // After a 413 the files not saved are planned again under the learned cap.
  const plan = useZipPlan(offer.rest?.sources ?? sources, cap);
  const [pick, setPick] = useState(false);
  const files = plan.files.length;
  const start = () => {
    const kept = offer.rest ? zip.saved.length : 0;
    const parts = plan.files.map((f, i) => toZipPart(f, i + kept, files + kept));
    void zip.start(parts, { pick, keepSaved: offer.rest !== null });
    offer.clear();
  };
  return { cap, learned, offer, zip, plan, files, planned: plan.status === 'ready', pick, setPick, start };
}

export type ZipRun = ReturnType<typeof useZipRun>;

interface FooterProps {
  run: ZipRun;
  busy: boolean;
  /** The dialog's own first button (Download…), shown unless a 413 offers the rest in smaller ZIPs. */
  primary: ReactNode;
  /** Buttons after it (Cancel, Clear the selection). */
  children?: ReactNode;
  doneClassName?: string;
  actionsClassName?: string;
}

/** Where to save, the run's progress and errors, a 413's offer, and the dialog's buttons. */
export function ZipRunFooter({ run, busy, primary, children, doneClassName, actionsClassName }: FooterProps) {
  const { offer, zip, plan, files } = run;
  return (
    <>
      <SaveLocationChoice pick={run.pick} onPick={run.setPick} single={files === 1 && !offer.rest} disabled={busy} />
      <ZipDownloadStatus zip={zip} doneClassName={doneClassName} canRetry={!offer.rest} />
      {offer.rest && <ZipSplitNotice plan={plan} cap={run.cap} capLearned={run.learned} lead={offer.lead} />}
      <div className={actionsClassName ? `button-row ${actionsClassName}` : 'button-row'}>
        {offer.rest ? (
          <button type="button" className="primary" disabled={!run.planned || busy} onClick={run.start}>
            {zip.saved.length ? 'Download the rest' : 'Download'} as {files} ZIP file{files === 1 ? '' : 's'}
          </button>
        ) : (
          primary
        )}
        {children}
      </div>
    </>
  );
}
