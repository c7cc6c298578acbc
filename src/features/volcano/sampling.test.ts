import { describe, expect, it } from 'vitest';
import { chooseFreq, requestWindow, pagesToLoad } from './sampling';

const H = 3_600_000;
const D = 24 * H;
const T = Date.parse('2025-03-03T04:12:00Z');

describe('sampling', () => {
  it('chooses coarser sampling for longer ranges', () => {
    expect(chooseFreq(60 * D)).toBe('daily');
    expect(chooseFreq(7 * D)).toBe('hourly');
    expect(chooseFreq(12 * H)).toBe('hourly');
    expect(chooseFreq(3 * H)).toBe('minutely');
    expect(chooseFreq(45 * 60_000)).toBe('all');
  });

  it('sends exact times for a sub-day window and whole days for a longer one', () => {
    expect(requestWindow('minutely', T, T + 2 * H)).toEqual({ from: T, to: T + 2 * H - 1000 });
    expect(requestWindow('hourly', T, T + 3 * D)).toEqual({
      from: Date.parse('2025-03-03T00:00:00Z'),
      to: Date.parse('2025-03-06T23:59:59Z'),
    });
    expect(requestWindow('daily', T, T + 30 * D).from).toBe(Date.parse('2025-03-03T00:00:00Z'));
    expect(requestWindow('all', T, T + H)).toEqual({ from: T, to: T + H - 1000 });
  });

  it('bounds the pages loaded', () => {
    expect(pagesToLoad(0)).toBe(1);
    expect(pagesToLoad(2)).toBe(2);
    expect(pagesToLoad(9)).toBe(3);
  });
});
