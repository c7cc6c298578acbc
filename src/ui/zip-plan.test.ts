import { describe, expect, it } from 'vitest';
import { describeSpan } from './zip-plan';

describe('describeSpan', () => {
  it('says each span in the terms its datefrom/dateto have, with the zone', () => {
    const t = (s: string) => Date.parse(s);
    expect(describeSpan({ from: t('2025-01-01T12:00:00Z'), to: t('2025-01-01T13:00:24Z') }, 'second')).toBe(
      '2025-01-01 12:00:00 to 13:00:24 UTC',
    );
    expect(describeSpan({ from: t('2025-01-01T23:00:00Z'), to: t('2025-01-02T01:00:00Z') }, 'second')).toBe(
      '2025-01-01 23:00:00 UTC to 2025-01-02 01:00:00 UTC',
    );
    expect(describeSpan({ to: t('2025-01-02T01:00:00Z') }, 'second')).toBe(
      'the first image to 2025-01-02 01:00:00 UTC',
    );
    expect(describeSpan({ from: t('2025-01-01T06:00:00Z'), to: t('2025-01-04T17:59:59Z') }, 'utc-day')).toBe(
      'UTC days 2025-01-01 to 2025-01-04',
    );
    expect(
      describeSpan({ site: 'RKPI', from: t('2025-01-03T00:00:00Z'), to: t('2025-01-03T23:59:59Z') }, 'local-day'),
    ).toBe('local day 2025-01-03 at RKPI');
  });
});
