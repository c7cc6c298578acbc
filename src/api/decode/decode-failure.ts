/**
 * A big body's decode failure (plain data from the parse worker, or from the same decoding in this
 * thread) worded as the ApiError `parseJson` + `validate` give for a small body.
 */
import type { DecodeFailure } from './decoded';
import { ApiError, notJsonDetail } from '../http/errors';
import { ENDPOINT_LABELS, type EndpointKey } from '../endpoints';
import { formatPath } from './schema-words';
import { describeIssue, fieldProblemWords } from './issue-words';
import { validationError } from './validate';

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
        detail: notJsonDetail(JSON.stringify(f.head)),
      });
    case 'issue': {
      const path = f.issue.path.length ? formatPath(f.issue.path) : '';
      const field = f.prefix ? `${f.prefix}${path ? `.${path}` : ''}` : formatPath(f.issue.path);
      return validationError(validationLabel, field, describeIssue(f.issue), url);
    }
    case 'field':
      return validationError(validationLabel, f.field, fieldProblemWords(f.problem), url);
  }
}
