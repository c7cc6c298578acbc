import { describe, expect, it } from 'vitest';
import { pageExists } from './time-lapse';

describe('time-lapse pages', () => {
  it('asks for no page past the last: 450 images in pages of 200 are 3 pages', () => {
    expect([1, 2, 3, 4].map((n) => pageExists(n, 200, 450))).toEqual([true, true, true, false]);
    expect(pageExists(3, 200, 400)).toBe(false);
    expect(pageExists(1, 200, 0)).toBe(false);
    expect(pageExists(0, 200, 450)).toBe(false);
  });
});
