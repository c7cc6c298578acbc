import { afterEach, describe, expect, it, vi } from 'vitest';
import type uPlot from 'uplot';
import { blockData } from './blocks';
import { nearestX, type ChartData } from './chart-data';
import {
  announcement,
  binEnd,
  createAnnouncer,
  cursorKey,
  edgeX,
  nextRawX,
  spokenBin,
  spokenNumber,
  spokenTime,
  stepX,
  valuesAt,
  type Nearest,
} from './keyboard-cursor';
import type { AlignedData } from './series-data';

/** A table with rows every `step` s from `t0`: x, and y = the row's index (null where `gap`). */
function table(t0: number, n: number, step: number, gap: (i: number) => boolean = () => false): AlignedData {
  const x = Float64Array.from({ length: n }, (_, i) => t0 + i * step);
  const y = Array.from({ length: n }, (_, i) => (gap(i) ? null : i));
  return [x, y] as unknown as AlignedData;
}
const nearestIn =
  (d: ChartData): Nearest =>
  (t) =>
    nearestX(d, t);

describe('nextRawX', () => {
  const d = table(0, 100, 60);
  const near = nearestIn(d);

  it('is the very next raw x whatever the stride it starts with', () => {
    for (const stride of [1, 30, 59, 60, 61, 600, 5000]) {
      expect(nextRawX(near, 600, 1, 5940, stride)).toBe(660);
      expect(nextRawX(near, 600, -1, 0, stride)).toBe(540);
    }
  });

  it('stops at the edge: nothing past it, but a point on it counts', () => {
    expect(nextRawX(near, 1200, 1, 1230, 10)).toBeNull();
    expect(nextRawX(near, 1200, 1, 1260, 10)).toBe(1260);
    expect(nextRawX(near, 5940, 1, 9999, 10)).toBeNull();
    expect(nextRawX(near, 0, -1, -500, 10)).toBeNull();
  });

  it('finds the next x of any series, across an outage, on uneven grids', () => {
    const a = { x: Float64Array.from([0, 60, 120, 7200, 7260]), y: Float64Array.from([1, 2, Number.NaN, 4, 5]) };
    const b = { x: Float64Array.from([30, 90, 7230]), y: Float64Array.from([10, 20, 30]) };
    const dd = blockData([
      { blocks: [a], gapSec: 60 },
      { blocks: [b], gapSec: 60 },
    ]);
    const n = nearestIn(dd);
    const walk: number[] = [];
    for (let x: number | null = 0; x !== null; x = nextRawX(n, x, 1, 7260, 5)) walk.push(x);
    expect(walk).toEqual([0, 30, 60, 90, 120, 7200, 7230, 7260]);
  });
});

describe('edgeX', () => {
  const near = nearestIn(table(0, 100, 60));

  it('is the first and last raw x inside the view, not the nearest one outside it', () => {
    expect(edgeX(near, [590, 1250], -1, 10)).toBe(600);
    expect(edgeX(near, [590, 1250], 1, 10)).toBe(1200);
    expect(edgeX(near, [600, 1200], -1, 10)).toBe(600);
    expect(edgeX(near, [600, 1200], 1, 10)).toBe(1200);
  });

  it('is null when no raw x lies in the view', () => {
    expect(edgeX(near, [610, 650], -1, 1)).toBeNull();
    expect(edgeX(near, [610, 650], 1, 1)).toBeNull();
    expect(edgeX(near, [7000, 8000], -1, 1)).toBeNull();
  });
});

