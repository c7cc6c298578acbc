/** Progress of a ZIP download in words: bytes so far, of how much, and which file of several. */
import { t } from '@lingui/core/macro';
import { formatMegabytes } from './download-estimate';
import { formatNumber } from '../domain/format-number';

export interface ZipProgress {
  /** 1-based file number, and how many files the download has. */
  part: number;
  parts: number;
  bytes: number;
  /** From `Content-Length`: the exact size of this file. */
  contentLength: number | undefined;
  /** From the estimate (spec 01 §4.5 `estimated_size_mb`), for this file. */
  estimateBytes: number | undefined;
}

export const MB = 1_048_576;

export const formatBytes = (n: number): string => formatMegabytes(n / MB);

/**
 * Percent done, against the exact size when the service sent one, else against the estimate. An
 * estimate can be low, so an estimated percent stops at 99 until the file is complete.
 */
export function progressPercent(p: Pick<ZipProgress, 'bytes' | 'contentLength' | 'estimateBytes'>): number | null {
  if (p.contentLength) return Math.min(100, Math.floor((p.bytes / p.contentLength) * 100));
  if (p.estimateBytes) return Math.min(99, Math.floor((p.bytes / p.estimateBytes) * 100));
  return null;
}

export function describeProgress(p: ZipProgress): string {
  const pct = progressPercent(p);
  const done = formatBytes(p.bytes);
  let bytes = done;
  if (p.contentLength) {
    const size = formatBytes(p.contentLength);
    bytes = t`${done} of ${size}`;
  } else if (p.estimateBytes) {
    const size = formatBytes(p.estimateBytes);
    bytes = t`${done} of about ${size} (estimate)`;
  }
  const text = pct === null ? bytes : `${bytes} — ${formatNumber(pct)} %`;
  if (p.parts <= 1) return text;
  const { part, parts } = p;
  return t`ZIP ${part} of ${parts}: ${text}`;
}

/** "3 ZIP files of up to 220 images each", said before a split download starts. */
export function describeSplit(groups: readonly (readonly unknown[])[]): string | null {
  if (groups.length <= 1) return null;
  const largest = Math.max(...groups.map((g) => g.length));
  const files = groups.length;
  const most = formatNumber(largest);
  return t`${files} ZIP files of up to ${most} images each`;
}
