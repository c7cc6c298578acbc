/** Why a ZIP download failed, in plain words, and what to do about it. */
import { t } from '@lingui/core/macro';
import { ApiError } from '../api/http/errors';
import { ZipConnectionLost } from '../api/http/zip-stream';
import { SaveError } from './save-stream';

export interface ZipFailure {
  title: string;
  detail: string;
  hint: string;
}

const nothingKept = () => t`Nothing of the unfinished file was kept.`;

function rateHint(seconds: number | undefined | null): string {
  return seconds
    ? t`The service counts requests per minute. Wait ${seconds} s, then retry.`
    : t`The service counts requests per minute. Wait until the next minute, then retry.`;
}

export function describeZipError(e: unknown): ZipFailure {
  if (e instanceof SaveError) {
    if (e.reason === 'too-large')
      return {
        title: t`This browser cannot save a file this large`,
        detail: e.message,
        hint: t`Use a current Chrome, Edge or Firefox, or make the download smaller (sampling, a shorter range, fewer images).`,
      };
    if (e.reason === 'stopped')
      return { title: t`Saving the file was stopped`, detail: e.message, hint: nothingKept() };
    return {
      title: t`The file could not be written`,
      detail: e.message,
      hint: t`Check the free space and the permissions of the folder, then retry.`,
    };
  }
  if (!(e instanceof ApiError)) {
    const msg = e instanceof Error ? e.message : String(e);
    // A download cancelled in the browser's own download bar surfaces as an error of the pipe.
    return {
      title: t`The download stopped`,
      detail: msg,
      hint: t`Nothing of the unfinished file was kept. Retry to start it again.`,
    };
  }
  const s = e.status ?? 0;
  switch (e.kind) {
    case 'network':
      return {
        title:
          e instanceof ZipConnectionLost
            ? t`The connection was lost during the download`
            : t`The service could not be reached`,
        detail: e.detail,
        hint: t`Nothing of the unfinished file was kept. Check the network connection, then retry.`,
      };
    case 'rate-limited':
      return {
        title: t`The service is limiting requests (429)`,
        detail: e.detail,
        hint: rateHint(e.retryAfterSeconds),
      };
    case 'malformed':
    case 'validation':
      return {
        title: t`The service did not send a ZIP file`,
        detail: e.detail,
        hint: t`This is a fault on the service side; retry later or report it.`,
      };
    case 'aborted':
      return { title: t`Cancelled`, detail: e.detail, hint: nothingKept() };
    case 'worker':
      return {
        title: t`This page stopped working on the download`,
        detail: e.detail,
        hint: t`Nothing of the unfinished file was kept. Retry; if it persists, reload the page.`,
      };
    case 'http':
      if (s === 413)
        return {
          title: t`The service refused: the download is too large (413)`,
          detail: e.detail,
          hint: t`Choose hourly or daily sampling, a shorter range, or fewer images, then retry.`,
        };
      if (s >= 500)
        return {
          title: t`The service failed while preparing the ZIP (${s})`,
          detail: e.detail,
          hint: t`Nothing of the unfinished file was kept. This is a fault on the service side; retry in a moment.`,
        };
      return {
        title: t`The service refused the download (${s})`,
        detail: e.detail,
        hint: t`Change the request as the message says, then retry.`,
      };
  }
}
