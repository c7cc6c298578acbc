/** Judging a parsed body against its valibot schema; a mismatch is an ApiError naming the field. */
import { t } from '@lingui/core/macro';
import * as v from 'valibot';
import { ApiError } from '../http/errors';
import { formatPath, issueData } from './schema-words';
import { describeIssue } from './issue-words';

/** A schema this layer can judge a body with (valibot's generic type, shortened). */
export type Schema = v.GenericSchema;

export function validate<S extends Schema>(schema: S, body: unknown, endpoint: string, url?: string): v.InferOutput<S> {
  const r = v.safeParse(schema, body, { abortEarly: true });
  if (r.success) return r.output;
  const issue = issueData(r.issues[0]);
  throw validationError(endpoint, formatPath(issue.path), describeIssue(issue), url, body);
}

/** A body that does not match what the spec promises: names the endpoint and the field. */
export function validationError(
  endpoint: string,
  field: string,
  problem: string,
  url?: string,
  body?: unknown,
): ApiError {
  // One message: a language may put the field after what is wrong with it.
  return new ApiError({ kind: 'validation', endpoint, url, field, detail: t`field "${field}" ${problem}`, body });
}
