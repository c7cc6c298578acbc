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
});
