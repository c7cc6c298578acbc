// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path, { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { timeAxisValues, tzDate } from './chart-options';

describe('time zones', () => {
  it('tzDate shows the wall clock of the zone across a DST change (Santiago, 2025-04-06)', () => {
    const f = tzDate('America/Santiago');
    // 02:59 UTC is 23:59 -03 on 5 April; an hour later Chile is at -04, 23:59 again.
    const before = f(Date.UTC(2025, 3, 6, 2, 59) / 1000);
    const after = f(Date.UTC(2025, 3, 6, 3, 59) / 1000);
    expect([before.getDate(), before.getHours(), before.getMinutes()]).toEqual([5, 23, 59]);
    expect([after.getDate(), after.getHours(), after.getMinutes()]).toEqual([5, 23, 59]);
  });
  it('tzDate for UTC keeps UTC fields', () => {
    const d = tzDate('UTC')(Date.UTC(2025, 0, 1, 5, 6) / 1000);
    expect([d.getHours(), d.getMinutes()]).toEqual([5, 6]);
  });
});

describe('time axis labels', () => {
  const labels = (zone: string, splits: number[], incr: number) =>
    timeAxisValues(zone)({} as never, splits, 0, 0, incr) as string[];

  it('read the zone’s wall clock even inside the browser’s own spring-forward gap', () => {
    const tz = process.env.TZ;
    // 02:00–03:00 on 30 March 2025 does not exist in Berlin: a Date built from those fields moves.
    process.env.TZ = 'Europe/Berlin';
    try {
      const t = (h: number, m: number) => Date.UTC(2025, 2, 30, h, m) / 1000;
      expect(labels('UTC', [t(1, 30), t(2, 30), t(3, 30)], 3600)).toEqual(['01:30\n2025-03-30', '02:30', '03:30']);
      // Costa Rica (UTC−6) the same instants.
      expect(labels('America/Costa_Rica', [t(1, 30), t(2, 30)], 3600)).toEqual(['19:30\n2025-03-29', '20:30']);
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it('keep to one line where asked (the wall’s sparklines), by days for a week', () => {
    const t = (d: number, h: number) => Date.UTC(2025, 11, d, h) / 1000;
    const one = (splits: number[], incr: number) => timeAxisValues('UTC', true)({} as never, splits, 0, 0, incr);
    // A new day's first tick says the day: 18:00, then 2026-01-01 as 01-01, then 06:00.
    expect(one([t(31, 18), t(32, 0), t(32, 6)], 6 * 3600)).toEqual(['18:00', '01-01', '06:00']);
    expect(one([t(30, 0), t(31, 0)], 86_400)).toEqual(['12-30', '12-31']);
  });

  it('add the date when it rolls over, and the year on a new year', () => {
    const t = (d: number, h: number) => Date.UTC(2025, 11, d, h) / 1000;
    expect(labels('UTC', [t(31, 12), t(31, 18), t(32, 0), t(32, 6)], 6 * 3600)).toEqual([
      '12:00\n2025-12-31',
      '18:00',
      '00:00\n2026-01-01',
      '06:00',
    ]);
    expect(labels('UTC', [Date.UTC(2025, 0, 1) / 1000, Date.UTC(2025, 0, 2) / 1000], 86_400)).toEqual([
      '01-01\n2025',
      '01-02',
    ]);
  });
});

/**
 * Every uPlot option object of the app is written here (the builder) and every plot built in
 * plot.tsx: a chart that wrote its own options would miss what the builder gives them all (the
 * theme's axes, blank labels while a scale is a stand-in, the time axis' zone). Tests and their
 * fixtures may build uPlot directly.
 */
describe('one module builds uPlot options', () => {
  const src = fileURLToPath(new URL('..', import.meta.url));
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|fixtures)\.tsx?$/.test(f))
    .map((f) => ({ path: `src/${f.split(sep).join('/')}`, text: readFileSync(path.join(src, f), 'utf8') }));
  const where = (re: RegExp) => files.filter((f) => re.test(f.text)).map((f) => f.path);

  it('reads the app’s sources', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(where(/new ChartOptionsBuilder\(/)).toEqual(
      expect.arrayContaining(['src/chart/time-series-chart.tsx', 'src/features/wall/sparkline.tsx']),
    );
  });

  it('names uPlot’s option types only in the builder', () => {
    // A field's type (`uPlot.Axis['values']`) or a function type (`uPlot.Axis.Splits`) is no options object.
    expect(
      where(/\buPlot\.(Options|Axis|Series|Scales?|Cursor|Legend|Select|Padding|Hooks\.Arrays)\b(?![.[])/),
    ).toEqual(['src/chart/chart-options.ts']);
    expect(where(/import\s+(type\s+)?(\w+\s*,\s*)?\{[^}]*\}\s*from\s*'uplot'/)).toEqual([]);
  });

  it('makes a PlotConfig only in the builder, and builds and sizes plots only in plot.tsx', () => {
    expect(where(/new PlotConfig\(/)).toEqual(['src/chart/chart-options.ts']);
    expect(where(/new uPlot\(|\.forPlot\(/)).toEqual(['src/chart/plot.tsx']);
    expect(where(/^import (?!type\b)[^;]*from 'uplot';/m)).toEqual(['src/chart/plot.tsx']);
  });
});
