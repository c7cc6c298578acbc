import { describe, expect, it } from 'vitest';
import { lowerBound, upperBound } from './sorted-search';

describe('sorted search', () => {
  const x = [10, 20, 20, 30];
  it('lowerBound: the first index at or after the value', () => {
    expect([5, 10, 15, 20, 30, 31].map((v) => lowerBound(x, v))).toEqual([0, 0, 1, 1, 3, 4]);
  });
  it('upperBound: the first index after the value', () => {
    expect([5, 10, 15, 20, 30, 31].map((v) => upperBound(x, v))).toEqual([0, 1, 1, 3, 4, 4]);
  });
});
