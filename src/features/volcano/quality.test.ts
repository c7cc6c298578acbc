import { describe, expect, it } from 'vitest';
import { blindSpans, frameQuality, qualitySegments } from './quality';

const H = 3_600_000;
const M = 60_000;

describe('quality strip', () => {
  it('ranks flags: empty, night, low visibility, degraded', () => {
    expect(frameQuality({ t: 0, is_empty: true, is_night: true })).toBe('empty');
    expect(frameQuality({ t: 0, is_night: true, low_visibility: true })).toBe('night');
    expect(frameQuality({ t: 0, low_visibility: true, is_degraded: true })).toBe('low-visibility');
    expect(frameQuality({ t: 0, is_degraded: true })).toBe('degraded');
    expect(frameQuality({ t: 0, is_night: null })).toBe('ok');
  });

  it('hourly frames cover their hour; hours without a frame are no image', () => {
    const frames = [{ t: 0.5 * H }, { t: 1.5 * H, is_night: true }, { t: 2.5 * H, is_night: true }, { t: 4.5 * H }];
    expect(qualitySegments(frames, 'hourly', 0, 5 * H)).toEqual([
      { from: 0, to: H, quality: 'ok' },
      { from: H, to: 3 * H, quality: 'night' },
      { from: 3 * H, to: 4 * H, quality: 'none' },
      { from: 4 * H, to: 5 * H, quality: 'ok' },
    ]);
  });

  it('every-frame sampling shows a pause longer than a few minutes as no image', () => {
    const frames = [{ t: 0 }, { t: 2 * M }, { t: 20 * M }];
    const s = qualitySegments(frames, 'all', 0, 22 * M);
    expect(qualitySegments(frames, 'minutely', 0, 22 * M)).toEqual(s);
    expect(s).toEqual([
      { from: 0, to: 3.5 * M, quality: 'ok' },
      { from: 3.5 * M, to: 18.5 * M, quality: 'none' },
      { from: 18.5 * M, to: 21.5 * M, quality: 'ok' },
      { from: 21.5 * M, to: 22 * M, quality: 'none' },
    ]);
  });

  it('is all "no image" without frames', () => {
    expect(qualitySegments([], 'hourly', 0, H)).toEqual([{ from: 0, to: H, quality: 'none' }]);
  });

  it('blind spans are where every camera was blind at once', () => {
    const ir = qualitySegments(
      [{ t: 0.5 * H }, { t: 1.5 * H, low_visibility: true }, { t: 2.5 * H, is_degraded: true }],
      'hourly',
      0,
      3 * H,
    );
    const vis = qualitySegments(
      [
        { t: 0.5 * H, is_night: true },
        { t: 1.5 * H, is_night: true },
        { t: 2.5 * H, is_night: true },
      ],
      'hourly',
      0,
      3 * H,
    );
    expect(blindSpans([ir, vis])).toEqual([{ from: H, to: 2 * H }]);
    expect(blindSpans([vis])).toEqual([{ from: 0, to: 3 * H }]);
    expect(blindSpans([])).toEqual([]);
  });
});
