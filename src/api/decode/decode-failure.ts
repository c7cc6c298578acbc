/**
 * Reading a big body as bytes (for transfer to the parse worker) and wording a decode failure as
 * the same ApiError `readJson` + `validate` give for a small body.
 */
import type { DecodeFailure } from './body-schemas';
import { ApiError } from '../http/errors';
import { ENDPOINT_LABELS, type EndpointKey } from '../endpoints';
import { describeIssue, formatPath, validationError } from '../http/send';

export async function readBytes(res: Response, endpoint: EndpointKey, signal?: AbortSignal): Promise<ArrayBuffer> {
  const label = ENDPOINT_LABELS[endpoint];
  try {
    return await res.arrayBuffer();
  } catch (e) {
    if (signal?.aborted)
      throw new ApiError({ kind: 'aborted', endpoint: label, url: res.url, detail: 'The request was cancelled' });
    throw new ApiError({
      kind: 'network',
      endpoint: label,
      url: res.url,
      detail: `the answer was cut off (${String(e)})`,
    });
  }
}

/** `validationLabel` is the endpoint name used in validation messages (the path, for RSAM). */
export function failureError(
  f: DecodeFailure,
  endpoint: EndpointKey,
  validationLabel: string,
  url?: string,
  status?: number,
): ApiError {
  switch (f.kind) {
    case 'malformed':
      return new ApiError({
        kind: 'malformed',
        endpoint: ENDPOINT_LABELS[endpoint],
        url,
        status,
        detail: `the body is not valid JSON (starts with ${JSON.stringify(f.head)})`,
      });
    case 'issue': {
      const path = f.issue.path.length ? formatPath(f.issue.path) : '';
      const field = f.prefix ? `${f.prefix}${path ? `.${path}` : ''}` : formatPath(f.issue.path);
      return validationError(validationLabel, field, describeIssue(f.issue), url);
    }
    case 'field':
      return validationError(validationLabel, f.field, f.problem, url);
  }
}

export function throwIfAborted(signal: AbortSignal | undefined, endpoint: EndpointKey, url: string): void {
  if (signal?.aborted)
    throw new ApiError({
      kind: 'aborted',
      endpoint: ENDPOINT_LABELS[endpoint],
      url,
      detail: 'The request was cancelled',
    });
}
