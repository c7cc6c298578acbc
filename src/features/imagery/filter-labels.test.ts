import { dayOf, daySpanOf } from './filter-labels';

describe('daySpanOf', () => {
  it('finds the first and last day of an archive too long to spread into Math.min', () => {
    const days = Array.from({ length: 300_000 }, (_, i) => ((i * 7919) % 300_000) * 86_400_000);
    expect(daySpanOf(days)).toEqual({ min: 0, max: 299_999 * 86_400_000 });
  });

  it('says nothing for an empty list', () => {
    expect(daySpanOf([])).toBeNull();
  });
});

describe('dayOf', () => {
  it('reads the three day formats the dates endpoints may use as the same UTC day', () => {
    const day = Date.UTC(2025, 0, 5);
    expect([dayOf('2025-01-05'), dayOf('20250105'), dayOf('2025-01-05T00:00:00Z')]).toEqual([day, day, day]);
    expect(dayOf('not a day')).toBeNull();
  });
});
