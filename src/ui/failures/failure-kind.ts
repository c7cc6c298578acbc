/**
 * The kind of a request's failure, as an operator needs it told: the status the service answered,
 * an answer it could not read, no answer at all, a rate limit being waited out. "The service
 * answers 500" is not a lost connection: the service answered.
 */
import { describeError, isApiError } from '../../api/http/errors';
import type { UtcMs } from '../../domain/time';

export type FailureKind =
  | { kind: 'status'; status: number }
  | { kind: 'malformed' }
  /** An answer past the endpoint's ceiling on bytes read (read-body.ts), stopped, not unreadable. */
  | { kind: 'too-large' }
  | { kind: 'schema' }
  | { kind: 'no-answer' }
  /** `until`: when the endpoint may ask again, where the rate limiter knows it. */
  | { kind: 'rate-limited'; until: UtcMs | null }
  | { kind: 'other'; title: string };

/** The kind of a request's error; null for one its caller cancelled (not a failure). */
export function failureKindOf(e: unknown): FailureKind | null {
  if (!isApiError(e)) return { kind: 'other', title: describeError(e).title };
  switch (e.kind) {
    case 'http':
      return { kind: 'status', status: e.status ?? 0 };
    case 'network':
      return { kind: 'no-answer' };
    case 'rate-limited':
      return { kind: 'rate-limited', until: null };
    case 'malformed':
      return e.tooLarge ? { kind: 'too-large' } : { kind: 'malformed' };
    case 'validation':
      return { kind: 'schema' };
    case 'aborted':
      return null;
    case 'worker':
      return { kind: 'other', title: describeError(e).title };
  }
}
