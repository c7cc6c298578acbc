import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS } from './imagery-params';
import { carryRange, coveredUtcSpan, rangeMode, spanSentence } from './range-mode';

const Z = (s: string) => Date.parse(s);

describe('range mode (spec 01 §4.5 freq rules)', () => {
  it('local days for freq=all with one site and for daily; UTC otherwise', () => {
    expect(rangeMode({ freq: 'all', site: 'VPMI' })).toEqual({
      kind: 'local-days',
      site: 'VPMI',
      zone: 'America/Costa_Rica',
    });
    expect(rangeMode({ freq: 'daily', site: 'RKPI' }).kind).toBe('local-days');
    expect(rangeMode({ freq: 'all' }).kind).toBe('utc');
    expect(rangeMode({ freq: 'hourly', site: 'RKPI' }).kind).toBe('utc');
    expect(rangeMode({ freq: 'all', site: 'NOPE' })).toEqual({ kind: 'local-days', site: 'NOPE', zone: null });
  });

  it('covers the instants between local midnights, across a Canary spring-forward', () => {
    const f = { ...DEFAULT_FILTERS, site: 'CV01', from: Date.UTC(2025, 2, 29), to: Date.UTC(2025, 2, 30, 23, 59, 59) };
    // 29 March is WET (UTC+0); 30 March ends in WEST (UTC+1): 47 hours in all.
    expect(coveredUtcSpan(f)).toEqual({ start: Z('2025-03-29T00:00:00Z'), end: Z('2025-03-30T23:00:00Z') - 1 });
    expect(spanSentence(f)).toBe(
      'From and To are whole local days at CV01 (Atlantic/Canary); the service ignores times of day. This covers 2025-03-29 00:00:00 UTC to 2025-03-30 22:59:59 UTC.',
    );
  });

  it('says the span is unknown for a site without a known zone', () => {
    expect(spanSentence({ freq: 'all', site: 'NOPE', from: 0, to: 0 })).toMatch(/time zone is unknown/);
  });

  it('carries a range across a change of meaning both ways', () => {
    const utc = { ...DEFAULT_FILTERS, from: Z('2025-04-06T02:00:00Z'), to: Z('2025-04-07T05:00:00Z') };
    const local = carryRange(utc, { ...utc, site: 'RKPI' });
    // 02:00Z on the 6th is 23:00 on the 5th in Santiago; 05:00Z on the 7th is 01:00 on the 7th.
    expect(local.from).toBe(Date.UTC(2025, 3, 5));
    expect(local.to).toBe(Date.UTC(2025, 3, 7, 23, 59, 59));
    const back = carryRange(local, { ...local, site: undefined });
    expect(back.from).toBe(Z('2025-04-05T03:00:00Z'));
    expect(back.to).toBe(Z('2025-04-08T03:59:59Z'));
  });

  it('turns a stretch into whole UTC days when it becomes a daily window (minutely, hourly)', () => {
    // Local days 1–3 March at CLNE (America/Adak, UTC−10) are 10:00Z on the 1st to 09:59:59Z on the
    // 4th: read as a daily window that would be 10:00–09:59, across midnight.
    const local = {
      ...DEFAULT_FILTERS,
      site: 'CLNE',
      from: Date.UTC(2025, 2, 1),
      to: Date.UTC(2025, 2, 3, 23, 59, 59),
    };
    const hourly = carryRange(local, { ...local, freq: 'hourly' as const });
    expect(new Date(hourly.from!).toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(new Date(hourly.to!).toISOString()).toBe('2025-03-04T23:59:59.000Z');
    expect(spanSentence(hourly)).toBe(
      'From and To are UTC: one image an hour from 00:00:00 to 23:59:59 UTC on every day from 2025-03-01 to 2025-03-04.',
    );
    // An exact UTC range too: its ends would otherwise become a window across midnight.
    const exact = { ...DEFAULT_FILTERS, from: Z('2025-03-01T18:30:00Z'), to: Z('2025-03-02T06:00:00Z') };
    const minutely = carryRange(exact, { ...exact, site: 'CLNE', freq: 'minutely' as const });
    expect([minutely.from, minutely.to]).toEqual([Z('2025-03-01T00:00:00Z'), Z('2025-03-02T23:59:59Z')]);
    // Within the windowed samplings, a window the user set is kept.
    const set = { ...minutely, from: Z('2025-03-01T06:00:00Z'), to: Z('2025-03-02T18:00:00Z') };
    expect(carryRange(set, { ...set, freq: 'hourly' as const })).toMatchObject({ from: set.from, to: set.to });
  });

  it('warns of a daily window that crosses midnight UTC', () => {
    const f = {
      ...DEFAULT_FILTERS,
      site: 'CLNE',
      freq: 'hourly' as const,
      from: Z('2025-03-01T22:00:00Z'),
      to: Z('2025-03-03T02:00:00Z'),
    };
    expect(spanSentence(f)).toMatch(
      /^From and To are UTC: one image an hour from 22:00:00 to 02:00:00 UTC .* crosses midnight UTC/,
    );
  });
});
