/**
 * The wall's failures in words: per endpoint, how its requests fail and since when, and what still
 * answers. Loaded with the lines that show them (status-lines.tsx), not with the wall.
 */
import { t } from '@lingui/core/macro';
import type { UtcMs } from '../../domain/time';
import { failureKindOf, type FailureKind } from '../../ui/failures/failure-kind';
import { failureKey, failureText } from '../../ui/failures/failure-kind-text';
import { utcStamp } from '../../ui/utc-stamp';
import { allFailing, feedLabel, type FeedState, type RequestFailure } from './feed-states';

/** A request's failure in kind: its error's, or a rate limit the limiter holds it for. */
export function kindOf(f: RequestFailure): FailureKind {
  if (f.rateLimitedUntil !== undefined) return { kind: 'rate-limited', until: f.rateLimitedUntil };
  return failureKindOf(f.error) ?? { kind: 'other', title: t`Cancelled` };
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
  const which =
    f.feed === 'seismic'
      ? f.total === 1
        ? t`the one channel`
        : t`every channel`
      : f.total === 1
        ? t`the one camera`
        : t`every camera`;
  const parts = [...groups.values()].map((g) =>
    alike ? `${g.text}${every ? ` (${which})` : ''}` : `${g.text} (${g.names.join(', ')})`,
  );
  const feed = feedLabel(f.feed);
  const since = utcStamp(feedSince(f), now);
  const how = parts.join('; ');
  return t`${feed} failing since ${since}: ${how}`;
}

/** A feed that still answers, as the banner says it: "Images still updating", "Images: 7 of 8 cameras updating". */
export function feedAnsweringText(f: FeedState): string {
  const feed = feedLabel(f.feed);
  if (f.failed.length === 0) return t`${feed} still updating.`;
  const updating = f.total - f.failed.length;
  const { total } = f;
  return f.feed === 'seismic'
    ? t`${feed}: ${updating} of ${total} channels updating.`
    : t`${feed}: ${updating} of ${total} cameras updating.`;
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
      ? t`failing`
      : k.kind === 'status'
        ? `HTTP ${k.status}`
        : k.kind === 'no-answer'
          ? t`no answer`
          : k.kind === 'malformed'
            ? t`unreadable answers`
            : k.kind === 'too-large'
              ? t`answers too large`
              : k.kind === 'schema'
                ? t`unexpected answers`
                : k.kind === 'rate-limited'
                  ? t`rate limited`
                  : t`failing`;
  const feed = feedLabel(f.feed);
  const since = utcStamp(feedSince(f), now);
  return t`${feed}: ${what} since ${since}`;
}
