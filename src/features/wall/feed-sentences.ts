/**
 * The wall's failures in words: per endpoint, how its requests fail and since when, and what still
 * answers. Loaded with the lines that show them (status-lines.tsx), not with the wall.
 */
import type { UtcMs } from '../../domain/time';
import { failureKindOf, type FailureKind } from '../../ui/failures/failure-kind';
import { failureKey, failureText } from '../../ui/failures/failure-kind-text';
import { utcStamp } from '../../ui/utc-stamp';
import { allFailing, FEED_LABEL, FEED_UNIT, type FeedState, type RequestFailure } from './feed-states';

/** A request's failure in kind: its error's, or a rate limit the limiter holds it for. */
export function kindOf(f: RequestFailure): FailureKind {
  if (f.rateLimitedUntil !== undefined) return { kind: 'rate-limited', until: f.rateLimitedUntil };
  return failureKindOf(f.error) ?? { kind: 'other', title: 'Cancelled' };
}

/** When the feed's current failures began: the first of them. */
export const feedSince = (f: FeedState): UtcMs => Math.min(...f.failed.map((r) => r.since));

/**
 * "RSAM failing since 14:02 UTC: the service answers 500", naming the requests unless
 * every one fails alike (`every` then says how many: "(every channel)"); null when none fails.
 */
export function feedFailureText(f: FeedState, now: UtcMs, every = false): string | null {
  if (f.failed.length === 0) return null;
  const groups = new Map<string, { text: string; names: string[] }>();
  for (const r of f.failed) {
    // A rate limit's end moves with each refusal: left to the rate-wait bar, so this line (a live
    // region) is said once for the episode.
    const kind =
      r.failure.rateLimitedUntil === undefined ? kindOf(r.failure) : { kind: 'rate-limited' as const, until: null };
    const key = failureKey(kind);
    const g = groups.get(key) ?? { text: failureText(kind, now), names: [] };
    groups.set(key, g);
    g.names.push(r.name);
  }
  const alike = allFailing(f) && groups.size === 1;
  const [one] = FEED_UNIT[f.feed];
  const parts = [...groups.values()].map((g) =>
    alike
      ? `${g.text}${every ? ` (${f.total === 1 ? `the one ${one}` : `every ${one}`})` : ''}`
      : `${g.text} (${g.names.join(', ')})`,
  );
  return `${FEED_LABEL[f.feed]} failing since ${utcStamp(feedSince(f), now)}: ${parts.join('; ')}`;
}

/** A feed that still answers, as the banner says it: "Images still updating", "Images: 7 of 8 cameras updating". */
export function feedAnsweringText(f: FeedState): string {
  const [, many] = FEED_UNIT[f.feed];
  return f.failed.length === 0
    ? `${FEED_LABEL[f.feed]} still updating.`
    : `${FEED_LABEL[f.feed]}: ${f.total - f.failed.length} of ${f.total} ${many} updating.`;
}

/**
 * A failing feed in as few words as a narrow tile holds on one line: "RSAM: HTTP 500 since 14:02
 * UTC"; the whole line is still read (status-lines.tsx).
 */
export function feedShortText(f: FeedState, now: UtcMs): string | null {
  if (f.failed.length === 0) return null;
  const kinds = new Set(f.failed.map((r) => failureKey(kindOf(r.failure))));
  const k = kindOf(f.failed[0]!.failure);
  const what =
    kinds.size > 1
      ? 'failing'
      : k.kind === 'status'
        ? `HTTP ${k.status}`
        : k.kind === 'no-answer'
          ? 'no answer'
          : k.kind === 'malformed'
            ? 'unreadable answers'
            : k.kind === 'too-large'
              ? 'answers too large'
              : k.kind === 'schema'
                ? 'unexpected answers'
                : k.kind === 'rate-limited'
                  ? 'rate limited'
                  : 'failing';
  return `${FEED_LABEL[f.feed]}: ${what} since ${utcStamp(feedSince(f), now)}`;
}