describe('stepX', () => {
  it('steps one raw point where points stand more than a pixel column apart', () => {
    const near = nearestIn(table(0, 100, 60));
    expect(stepX(near, 600, 1, [0, 5940], 10)).toBe(660);
    expect(stepX(near, 600, -1, [0, 5940], 10)).toBe(540);
  });

  it('steps one pixel column (to the raw x nearest it) where there are more points than columns', () => {
    const near = nearestIn(table(0, 10_000, 60));
    // A column is 1,000 s: the raw x nearest 600 + 1,000 is 1,620.
    expect(stepX(near, 600, 1, [0, 599_940], 1000)).toBe(1620);
    expect(stepX(near, 6000, -1, [0, 599_940], 1000)).toBe(4980);
  });

  it('stops at the view: the last point in view, then null', () => {
    const near = nearestIn(table(0, 10_000, 60));
    expect(stepX(near, 1800, 1, [0, 2000], 500)).toBe(1980);
    expect(stepX(near, 1980, 1, [0, 2000], 500)).toBeNull();
    expect(stepX(near, 120, -1, [100, 2000], 500)).toBeNull();
    const sparse = nearestIn(table(0, 100, 60));
    expect(stepX(sparse, 1200, 1, [0, 1230], 10)).toBeNull();
  });
});

describe('valuesAt', () => {
  it('reads a table row exactly, null for gaps, NaN and times between rows', () => {
    const d = [Float64Array.from([0, 60, 120]), [1, null, 3], [Number.NaN, 5, undefined]] as unknown as AlignedData;
    expect(valuesAt(d, 0)).toEqual([1, null]);
    expect(valuesAt(d, 60)).toEqual([null, 5]);
    expect(valuesAt(d, 120)).toEqual([3, null]);
    expect(valuesAt(d, 30)).toEqual([null, null]);
  });

  it('reads blocks at full resolution (a Drawable)', () => {
    const d = blockData([
      { blocks: [{ x: Float64Array.from([0, 60, 120]), y: Float64Array.from([7, Number.NaN, 9]) }], gapSec: 60 },
      { blocks: [{ x: Float64Array.from([60]), y: Float64Array.from([512.25]) }], gapSec: 60 },
    ]);
    expect(valuesAt(d, 60)).toEqual([null, 512.25]);
    expect(valuesAt(d, 120)).toEqual([9, null]);
  });
});

describe('announcement', () => {
  it('says the time with its zone, each series with its value and unit, and gaps as "no data"', () => {
    const t = Date.UTC(2025, 2, 8, 14, 5) / 1000;
    const series = [
      { label: 'AV.CLCL..BHZ', unit: 'counts' },
      { label: 'AV.CLES..BHZ', unit: 'counts' },
    ];
    expect(announcement(spokenTime(t, 'UTC'), series, [12_345.6789, null])).toBe(
      '2025-03-08 14:05 UTC: AV.CLCL..BHZ 12,345.679 counts, AV.CLES..BHZ no data',
    );
    // A zero is a value, not a gap.
    expect(announcement('t', series, [0, 300])).toBe('t: AV.CLCL..BHZ 0 counts, AV.CLES..BHZ 300 counts');
    expect(announcement('t', [{ label: 'ratio', unit: '' }], [1.5])).toBe('t: ratio 1.5');
  });

  it('says seconds only when the time has them, and a site-local time its zone', () => {
    expect(spokenTime(Date.UTC(2025, 2, 8, 14, 5, 30) / 1000, 'UTC')).toBe('2025-03-08 14:05:30 UTC');
    // 14:05 UTC in Adak (UTC-10 in March before its change on the 9th).
    expect(spokenTime(Date.UTC(2025, 2, 8, 14, 5) / 1000, 'America/Adak')).toMatch(
      /^2025-03-08 04:05 (HST|HAST|GMT-10)$/,
    );
  });

  it('keeps small values readable', () => {
    expect(spokenNumber(0.00035)).toBe('0.00035');
    expect(spokenNumber(-0.0123456)).toBe('-0.0123');
    expect(spokenNumber(1234567.5)).toBe('1,234,567.5');
  });
});

describe('createAnnouncer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the first step at once, and of a held key only where it stopped', () => {
    vi.useFakeTimers();
    const said: string[] = [];
    const a = createAnnouncer((t) => said.push(t), 300);
    a.say('one', 0);
    expect(said).toEqual(['one']);
    for (let i = 1; i <= 20; i++) a.say(`step ${i}`, i * 33);
    expect(said).toEqual(['one']);
    vi.advanceTimersByTime(300);
    expect(said).toEqual(['one', 'step 20']);
    // After a pause, the next press is heard at once again.
    a.say('later', 5000);
    expect(said).toEqual(['one', 'step 20', 'later']);
  });
});

