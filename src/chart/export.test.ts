import { describe, expect, it } from 'vitest';
import { buildCsv, formatCsvTime, formatCsvValue } from './export';

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

describe('CSV numbers', () => {
  it('raw RSAM: each cell is the JSON number’s own text', () => {
    // Numbers as a service may write them; JSON.parse is what the app's decoder does with them.
    const texts = ['335.87', '8187', '8186.99', '0.1', '12.345678', '1e-7', '40000.055', '2.5e+21'];
    const body = `{"points":[${texts.map((t, i) => `{"time":"2025-03-01T00:0${i}:00Z","rsam_counts":${t}}`).join(',')}]}`;
    const points = (JSON.parse(body) as { points: { time: string; rsam_counts: number }[] }).points;
    const csv = buildCsv({
      data: [f64(points.map((p) => Date.parse(p.time) / 1000)), points.map((p) => p.rsam_counts)],
      names: ['AV.CLCL..BHZ'],
      zone: 'UTC',
    });
    const cells = csv.trim().split('\n').slice(1).map((l) => l.split(',')[1]);
    // The shortest text that reads back as the same double: the JSON text, up to its spelling of exponents.
    expect(cells).toEqual(['335.87', '8187', '8186.99', '0.1', '12.345678', '1e-7', '40000.055', '2.5e+21']);
    expect(cells.map(Number)).toEqual(points.map((p) => p.rsam_counts));
  });

  it('derived columns: to the digits stated per column, units per column', () => {
    const csv = buildCsv({
      data: [f64([0, 60]), [401.51200000000006, 0.1 + 0.2], [2, 7]],
      names: ['mean', 'count'],
      zone: 'UTC',
      unit: ['counts', 'events'],
      digits: [6, null],
    });
    expect(csv.split('\n').slice(0, 3)).toEqual([
      'time (UTC),mean (counts),count (events)',
      '1970-01-01T00:00:00Z,401.512,2',
      '1970-01-01T00:01:00Z,0.3,7',
    ]);
    expect(formatCsvValue(1234567.89, 6)).toBe('1234570');
    expect(formatCsvValue(0.000123456789, 6)).toBe('0.000123457');
  });
});
