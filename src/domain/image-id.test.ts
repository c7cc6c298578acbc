import { describe, expect, it } from 'vitest';
import { parseImageId } from './image-id';

describe('image ids', () => {
  it('reads site and capture time from an image id', () => {
    expect(parseImageId('345040.VPMI.2025.062_041200-0042')).toEqual({
      vnum: 345040,
      site: 'VPMI',
      utcMs: Date.parse('2025-03-03T04:12:00Z'),
    });
    expect(parseImageId('345040.VPMI.2025.062_251200-0042')).toBeNull();
    expect(parseImageId('nope')).toBeNull();
  });
});
