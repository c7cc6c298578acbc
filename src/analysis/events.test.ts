import { describe, expect, it } from 'vitest';
import { binStart, countEvents } from './event-counts';
import { EVENT_GAP_SEC, eventsOfRange, findEvents, type EventChannel } from './events';
import { countRuleText, eventRuleText } from './event-rule';
import { trailingMedian } from './running-median';

const iso = (s: number) => new Date(s * 1000).toISOString();
const at = (isoString: string) => Date.parse(isoString) / 1000;
const counts = (value: number) => ({ kind: 'counts', value }) as const;
const times3 = (e: { start: number; end: number; windows: number }) => [e.start, e.end, e.windows];

/** Minute windows from `t0` at 100 counts, with the values given at the minutes given. */
function minutes(n: number, t0: number, at: Record<number, number>, id = 'AV.CLCL..BHZ'): EventChannel {
  const times = Float64Array.from({ length: n }, (_, i) => t0 + i * 60);
  const values = Float64Array.from({ length: n }, (_, i) => at[i] ?? 100);
  return { id, times, values, windowSec: 60 };
}

describe('one definition of an event', () => {
  it('under the shipped minimum duration (the attention rule’s hold), a lone spike and a short run are no events', () => {
    // A lone window at 18 ×, then 5 minutes above, then 12 minutes above: one event, of 12 windows.
    const above: Record<number, number> = { 100: 1800 };
    for (let k = 200; k < 205; k++) above[k] = 500;
    for (let k = 300; k < 312; k++) above[k] = 500;
    const scan = findEvents([minutes(400, 0, above)], counts(200));
    expect(scan.minDurationSec).toBe(600);
    expect(scan.events.map(times3)).toEqual([[300 * 60, 312 * 60, 12]]);
    // Only the event's windows are counted as windows above.
    expect(scan.above).toHaveLength(12);
  });

  it('a lone window above is an event of one window', () => {
    const scan = findEvents([minutes(120, 0, { 50: 500 })], counts(200), EVENT_GAP_SEC, 0);
    expect(scan.events.map(times3)).toEqual([[3000, 3060, 1]]);
  });

  it(`joins windows above less than ${EVENT_GAP_SEC / 60} minutes apart (end to start), missing data included`, () => {
    // 10 and 12: 1 min between the end of one and the start of the next → one event; 12 and 21,
    // 21 and 30: 8 min → the same one. 30 and 41: exactly 10 min → two. 41 and 52: 10 min → two.
    // 200 and 208 with the windows between them missing → one.
    expect(EVENT_GAP_SEC).toBe(600);
    const c = minutes(300, 0, { 10: 500, 12: 500, 21: 500, 30: 500, 41: 500, 52: 500, 200: 500, 208: 500 });
    const keep = Array.from({ length: 300 }, (_, i) => i).filter((i) => i <= 200 || i >= 208);
    const gappy = { ...c, times: keep.map((i) => c.times[i]!), values: keep.map((i) => c.values[i]!) };
    const scan = findEvents([gappy], counts(200), EVENT_GAP_SEC, 0);
    expect(scan.events.map((e) => [e.start / 60, e.end / 60, e.windows])).toEqual([
      [10, 31, 4],
      [41, 42, 1],
      [52, 53, 1],
      [200, 209, 2],
    ]);
    // A value equal to the threshold is not above it.
    expect(findEvents([minutes(10, 0, { 3: 200 })], counts(200), EVENT_GAP_SEC, 0).events).toEqual([]);
  });

  it('the same minutes on two channels are one event of both, its windows counted per channel', () => {
    const scan = findEvents(
      [minutes(60, 0, { 5: 900, 6: 900 }), minutes(60, 0, { 6: 900 }, 'AV.CLES..BHZ')],
      counts(200),
      EVENT_GAP_SEC,
      0,
    );
    expect(scan.events).toHaveLength(1);
    expect(scan.events[0]).toMatchObject({
      channels: ['AV.CLCL..BHZ', 'AV.CLES..BHZ'],
      windows: 3,
      start: 300,
      end: 420,
    });
  });

  it('N × the trailing median: a burst does not lift its own baseline; the first hours without one are not judged', () => {
    // Two days at 100 with ±20 %, a 2-hour burst at 10× from hour 30.
    const c = minutes(2 * 1440, 0, {});
    c.values = Float64Array.from(
      c.values,
      (_, k) => 100 * (1 + 0.2 * Math.sin(k / 7)) * (k >= 1800 && k < 1920 ? 10 : 1),
    );
    const base = trailingMedian(c);
    expect(base[1860]).toBeGreaterThan(80);
    expect(base[1860]).toBeLessThan(130);
    const scan = findEvents([c], { kind: 'median', factor: 3 }, EVENT_GAP_SEC, 0);
    expect(scan.events.map(times3)).toEqual([[1800 * 60, 1920 * 60, 120]]);
    expect(scan.events[0]!.peakRatio).toBeGreaterThan(8);
    // Under 6 h of data behind them: the first windows have no baseline.
    expect(scan.unjudged.length).toBeGreaterThan(6 * 60 - 48);
    expect(scan.unjudged.length).toBeLessThan(6 * 60 + 48);
    expect(findEvents([c], { kind: 'median', factor: 15 }, EVENT_GAP_SEC, 0).events).toEqual([]);
  });

  it('a week of 10-minute windows: 30 lone windows at 4× are 30 events', () => {
    const W = 600;
    const t0 = 1_740_000_000;
    const n = 7 * 144;
    const spikes = Array.from({ length: 30 }, (_, k) => 40 + k * 30);
    const times = Float64Array.from({ length: n }, (_, i) => t0 + i * W);
    const values = Float64Array.from({ length: n }, (_, i) => (spikes.includes(i) ? 400 : 100));
    const scan = findEvents(
      [{ id: 'A', times, values, windowSec: W }],
      { kind: 'median', factor: 3 },
      EVENT_GAP_SEC,
      0,
    );
    expect(scan.events.map((e) => e.start)).toEqual(spikes.map((i) => t0 + i * W));
    expect(scan.events.every((e) => e.end - e.start === W && e.windows === 1 && e.peakRatio === 4)).toBe(true);
  });

  it('says when an event may go on: the data end less than the gap allowance after it', () => {
    const scan = findEvents([minutes(120, 0, { 2: 500, 110: 500 })], counts(200), EVENT_GAP_SEC, 0);
    expect(scan.events.map((e) => e.openEnd)).toEqual([false, true]);
  });

  it('states the rule it applies', () => {
    expect(eventRuleText({ kind: 'median', factor: 3 })).toBe(
      'An event is RSAM above 3 × the trailing 1-day median on any of the channels: windows above less than 10 minutes apart (end to start, missing data between them included) are one event, and it lasts at least 10 minutes (first window’s start to last one’s end): a shorter run, such as a lone window from a local earthquake, is no event and its windows are not counted. The median is of each channel’s 24 hours up to the window, never of later data; a window with less than 6 hours of data in that span is not judged.',
    );
    expect(countRuleText('day')).toMatch(/counted in the day in which it begins/);
  });
});

