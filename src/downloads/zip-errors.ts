/** Why a ZIP download failed, in plain words, and what to do about it. */
import { ApiError } from '../api/http/errors';
import { SaveError } from './save-stream';

export interface ZipFailure {
  title: string;
  detail: string;
  hint: string;
}

const NOTHING_KEPT = 'Nothing of the unfinished file was kept.';

export function describeZipError(e: unknown): ZipFailure {
  if (e instanceof SaveError) {
    if (e.reason === 'too-large')
      return {
        title: 'This browser cannot save a file this large',
        detail: e.message,
        hint: 'Use a current Chrome, Edge or Firefox, or make the download smaller (sampling, a shorter range, fewer images).',
      };
    if (e.reason === 'stopped') return { title: 'Saving the file was stopped', detail: e.message, hint: NOTHING_KEPT };
    return {
      title: 'The file could not be written',
      detail: e.message,
      hint: 'Check the free space and the permissions of the folder, then retry.',
    };
  }
  if (!(e instanceof ApiError)) {
    const msg = e instanceof Error ? e.message : String(e);
    // A download cancelled in the browser's own download bar surfaces as an error of the pipe.
    return { title: 'The download stopped', detail: msg, hint: `${NOTHING_KEPT} Retry to start it again.` };
  }
  const s = e.status ?? 0;
  switch (e.kind) {
    case 'network':
      return {
        title: /lost during/.test(e.detail)
          ? 'The connection was lost during the download'
          : 'The service could not be reached',
        detail: e.detail,
        hint: `${NOTHING_KEPT} Check the network connection, then retry.`,
      };
    case 'rate-limited':
      return {
        title: 'The service is limiting requests (429)',
        detail: e.detail,
        hint: `The service counts requests per minute. Wait ${e.retryAfterSeconds ? `${e.retryAfterSeconds} s` : 'until the next minute'}, then retry.`,
      };
    case 'malformed':
    case 'validation':
      return {
        title: 'The service did not send a ZIP file',
        detail: e.detail,
        hint: 'This is a fault on the service side; retry later or report it.',
      };
    case 'aborted':
      return { title: 'Cancelled', detail: e.detail, hint: NOTHING_KEPT };
    case 'worker':
      return {
        title: 'This page stopped working on the download',
        detail: e.detail,
        hint: `${NOTHING_KEPT} Retry; if it persists, reload the page.`,
      };
    case 'http':
      if (s === 413)
        return {
          title: 'The service refused: the download is too large (413)',
          detail: e.detail,
          hint: 'Choose hourly or daily sampling, a shorter range, or fewer images, then retry.',
        };
      if (s >= 500)
        return {
          title: `The service failed while preparing the ZIP (${s})`,
          detail: e.detail,
          hint: `${NOTHING_KEPT} This is a fault on the service side; retry in a moment.`,
        };
      return {
        title: `The service refused the download (${s})`,
        detail: e.detail,
        hint: 'Change the request as the message says, then retry.',
      };
  }
}
