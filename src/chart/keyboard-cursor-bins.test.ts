import { describe, expect, it } from 'vitest';
import { binEnd, cursorKey, spokenBin } from './keyboard-cursor';
import { fakePlot, nearestIn, table } from './keyboard-cursor.fixtures';
import type { AlignedData } from './series-data';

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
