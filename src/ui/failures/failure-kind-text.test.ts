import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http/errors';
import { utcStamp } from '../utc-stamp';
import { failureKindOf } from './failure-kind';
import { failureKey, failureText } from './failure-kind-text';
import { nextSince } from './failing-since';

const NOW = Date.UTC(2026, 10, 20, 14, 30);
const e = (kind: ApiError['kind'], status?: number) => new ApiError({ kind, endpoint: '/x', detail: 'd', status });

describe('failure words', () => {
  it('names what the service did: a status it answered is not "no answer"', () => {
    const said = (x: unknown) => {
      const k = failureKindOf(x);
      return k && failureText(k, NOW);
    };
    expect(said(e('http', 500))).toBe('the service answers 500');
    expect(said(e('http', 404))).toBe('the service answers 404');
    expect(said(e('network'))).toBe('no answer from the service');
    expect(said(e('malformed'))).toBe('the service sends answers it cannot read');
    const tooLarge = new ApiError({ kind: 'malformed', endpoint: '/x', detail: 'd', tooLarge: true });
    expect(said(tooLarge)).toBe('the service sends answers too large to read');
    expect(said(e('validation'))).toBe('the service answers in an unexpected shape');
    expect(said(e('rate-limited', 429))).toBe('rate limited, waiting');
    expect(said(new Error('boom'))).toBe('something went wrong');
    // The caller no longer wanted it: not a failure of the service.
    expect(failureKindOf(e('aborted'))).toBeNull();
  });

  it('says until when a rate limit holds, in UTC, and groups rate limits whatever their end', () => {
    const until = NOW + 95_000;
    expect(failureText({ kind: 'rate-limited', until }, NOW)).toBe('rate limited, waiting until 14:31 UTC');
    expect(failureText({ kind: 'rate-limited', until: NOW - 1 }, NOW)).toBe('rate limited, waiting');
    expect(failureKey({ kind: 'rate-limited', until })).toBe(failureKey({ kind: 'rate-limited', until: null }));
    expect(failureKey({ kind: 'status', status: 500 })).not.toBe(failureKey({ kind: 'status', status: 502 }));
  });

  it('writes a time with its zone, and its date when it is not today', () => {
    expect(utcStamp(Date.UTC(2026, 10, 20, 14, 2), NOW)).toBe('14:02 UTC');
    expect(utcStamp(Date.UTC(2026, 10, 19, 23, 58), NOW)).toBe('2026-11-19 23:58 UTC');
  });
});

describe('nextSince', () => {
  it('keeps the first failure of a run until the request answers again', () => {
    let since = nextSince({}, [{ key: 'a', failing: false, at: 0 }]);
    expect(since).toEqual({});
    since = nextSince(since, [
      { key: 'a', failing: true, at: 1000 },
      { key: 'b', failing: false, at: 0 },
    ]);
    expect(since).toEqual({ a: 1000 });
    // Each retry's failure moves the query's error time; the run's start stays.
    const same = nextSince(since, [
      { key: 'a', failing: true, at: 5000 },
      { key: 'b', failing: false, at: 0 },
    ]);
    expect(same).toBe(since);
    since = nextSince(since, [
      { key: 'a', failing: false, at: 5000 },
      { key: 'b', failing: true, at: 6000 },
    ]);
    expect(since).toEqual({ b: 6000 });
    // A failure the limiter reports has no time of its own: now.
    const t = nextSince({}, [{ key: 'c', failing: true }]).c!;
    expect(Math.abs(t - Date.now())).toBeLessThan(1000);
  });
});
