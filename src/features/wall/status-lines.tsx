/**
 * The wall's status lines that most days are never shown: what failed, on the wall and on a tile. A chunk of its own: the wall loads it a few
 * seconds after its first paint (wall-route.tsx), so it is there before anything fails.
 *
 * The banner is said once for every tile when nothing answers ("Connection lost", only then) or
 * when an endpoint fails on every request ("RSAM failing since 14:02 UTC: the service
 * answers 500 (every channel). Images still updating."); a failure of some requests is left to
 * their tiles.
 */
import { utcStamp } from '../../ui/utc-stamp';
import { feedAnsweringText, feedFailureText, feedShortText } from './feed-sentences';
import { useNowMinute } from './use-now';
import { FEED_LABEL, type Feed, type FeedState, type WallVerdict } from './feed-states';

const KEPT = 'Showing the last data received, with its age; trying again by itself.';

export function WallBanner({ verdict }: { verdict: NonNullable<WallVerdict> }) {
  const now = useNowMinute();
  if (verdict.kind === 'lost')
    return (
      <p className="wall-banner" role="alert">
        Connection lost since {utcStamp(verdict.since, now)}: no answer from the service to any request. {KEPT}
      </p>
    );
  const failing = verdict.failing.map((f) => `${feedFailureText(f, now, true)}.`).join(' ');
  return (
    <p className="wall-banner" role="alert">
      {failing} {verdict.others.length ? verdict.others.map(feedAnsweringText).join(' ') : 'Nothing is updating.'}{' '}
      {KEPT}
    </p>
  );
}

interface LineProps {
  feeds: readonly FeedState[];
  /** Per feed, whether the tile's newest data of it is older than the wall's thresholds. */
  stale: Readonly<Record<Feed, boolean>>;
  /** Everything on the wall fails: the banner says it once, and the line is only read. */
  outage: boolean;
  /**
   * The banner already says in full how each of this tile's failing endpoints fails, and what still
   * updates: the tile shows the one short line, so its cameras keep their room (their ages say they
   * are current); the whole line is still read.
   */
  told?: boolean;
}

/**
 * A tile's failure line: each failing endpoint with how it fails and since when, then what of the
 * tile is still current ("RSAM failing since 14:02 UTC: the service answers 500. Images
 * current."). Only the failure is a live region: it is said when an episode starts (and when what
 * fails changes), not as the rest of the tile moves.
 */
export function TileFailureLine({ feeds, stale, outage, told = false }: LineProps) {
  const now = useNowMinute();
  const failing = feeds.flatMap((f) => feedFailureText(f, now) ?? []);
  if (failing.length === 0) return null;
  const current = feeds
    .filter((f) => f.failed.length === 0)
    .map((f) => `${FEED_LABEL[f.feed]} ${stale[f.feed] ? 'answering, but stale' : 'current'}.`);
  // A narrow tile shows one short line instead (wall-tile.css), and reads the whole one.
  const short = feeds.flatMap((f) => feedShortText(f, now) ?? []).join(' · ');
  return (
    <p className={`wall-tile__failure${outage ? ' visually-hidden' : ''}${told ? ' wall-tile__failure--told' : ''}`}>
      <span className="wall-tile__failure-whole">
        <span role="alert">{failing.map((t) => `${t}.`).join(' ')}</span>
        {current.length > 0 && <span className="wall-tile__current"> {current.join(' ')}</span>}
      </span>
      <span className="wall-tile__failure-short" aria-hidden="true">
        {short}
      </span>
    </p>
  );
}
