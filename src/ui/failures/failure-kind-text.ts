/**
 * What failed, in the words an operator reads across a room; the wall and the home page say
 * failures alike through these.
 */
import { t } from '@lingui/core/macro';
import type { UtcMs } from '../../domain/time';
import { utcStamp } from '../utc-stamp';
import type { FailureKind } from './failure-kind';

/** "the service answers 500", "no answer from the service", "rate limited, waiting until 14:05 UTC". */
export function failureText(k: FailureKind, now: UtcMs): string {
  switch (k.kind) {
    case 'status':
      return t`the service answers ${k.status}`;
    case 'malformed':
      return t`the service sends answers it cannot read`;
    case 'too-large':
      return t`the service sends answers too large to read`;
    case 'schema':
      return t`the service answers in an unexpected shape`;
    case 'no-answer':
      return t`no answer from the service`;
    case 'rate-limited': {
      const until = k.until !== null && k.until > now ? utcStamp(k.until, now) : null;
      return until ? t`rate limited, waiting until ${until}` : t`rate limited, waiting`;
    }
    case 'other':
      return k.title.charAt(0).toLowerCase() + k.title.slice(1);
  }
}

/** Failures that read alike group under one key (a rate limit's end moves; its kind does not). */
export function failureKey(k: FailureKind): string {
  return k.kind === 'status' ? `status ${k.status}` : k.kind === 'other' ? `other ${k.title}` : k.kind;
}
