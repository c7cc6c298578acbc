import { describe, expect, it } from 'vitest';
import {
  describeRelative,
  formatRelative,
  parseRelative,
  relativeMs,
  resolveRelative,
  type RelativeTime,
} from './relative-time';

// The year before holds 29 February, so a calendar year back and 365 days back differ by a day.
const NOW = Date.UTC(2024, 2, 1, 12);

describe('relative time grammar', () => {
  it('round-trips each unit and now', () => {
    for (const text of ['now', 'now-15m', 'now-6h', 'now-7d', 'now-1y', 'now-99999m']) {
      const p = parseRelative(text);
      expect(p, text).not.toBeNull();
      expect(p!.canonical, text).toBe(true);
      expect(formatRelative(p!.value)).toBe(text);
    }
  });

  it('resolves minutes, hours and days as fixed lengths and years on the calendar', () => {
    const at = (text: string) => resolveRelative(parseRelative(text)!.value, NOW);
    expect(at('now')).toBe(NOW);
    expect(at('now-15m')).toBe(NOW - 15 * 60_000);
    expect(at('now-6h')).toBe(NOW - 6 * 3_600_000);
    expect(at('now-7d')).toBe(NOW - 7 * 86_400_000);
    expect(new Date(at('now-1y')).toISOString()).toBe('2023-03-01T12:00:00.000Z');
    expect(NOW - at('now-1y')).toBe(366 * 86_400_000);
    expect(relativeMs({ amount: 1, unit: 'y' })).toBe(365 * 86_400_000);
  });

  it('reads old forms leniently and marks them for rewriting', () => {
    const cases: [string, RelativeTime][] = [
      ['now-007d', { amount: 7, unit: 'd' }],
      [' now-6h ', { amount: 6, unit: 'h' }],
      ['now-0d', { amount: 0, unit: 'm' }],
    ];
    for (const [text, value] of cases) {
      const p = parseRelative(text);
      expect(p, text).toEqual({ value, canonical: false });
    }
    expect(formatRelative(parseRelative('now-0d')!.value)).toBe('now');
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      'now-',
      'now-6',
      'now-6w',
      'now-6H',
      'now+6h',
      'now-1.5h',
      'now-123456m',
      '6h',
      'now-6h-1d',
      'yesterday',
    ])
      expect(parseRelative(bad), bad).toBeNull();
  });

  it('describes itself for labels', () => {
    expect(describeRelative({ amount: 6, unit: 'h' })).toBe('last 6 hours');
    expect(describeRelative({ amount: 1, unit: 'y' })).toBe('last 1 year');
    expect(describeRelative({ amount: 15, unit: 'm' })).toBe('last 15 minutes');
  });
});