/** uPlot as far as the keyboard cursor uses it: a linear x scale over a plot 100 CSS px wide. */
function fakePlot(min: number, max: number) {
  const w = 100;
  const calls: Array<{ left: number; top: number }> = [];
  /** Whether each setCursor fired the hooks and published to synced charts. */
  const flags: Array<[fire?: boolean, pub?: boolean]> = [];
  const u = {
    scales: { x: { min, max } },
    cursor: { left: -10 },
    series: [{}, { scale: 'y' }, { scale: 'y' }],
    posToVal: (p: number) => min + (p / w) * (max - min),
    valToPos: (v: number, scale: string) => (scale === 'x' ? ((v - min) / (max - min)) * w : 1000 - v),
    setCursor(o: { left: number; top: number }, fire?: boolean, pub?: boolean) {
      calls.push(o);
      flags.push([fire, pub]);
      u.cursor.left = o.left;
    },
  };
  return { u: u as unknown as uPlot, calls, flags, cursor: u.cursor };
}

describe('cursorKey', () => {
  const data = table(0, 100, 60, (i) => i === 12);
  const series = [{ label: 'AV.CLCL..BHZ', unit: 'counts' }];

  it('moves uPlot’s cursor to raw points, says their values, stops at the view’s edge and hides', () => {
    vi.useFakeTimers();
    const live = document.createElement('p');
    const { u, calls, cursor } = fakePlot(590, 850);
    const c = { data, series, timeZone: 'UTC', live };
    // No cursor yet: Shift+→ starts at the first point in view.
    cursorKey(u, 'ArrowRight', c);
    expect(calls.at(-1)).toEqual({ left: (10 / 260) * 100, top: 990 });
    expect(live.textContent).toBe('1970-01-01 00:10 UTC: AV.CLCL..BHZ 10 counts');
    cursorKey(u, 'ArrowRight', c);
    cursorKey(u, 'ArrowRight', c);
    vi.advanceTimersByTime(300);
    // Row 12 is a gap: said as such, the horizontal line off the plot.
    expect(live.textContent).toBe('1970-01-01 00:12 UTC: AV.CLCL..BHZ no data');
    expect(calls.at(-1)!.top).toBe(-10);
    cursorKey(u, 'End', c);
    vi.advanceTimersByTime(300);
    expect(live.textContent).toBe('1970-01-01 00:14 UTC: AV.CLCL..BHZ 14 counts');
    const atEnd = calls.at(-1);
    cursorKey(u, 'ArrowRight', c);
    vi.advanceTimersByTime(300);
    expect(calls.at(-1)).toEqual(atEnd);
    expect(live.textContent).toBe('Last point in view. 1970-01-01 00:14 UTC: AV.CLCL..BHZ 14 counts');
    cursorKey(u, 'Home', c);
    vi.advanceTimersByTime(300);
    expect(live.textContent).toMatch(/^1970-01-01 00:10 UTC/);
    cursorKey(u, 'ArrowLeft', c);
    vi.advanceTimersByTime(300);
    expect(live.textContent).toMatch(/^First point in view\. 1970-01-01 00:10 UTC/);
    cursorKey(u, 'Escape', c);
    expect(cursor.left).toBe(-10);
    expect(live.textContent).toBe('');
    vi.useRealTimers();
  });

  it('goes on from where the pointer left the cursor', () => {
    const live = document.createElement('p');
    const { u, calls, cursor } = fakePlot(0, 1000);
    // The pointer at 33 px: 330 s, the raw x nearest is 300.
    cursor.left = 33;
    cursorKey(u, 'ArrowLeft', { data, series, timeZone: 'UTC', live });
    expect(calls.at(-1)!.left).toBeCloseTo(24);
    expect(live.textContent).toBe('1970-01-01 00:04 UTC: AV.CLCL..BHZ 4 counts');
  });
});

