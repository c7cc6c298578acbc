import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wallSplits } from './time-splits';

const s = (iso: string) => Date.parse(`${iso}Z`) / 1000;
const iso = (t: number) => new Date(t * 1000).toISOString().slice(0, 16);
const H = 3600;
const D = 86_400;

// The browser's own zone must not matter: these run as if in Santiago.
let tz: string | undefined;
beforeEach(() => {
  tz = process.env.TZ;
  process.env.TZ = 'America/Santiago';
});
afterEach(() => {
  if (tz === undefined) delete process.env.TZ;
  else process.env.TZ = tz;
});

describe('time axis ticks on the zone’s wall clock', () => {
  it('a UTC chart keeps its 00:00 UTC tick on the day Santiago skips midnight (2025-09-07)', () => {
    const ticks = wallSplits('UTC', s('2025-09-06T00:00:00'), s('2025-09-08T00:00:00'), 6 * H).map(iso);
    expect(ticks).toEqual([
      '2025-09-06T00:00',
      '2025-09-06T06:00',
      '2025-09-06T12:00',
      '2025-09-06T18:00',
      '2025-09-07T00:00',
      '2025-09-07T06:00',
      '2025-09-07T12:00',
      '2025-09-07T18:00',
      '2025-09-08T00:00',
    ]);
    expect(wallSplits('UTC', s('2025-09-05T12:00:00'), s('2025-09-09T12:00:00'), D).map(iso)).toEqual([
      '2025-09-06T00:00',
      '2025-09-07T00:00',
      '2025-09-08T00:00',
      '2025-09-09T00:00',
    ]);
  });

  it('local midnights in local time, the skipped one at the jump, across both of Santiago’s changes', () => {
    // Fall-back: midnight of 6 April is at −04 (04:00 UTC); midnight of 5 April still at −03.
    expect(wallSplits('America/Santiago', s('2025-04-04T12:00:00'), s('2025-04-07T12:00:00'), D).map(iso)).toEqual([
      '2025-04-05T03:00',
      '2025-04-06T04:00',
      '2025-04-07T04:00',
    ]);
    // Spring-forward: 2025-09-07 begins at 01:00 (04:00 UTC), the instant the clocks jumped.
    expect(wallSplits('America/Santiago', s('2025-09-05T12:00:00'), s('2025-09-08T12:00:00'), D).map(iso)).toEqual([
      '2025-09-06T04:00',
      '2025-09-07T04:00',
      '2025-09-08T03:00',
    ]);
  });

  it('hours through a repeated hour tick both passes, an hour apart, and step over a skipped one', () => {
    // The Canaries, 2025-10-26: 00:00, 01:00 (+01), 01:00 (+00), 02:00 local.
    expect(wallSplits('Atlantic/Canary', s('2025-10-25T22:30:00'), s('2025-10-26T02:30:00'), H).map(iso)).toEqual([
      '2025-10-25T23:00',
      '2025-10-26T00:00',
      '2025-10-26T01:00',
      '2025-10-26T02:00',
    ]);
    // Santiago, 2025-09-07: 23:00 (−04) then 01:00 (−03), an hour later.
    expect(wallSplits('America/Santiago', s('2025-09-07T02:30:00'), s('2025-09-07T05:30:00'), H).map(iso)).toEqual([
      '2025-09-07T03:00',
      '2025-09-07T04:00',
      '2025-09-07T05:00',
    ]);
  });

  it('months and years start on the zone’s first day', () => {
    expect(wallSplits('America/Santiago', s('2025-01-15T00:00:00'), s('2025-05-15T00:00:00'), 30 * D).map(iso)).toEqual(
      ['2025-02-01T03:00', '2025-03-01T03:00', '2025-04-01T03:00', '2025-05-01T04:00'],
    );
    expect(wallSplits('UTC', s('2024-06-01T00:00:00'), s('2026-06-01T00:00:00'), 365 * D).map(iso)).toEqual([
      '2025-01-01T00:00',
      '2026-01-01T00:00',
    ]);
  });
});
