import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination-nav';

describe('pageWindow', () => {
  it('shows the ends and two pages either side, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
  });
});