describe('bins', () => {
  const H = 3_600;
  const t0 = Date.UTC(2025, 2, 8, 12) / 1000;

  it('a bin ends where the next row starts; the last is as long as the one before', () => {
    const hours = table(t0, 4, H);
    const near = nearestIn(hours);
    const all = [t0, t0 + 3 * H] as const;
    expect(binEnd(near, t0, all, 'UTC')).toBe(t0 + H);
    expect(binEnd(near, t0 + 2 * H, all, 'UTC')).toBe(t0 + 3 * H);
    expect(binEnd(near, t0 + 3 * H, all, 'UTC')).toBe(t0 + 4 * H);
    expect(binEnd(nearestIn(table(t0, 1, H)), t0, [t0, t0], 'UTC')).toBeNull();
  });

  it('the last day bin ends at the next local midnight, 23 h on when the clocks go forward', () => {
    // Adak: midnights of 7, 8 and 9 March 2025 (UTC-10); the 9th has 23 hours (UTC-9 from 02:00).
    const days = [Date.UTC(2025, 2, 7, 10), Date.UTC(2025, 2, 8, 10), Date.UTC(2025, 2, 9, 10)].map((t) => t / 1000);
    const d = [Float64Array.from(days), [1, 2, 3]] as unknown as AlignedData;
    expect(binEnd(nearestIn(d), days[2]!, [days[0]!, days[2]!], 'America/Adak')).toBe(days[2]! + 23 * H);
  });

  it('says a bin by its bounds, the end’s date and zone only where they differ', () => {
    expect(spokenBin(t0 + 2 * H, t0 + 3 * H, 'UTC')).toBe('The hour from 2025-03-08 14:00 to 15:00 UTC');
    expect(spokenBin(t0 + 11 * H, t0 + 12 * H, 'UTC')).toBe('The hour from 2025-03-08 23:00 to 2025-03-09 00:00 UTC');
    expect(spokenBin(t0 - 12 * H, t0 + 12 * H, 'UTC')).toBe('The day from 2025-03-08 00:00 to 2025-03-09 00:00 UTC');
    expect(spokenBin(Date.UTC(2025, 2, 9, 10) / 1000, Date.UTC(2025, 2, 10, 9) / 1000, 'America/Adak')).toMatch(
      /^The day from 2025-03-09 00:00 (HST|HAST|GMT-10) to 2025-03-10 00:00 (HDT|HADT|GMT-9)$/,
    );
    expect(spokenBin(t0, null, 'UTC')).toBe('The bin from 2025-03-08 12:00 UTC');
  });

  it('the cursor of a chart of bins says the bin, to the end of the last one', () => {
    const live = document.createElement('p');
    const { u } = fakePlot(t0, t0 + 3 * H);
    const c = {
      data: table(t0, 4, H),
      series: [{ label: 'windows per hour', unit: 'windows' }],
      timeZone: 'UTC',
      live,
    };
    cursorKey(u, 'Home', { ...c, bins: true });
    expect(live.textContent).toBe('The hour from 2025-03-08 12:00 to 13:00 UTC: windows per hour 0 windows');
    vi.useFakeTimers();
    cursorKey(u, 'End', { ...c, bins: true });
    cursorKey(u, 'ArrowRight', { ...c, bins: true });
    vi.advanceTimersByTime(300);
    expect(live.textContent).toBe(
      'Last bin in view. The hour from 2025-03-08 15:00 to 16:00 UTC: windows per hour 3 windows',
    );
    vi.useRealTimers();
  });
});

describe('synced charts', () => {
  it('every move and the hiding are published, as the pointer’s are, and fire the chart’s hooks', () => {
    const { u, flags } = fakePlot(0, 1000);
    const c = { data: table(0, 10, 60), series: [{ label: 'a', unit: '' }], timeZone: 'UTC', live: null };
    cursorKey(u, 'ArrowRight', c);
    cursorKey(u, 'End', c);
    cursorKey(u, 'Escape', c);
    expect(flags).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
  });
});
