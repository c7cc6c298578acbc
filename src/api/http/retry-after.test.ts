import { clampRetryAfter, parseRetryAfter } from './retry-after';
import { platformWindow, waitCeilingMs } from '../rate/wait-ceiling';
import { waitWindowFor } from '../endpoints';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('parseRetryAfter', () => {
  it('reads delay-seconds as given, however large', () => {
    expect(parseRetryAfter('12', NOW)).toBe(12);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter('99999999', NOW)).toBe(99_999_999);
    expect(parseRetryAfter('9'.repeat(400), NOW)).toBe(Infinity);
  });

  it('reads the three HTTP-date forms as seconds until then, in GMT', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 12:00:30 GMT', NOW)).toBe(30);
    expect(parseRetryAfter('Wednesday, 01-Jan-25 12:01:00 GMT', NOW)).toBe(60);
    expect(parseRetryAfter('Wed Jan  1 12:00:45 2025', NOW)).toBe(45);
    // Years ahead: as asked (the ceiling is the caller's).
    expect(parseRetryAfter('Sat, 01 Jan 2033 00:00:00 GMT', NOW)).toBe((Date.UTC(2033, 0, 1) - NOW) / 1000);
  });

  it('makes a date in the past no wait', () => {
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', NOW)).toBe(0);
  });

  it('ignores what is neither form: negative, fractional, free text, a bare date', () => {
    for (const v of ['-5', '1.5', '5s', 'soon', '2025-01-02', 'NaN', 'Infinity', '', null, undefined])
      expect(parseRetryAfter(v, NOW)).toBeUndefined();
  });
});

describe('clampRetryAfter', () => {
  const minute = waitCeilingMs('minute');

  it('keeps a wait within the window as asked, and says nothing', () => {
    expect(clampRetryAfter(30, minute)).toEqual({ ms: 30_000, askedMs: undefined });
    expect(clampRetryAfter(0, minute)).toEqual({ ms: 0, askedMs: undefined });
  });

  it('cuts a longer one to the window and keeps what was asked', () => {
    expect(clampRetryAfter(99_999_999, minute)).toEqual({ ms: minute, askedMs: 99_999_999_000 });
    expect(clampRetryAfter(Infinity, minute)).toEqual({ ms: minute, askedMs: Infinity });
  });

  it('makes NaN and negatives no wait', () => {
    expect(clampRetryAfter(Number.NaN, minute)).toEqual({ ms: 0, askedMs: undefined });
    expect(clampRetryAfter(-3, minute)).toEqual({ ms: 0, askedMs: undefined });
  });
});

describe('the window of each host', () => {
  it('is a minute and its margins on the main and legacy hosts', () => {
    expect(waitCeilingMs(waitWindowFor('seismic.rsam'))).toBe(65_000);
    expect(waitCeilingMs(waitWindowFor('legacy'))).toBe(65_000);
  });

  it('follows ot-period on the platform, an hour when it names none', () => {
    const h = (p: string) => new Headers({ 'ot-period': p });
    expect(waitWindowFor('platform.eventTypes', h('MINUTE'))).toBe('minute');
    expect(waitWindowFor('platform.eventTypes', h('minute '))).toBe('minute');
    expect(waitWindowFor('platform.eventTypes', h('HOUR'))).toBe('hour');
    expect(waitWindowFor('platform.eventTypes', h('DECADE'))).toBe('hour');
    expect(waitWindowFor('platform.token')).toBe('hour');
    expect(platformWindow(null)).toBe('hour');
    expect(waitCeilingMs('hour')).toBe(3_605_000);
  });
});
