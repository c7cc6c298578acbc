/**
 * After a 413 (the service will not put that many images in one ZIP): the cap learned from it, and
 * the files not saved yet planned again as smaller ZIPs, offered instead of a dead end.
 */
import { t } from '@lingui/core/macro';
import { useState, type ReactNode } from 'react';
import { formatNumber } from '../domain/format-number';
import { capFrom413, useZipCap } from './zip-cap';
import type { ZipTooLarge } from './zip-download';
import type { PlanSource } from './zip-plan';

interface Rest {
  /** The files not saved, as sources to plan again with the learned cap. */
  sources: PlanSource[];
  lead: string;
  /** The download it belongs to: a changed download (other filters, sampling) drops the offer. */
  of: string;
}

/** `of` names the download the dialog shows now: an offer made for another is not shown. */
export function useTooLargeOffer(of: string): {
  rest: Rest | null;
  lead: ReactNode;
  onTooLarge: (t: ZipTooLarge) => void;
  clear: () => void;
} {
  const { cap, learn } = useZipCap();
  const [rest, setRest] = useState<Rest | null>(null);
  const onTooLarge = (refused: ZipTooLarge) => {
    const requested = refused.part.images ?? cap;
    const learned = capFrom413(refused.error, requested);
    const sources = refused.unsaved.flatMap((p) => (p.source ? [p.source] : []));
    // One image refused, or files that cannot be planned again: the failure says what it can.
    if (learned.cap >= requested || sources.length < refused.unsaved.length) return;
    learn(learned.cap);
    const capText = formatNumber(learned.cap);
    const lead = learned.stated
      ? t`The service’s answer names a cap of ${capText} images a ZIP.`
      : t`The service’s answer names no cap, so each ZIP now asks for at most half as many images, ${capText}.`;
    setRest({ sources, lead, of });
  };
  const current = rest?.of === of ? rest : null;
  return { rest: current, lead: current?.lead, onTooLarge, clear: () => setRest(null) };
}
