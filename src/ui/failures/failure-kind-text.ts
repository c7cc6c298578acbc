/**
 * What failed, in the words an operator reads across a room; the wall and the home page say
 * failures alike through these.
 */
import type { UtcMs } from '../../domain/time';
import { utcStamp } from '../utc-stamp';
import type { FailureKind } from './failure-kind';

/** "the service answers 500", "no answer from the service", "rate limited, waiting until 14:05 UTC". */
export function failureText(k: FailureKind, now: UtcMs): string {
  switch (k.kind) {
    case 'status':
      return `the service answers ${k.status}`;
    case 'malformed':
      return 'the service sends answers it cannot read';
    case 'too-large':
      return 'the service sends answers too large to read';
    case 'schema':
      return 'the service answers in an unexpected shape';
    case 'no-answer':
      return 'no answer from the service';
    case 'rate-limited':
      return k.until !== null && k.until > now
        ? `rate limited, waiting until ${utcStamp(k.until, now)}`
        : 'rate limited, waiting';
    case 'other':
      return k.title.charAt(0).toLowerCase() + k.title.slice(1);
  }
}

/** Failures that read alike group under one key (a rate limit's end moves; its kind does not). */
export function failureKey(k: FailureKind): string {
  return k.kind === 'status' ? `status ${k.status}` : k.kind === 'other' ? `other ${k.title}` : k.kind;
}
