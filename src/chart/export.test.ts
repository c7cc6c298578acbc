import { describe, expect, it } from 'vitest';
import { buildCsv, formatCsvTime } from './export';

const f64 = (a: number[]) => Float64Array.from(a);

describe('formatCsvTime', () => {
  it('CSV times carry their offset', () => {
    expect(formatCsvTime(Date.UTC(2025, 0, 1) / 1000, 'UTC')).toBe('2025-01-01T00:00:00Z');
    expect(formatCsvTime(Date.UTC(2025, 0, 1) / 1000, 'America/Adak')).toBe('2024-12-31T14:00:00-10:00');
    // Zero offset outside UTC is written as an offset; a half-hour zone keeps its minutes.
    expect(formatCsvTime(Date.UTC(2025, 0, 1, 12) / 1000, 'Europe/London')).toBe('2025-01-01T12:00:00+00:00');
    expect(formatCsvTime(Date.UTC(2025, 0, 1, 12) / 1000, 'Asia/Kolkata')).toBe('2025-01-01T17:30:00+05:30');
    // Chile's fall-back: the same wall time twice, told apart by the offset.
    expect(formatCsvTime(Date.UTC(2025, 3, 6, 2, 59) / 1000, 'America/Santiago')).toBe('2025-04-05T23:59:00-03:00');
    expect(formatCsvTime(Date.UTC(2025, 3, 6, 3, 59) / 1000, 'America/Santiago')).toBe('2025-04-05T23:59:00-04:00');
  });
});

describe('buildCsv', () => {
  it('writes the zone in the header, the visible rows only, empty cells for gaps', () => {
    const csv = buildCsv({
      data: [f64([0, 60, 120, 180]), [1, null, 3, 4], [null, null, 7, null]],
      names: ['AV.CLCL..BHZ', 'OV.VPCC..HHZ'],
      zone: 'UTC',
      xMin: 60,
      xMax: 150,
      notes: ['raw'],
    });
    expect(csv.split('\n')).toEqual([
      '# raw',
      'time (UTC),AV.CLCL..BHZ (counts),OV.VPCC..HHZ (counts)',
      '1970-01-01T00:02:00Z,3,7',
      '',
    ]);
  });
});
