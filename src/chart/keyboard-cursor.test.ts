import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockData } from './blocks';
import {
  announcement,
  createAnnouncer,
  cursorKey,
  edgeX,
  nextRawX,
  spokenNumber,
  spokenTime,
  stepX,
  valuesAt,
} from './keyboard-cursor';
import { fakePlot, nearestIn, table } from './keyboard-cursor.fixtures';
import type { AlignedData } from './series-data';

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
