/**
 * What failed on the wall, per endpoint ("feed") and per tile: which requests, how (the status the
 * service answered, an unreadable answer, no answer, a rate limit waited out) and since when. A
 * failing RSAM endpoint is not a lost connection while the images keep arriving, and a service
 * answering 500 everywhere is not one either: "Connection lost" is said only when nothing answers.
 */
import { t } from '@lingui/core/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { IMAGE_TYPE_LABEL } from '../../domain/volcanoes';
import type { UtcMs } from '../../domain/time';
import type { SinceMap } from '../../ui/failures/failing-since';
import { isAbortError, isApiError } from '../../api/http/errors';
import type { VolcanoData } from './use-wall-data';

/** The wall's two endpoints that refresh: /api/seismic/rsam and /api/imagery/q. */
export type Feed = 'seismic' | 'images';
export const FEEDS: readonly Feed[] = ['seismic', 'images'];
/** A feed's name on the wall: "RSAM", "Images". */
export const feedLabel = (feed: Feed): string => (feed === 'seismic' ? 'RSAM' : t`Images`);

/**
 * How a request fails, as the wall's first paint needs it: whether anything answered. The words
 * (the status, an unreadable answer, a rate limit) are made from `error` where they are shown
 * (feed-sentences.ts, loaded after the first paint).
 */
export interface RequestFailure {
  /** No answer at all (offline, refused, reset): only this makes a lost connection. */
  noAnswer: boolean;
  /** The query's error. */
  error?: unknown;
  /** The endpoint is held after a 429 until then, the request waiting (no error: it is still asked). */
  rateLimitedUntil?: UtcMs;
}

/** One request the wall repeats, and what its last answer says. */
export interface WallRequest {
  /** Identity across refreshes: the channel or the camera. */
  key: string;
  feed: Feed;
  vnum: number;
  /** What an operator calls it: "AV.CLCL..BHZ", "Infrared CLNE". */
  name: string;
  failure: RequestFailure | null;
  /** When the failure was seen (the query's last error), absent for a wait the limiter reports. */
  at?: UtcMs;
}

function failureOf(r: UseQueryResult<unknown>, blockedUntil: UtcMs | null): Pick<WallRequest, 'failure' | 'at'> {
  // A 429 is waited out inside the request (src/api/http/send.ts): the query is still fetching, its
  // last data shown, while the endpoint is held.
  if (blockedUntil !== null && r.fetchStatus === 'fetching')
    return { failure: { noAnswer: false, rateLimitedUntil: blockedUntil } };
  // A request its caller cancelled did not fail.
  if (!r.isError || isAbortError(r.error)) return { failure: null };
  const noAnswer = isApiError(r.error) && r.error.kind === 'network';
  return { failure: { noAnswer, error: r.error }, at: r.errorUpdatedAt };
}

/**
 * Every request of the wall's tiles, with its failure. `blocked`: when each feed's endpoint may
 * ask again after a 429 (the rate limiter's snapshot), or null.
 */
export function wallRequests(
  perVolcano: readonly VolcanoData[],
  blocked: Readonly<Record<Feed, UtcMs | null>>,
): WallRequest[] {
  return perVolcano.flatMap(({ volcano, channels, cameras }) => [
    ...channels.flatMap((c) =>
      c.result
        ? [
            {
              key: `rsam ${c.id}`,
              feed: 'seismic' as const,
              vnum: volcano.vnum,
              name: c.id,
              ...failureOf(c.result, blocked.seismic),
            },
          ]
        : [],
    ),
    ...cameras.map((c) => ({
      key: `image ${c.site} ${c.imageType}`,
      feed: 'images' as const,
      vnum: volcano.vnum,
      name: `${IMAGE_TYPE_LABEL[c.imageType]} ${c.site}`,
      ...failureOf(c.result, blocked.images),
    })),
  ]);
}

export interface FailedRequest {
  name: string;
  failure: RequestFailure;
  since: UtcMs;
}

/** One feed over some requests (the wall's, or a tile's): how many, and which fail. */
export interface FeedState {
  feed: Feed;
  total: number;
  failed: FailedRequest[];
}

/** The feeds the requests use, in FEEDS order; a feed the requests do not use is left out. */
export function feedStates(requests: readonly WallRequest[], since: SinceMap, now: UtcMs): FeedState[] {
  return FEEDS.flatMap((feed) => {
    const mine = requests.filter((r) => r.feed === feed);
    if (mine.length === 0) return [];
    const failed = mine.flatMap((r) =>
      r.failure ? [{ name: r.name, failure: r.failure, since: since[r.key] ?? now }] : [],
    );
    return [{ feed, total: mine.length, failed }];
  });
}

export const allFailing = (f: FeedState) => f.total > 0 && f.failed.length === f.total;

/** The wall's verdict: nothing answers, some feed fails everywhere, or nothing for the banner. */
export type WallVerdict =
  { kind: 'lost'; since: UtcMs } | { kind: 'feeds'; failing: FeedState[]; others: FeedState[] } | null;

/**
 * "Connection lost" only when every request of the wall gets no answer, since the moment the last
 * one that still answered failed; a feed that fails on every request is said for the whole wall;
 * failures of some requests are left to their tiles.
 */
export function wallVerdict(feeds: readonly FeedState[]): WallVerdict {
  if (feeds.length === 0) return null;
  if (feeds.every(allFailing) && feeds.every((f) => f.failed.every((r) => r.failure.noAnswer)))
    return { kind: 'lost', since: Math.max(...feeds.flatMap((f) => f.failed.map((r) => r.since))) };
  const failing = feeds.filter(allFailing);
  return failing.length ? { kind: 'feeds', failing, others: feeds.filter((f) => !allFailing(f)) } : null;
}

/**
 * Whether the banner already says how each of a tile's failing feeds fails: every one of them fails
 * on every request of the wall (the banner names it in full), so the tile may say it short.
 */
export function bannerSays(verdict: WallVerdict, tileFeeds: readonly FeedState[]): boolean {
  if (verdict?.kind !== 'feeds') return false;
  const failing = tileFeeds.filter((f) => f.failed.length > 0);
  return failing.length > 0 && failing.every((f) => verdict.failing.some((v) => v.feed === f.feed));
}

export type TileFailureStatus = 'failing' | 'unreachable';

/**
 * A tile's failure status and the label beside its dot: "Service unreachable" only when none of
 * its requests gets an answer; else what fails ("RSAM failing", "All data failing").
 */
export function tileFailure(feeds: readonly FeedState[]): { status: TileFailureStatus; label: string } | null {
  const failing = feeds.filter((f) => f.failed.length > 0);
  if (failing.length === 0) return null;
  if (feeds.every(allFailing)) {
    if (feeds.every((f) => f.failed.every((r) => r.failure.noAnswer)))
      return { status: 'unreachable', label: t`Service unreachable` };
    return {
      status: 'failing',
      label: feeds.length > 1 ? t`All data failing` : t`${feedLabel(feeds[0]!.feed)} failing`,
    };
  }
  return { status: 'failing', label: failing.length > 1 ? t`Data failing` : t`${feedLabel(failing[0]!.feed)} failing` };
}
