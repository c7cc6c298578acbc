import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAW_APART_MS, drawAfterCut } from './draw-apart';

describe('drawAfterCut', () => {
  let frames: FrameRequestCallback[] = [];
  beforeEach(() => {
    frames = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
  });
  afterEach(() => vi.restoreAllMocks());

  it('draws new data in the next frame when its cut was long, not in the cut’s task', () => {
    const draw = vi.fn();
    const frame = drawAfterCut(draw, 100, true, 100 + DRAW_APART_MS + 1);
    expect(draw).not.toHaveBeenCalled();
    expect(frame).toBeGreaterThan(0);
    frames.forEach((f) => f(0));
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it('draws at once after a short cut of new data', () => {
    const draw = vi.fn();
    expect(drawAfterCut(draw, 100, true, 100 + DRAW_APART_MS - 1)).toBe(0);
    expect(draw).toHaveBeenCalledTimes(1);
    expect(frames).toHaveLength(0);
  });

  it('draws a zoom or pan at once however long its cut took', () => {
    const draw = vi.fn();
    expect(drawAfterCut(draw, 100, false, 100 + 10 * DRAW_APART_MS)).toBe(0);
    expect(draw).toHaveBeenCalledTimes(1);
    expect(frames).toHaveLength(0);
  });
});