describe('event counts per bin', () => {
  it('an event across midnight is counted in the day it begins; its windows in the days they fall in', () => {
    // 23:50 to 00:20 UTC above, one event of 30 windows.
    const t0 = at('2025-03-03T00:00:00Z');
    const above = Object.fromEntries(Array.from({ length: 30 }, (_, k) => [1430 + k, 900]));
    const scan = findEvents([minutes(2 * 1440, t0, above)], counts(200), EVENT_GAP_SEC, 0);
    const c = countEvents(scan, t0, t0 + 2 * 86_400, 'day', 'UTC');
    expect(c.bins.map((b) => [iso(b.start), b.events, b.windows, b.cumulative])).toEqual([
      ['2025-03-03T00:00:00.000Z', 1, 10, 1],
      ['2025-03-04T00:00:00.000Z', 0, 20, 1],
    ]);
    // Counted from the 4th, it began before the range: in no bin, but said.
    const later = countEvents(scan, t0 + 86_400, t0 + 2 * 86_400, 'day', 'UTC');
    expect(later.bins.map((b) => [b.events, b.windows])).toEqual([[0, 20]]);
    expect(later.before.map((e) => iso(e.start))).toEqual(['2025-03-03T23:50:00.000Z']);
    expect(eventsOfRange(scan, t0 + 86_400, t0 + 2 * 86_400).inRange).toEqual([]);
  });

  it('a bin past the loaded data is provisional, where the service may still add windows', () => {
    const t0 = at('2025-03-03T00:00:00Z');
    // Data to 10:30; the 10:00 hour is not over.
    const scan = findEvents([minutes(630, t0, { 600: 900 })], counts(200), EVENT_GAP_SEC, 0);
    const c = countEvents(scan, t0, t0 + 86_400, 'hour', 'UTC');
    expect(c.bins.at(-1)).toMatchObject({ start: t0 + 10 * 3600, events: 1, provisional: true });
    expect(c.bins.filter((b) => b.provisional)).toHaveLength(1);
    // Long past (the service adds nothing there any more): an outage, not a provisional count.
    expect(countEvents(scan, t0, t0 + 86_400, 'hour', 'UTC', t0 + 86_400).bins.at(-1)!.provisional).toBe(false);
  });

  it('day bins start at local midnight (Costa Rica, UTC−6)', () => {
    const c = {
      id: 'A',
      times: [at('2025-03-03T05:59:00Z'), at('2025-03-03T06:00:00Z'), at('2025-03-03T07:00:00Z')],
      values: [10, 10, 5],
      windowSec: 60,
    };
    const scan = findEvents([c], counts(5), EVENT_GAP_SEC, 0);
    const bins = countEvents(
      scan,
      at('2025-03-03T00:00:00Z'),
      at('2025-03-04T00:00:00Z'),
      'day',
      'America/Costa_Rica',
    ).bins;
    // 05:59 and 06:00 UTC are one event (no gap), begun on the 2nd there.
    expect(bins.map((b) => [iso(b.start), b.events, b.windows])).toEqual([
      ['2025-03-02T06:00:00.000Z', 1, 1],
      ['2025-03-03T06:00:00.000Z', 0, 1],
    ]);
  });

  it('a spring-forward day is 23 hours long (Canary Islands, 2025-03-30)', () => {
    const c = {
      id: 'A',
      times: [at('2025-03-30T22:59:00Z'), at('2025-03-30T23:59:00Z')],
      values: [9, 9],
      windowSec: 60,
    };
    const scan = findEvents([c], counts(1), EVENT_GAP_SEC, 0);
    const bins = countEvents(
      scan,
      at('2025-03-30T00:00:00Z'),
      at('2025-04-01T00:00:00Z'),
      'day',
      'Atlantic/Canary',
    ).bins;
    expect(bins.map((b) => [iso(b.start), iso(b.end), b.events])).toEqual([
      ['2025-03-30T00:00:00.000Z', '2025-03-30T23:00:00.000Z', 1],
      ['2025-03-30T23:00:00.000Z', '2025-03-31T23:00:00.000Z', 1],
    ]);
  });

  it('hour bins include empty hours', () => {
    const c = {
      id: 'A',
      times: [at('2025-03-03T10:00:00Z'), at('2025-03-03T10:59:00Z'), at('2025-03-03T12:30:00Z')],
      values: [30, 10, 50],
      windowSec: 60,
    };
    const bins = countEvents(findEvents([c], counts(20), EVENT_GAP_SEC, 0), 0, Infinity, 'hour', 'UTC').bins;
    expect(bins.map((b) => [iso(b.start), b.events, b.cumulative])).toEqual([
      ['2025-03-03T10:00:00.000Z', 1, 1],
      ['2025-03-03T11:00:00.000Z', 0, 1],
      ['2025-03-03T12:00:00.000Z', 1, 2],
    ]);
  });

  it('the fall-back hour in Santiago is its own bin (2025-04-06 00:00 → 23:00)', () => {
    // 03:00Z = 00:00 −03 (summer); at 03:00Z clocks fall back to 23:00 −04 on the 5th.
    expect(iso(binStart(at('2025-04-06T02:30:00Z'), 'hour', 'America/Santiago'))).toBe('2025-04-06T02:00:00.000Z');
    expect(iso(binStart(at('2025-04-06T03:30:00Z'), 'hour', 'America/Santiago'))).toBe('2025-04-06T03:00:00.000Z');
    expect(iso(binStart(at('2025-04-06T12:00:00Z'), 'day', 'America/Santiago'))).toBe('2025-04-06T04:00:00.000Z');
  });

  it('a day whose midnight is skipped starts at the jump (Santiago, 2025-09-07 00:00 → 01:00)', () => {
    // 04:00Z is 00:00 −04, which is read as 01:00 −03: the 7th begins there, not an hour before
    // (23:00 on the 6th), and the 6th keeps its last hour.
    expect(iso(binStart(at('2025-09-07T12:00:00Z'), 'day', 'America/Santiago'))).toBe('2025-09-07T04:00:00.000Z');
    expect(iso(binStart(at('2025-09-07T03:30:00Z'), 'day', 'America/Santiago'))).toBe('2025-09-06T04:00:00.000Z');
  });
});
