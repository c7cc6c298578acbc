import { zoneFileTag, isAmbiguousAt, localDaysSpan, resolveLocalIso, toWall, wallRangeToUtc } from './local-time';

const Z = (s: string) => Date.parse(s);

describe('local times across daylight-saving changes', () => {
  it('America/Santiago fall-back (2025-04-05 23:xx happens twice): the earlier instant, marked ambiguous', () => {
    expect(resolveLocalIso('2025-04-05T23:30:00', 'America/Santiago')).toEqual({
      kind: 'ambiguous',
      utcMs: Z('2025-04-06T02:30:00Z'),
      later: Z('2025-04-06T03:30:00Z'),
    });
    expect(isAmbiguousAt('America/Santiago', Z('2025-04-06T03:30:00Z'))).toBe(true);
    expect(isAmbiguousAt('America/Santiago', Z('2025-04-06T04:30:00Z'))).toBe(false);
  });

  it('America/Santiago spring-forward (2025-09-07 00:xx never existed): no instant, the jump instead', () => {
    expect(resolveLocalIso('2025-09-07T00:30', 'America/Santiago')).toEqual({
      kind: 'nonexistent',
      shifted: Z('2025-09-07T04:30:00Z'),
    });
    expect(resolveLocalIso('2025-09-07T01:30', 'America/Santiago')).toEqual({
      kind: 'unique',
      utcMs: Z('2025-09-07T04:30:00Z'),
    });
  });

  it('Atlantic/Canary: 2025-03-30 01:30 never existed, 2025-10-26 01:30 happened twice', () => {
    expect(resolveLocalIso('2025-03-30T01:30:00', 'Atlantic/Canary')).toEqual({
      kind: 'nonexistent',
      shifted: Z('2025-03-30T01:30:00Z'),
    });
    expect(resolveLocalIso('2025-10-26T01:30:00', 'Atlantic/Canary')).toEqual({
      kind: 'ambiguous',
      utcMs: Z('2025-10-26T00:30:00Z'),
      later: Z('2025-10-26T01:30:00Z'),
    });
    expect(resolveLocalIso('2025-07-01T12:00:00', 'Atlantic/Canary')).toEqual({
      kind: 'unique',
      utcMs: Z('2025-07-01T11:00:00Z'),
    });
  });

  it('rejects malformed and rolled-over wall times', () => {
    expect(resolveLocalIso('2025-02-30T10:00', 'Atlantic/Canary')).toBeNull();
    expect(resolveLocalIso('2025-02-03 25:00', 'Atlantic/Canary')).toBeNull();
  });

  it('local days cover the instants between wall midnights, including 23- and 25-hour days', () => {
    // Santiago skips 00:00–01:00 on 2025-09-07: that day starts at the jump and has 23 hours.
    const spring = localDaysSpan('America/Santiago', Date.UTC(2025, 8, 7), Date.UTC(2025, 8, 7));
    expect(spring).toEqual({ start: Z('2025-09-07T04:00:00Z'), end: Z('2025-09-08T03:00:00Z') - 1 });
    const fall = localDaysSpan('America/Santiago', Date.UTC(2025, 3, 5), Date.UTC(2025, 3, 5));
    expect(fall.end + 1 - fall.start).toBe(25 * 3_600_000);
    const canary = localDaysSpan('Atlantic/Canary', Date.UTC(2025, 2, 1), Date.UTC(2025, 2, 7));
    expect(canary).toEqual({ start: Z('2025-03-01T00:00:00Z'), end: Z('2025-03-08T00:00:00Z') - 1 });
    expect(toWall('America/Adak', Z('2025-03-01T10:00:00Z'))).toBe(Date.UTC(2025, 2, 1));
  });
});

describe('wall ranges as UTC ranges', () => {
  it('includes both passes of a repeated hour and stops at a jump', () => {
    // Santiago: 2025-04-05 23:00–23:59 happens twice; the range to 23:30 takes the second pass too.
    const fall = wallRangeToUtc('America/Santiago', Date.UTC(2025, 3, 5, 23), Date.UTC(2025, 3, 5, 23, 30));
    expect(fall).toEqual({ start: Z('2025-04-06T02:00:00Z'), end: Z('2025-04-06T03:30:00Z') });
    // Canary: 01:00–01:59 on 2025-03-30 never happened; a range from 01:30 starts at the jump.
    const spring = wallRangeToUtc('Atlantic/Canary', Date.UTC(2025, 2, 30, 1, 30), Date.UTC(2025, 2, 30, 1, 45));
    expect(spring).toEqual({ start: Z('2025-03-30T01:00:00Z'), end: Z('2025-03-30T00:59:59Z') });
  });
});

it('names a zone safely in a file name', () => {
  expect(zoneFileTag('America/Adak')).toBe('America-Adak');
  expect(zoneFileTag('UTC')).toBe('UTC');
});
