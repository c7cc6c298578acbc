import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../i18n/catalogue';
import { activateLocale } from '../../../i18n/i18n';
import { UNKNOWN_FLAGS, type FrameFlags } from '../../../api/imagery/image-flags';
import {
  blindSpans,
  frameQuality,
  qualityLabel,
  qualitySegments,
  qualityShares,
  qualitySummary,
  type Quality,
} from './quality';

const H = 3_600_000;
const M = 60_000;
const flags = (f: Partial<FrameFlags>): FrameFlags => ({ ...UNKNOWN_FLAGS, ...f });
const allNo: FrameFlags = { is_empty: 'no', is_night: 'no', is_degraded: 'no', low_visibility: 'no' };
const fr = (t: number, quality: Quality = 'ok') => ({ t, quality });

describe('frame quality', () => {
  it('ranks confirmed flags: empty, night, low visibility, degraded', () => {
    expect(frameQuality({ ...allNo, is_empty: 'yes', is_night: 'yes' }, 'visible')).toBe('empty');
    expect(frameQuality({ ...allNo, is_night: 'yes', low_visibility: 'yes' }, 'visible')).toBe('night');
    expect(frameQuality({ ...allNo, low_visibility: 'yes', is_degraded: 'yes' }, 'infrared')).toBe('low-visibility');
    expect(frameQuality({ ...allNo, is_degraded: 'yes' }, 'infrared')).toBe('degraded');
  });

  it('is good only when every flag of the type is known to be off', () => {
    expect(frameQuality(allNo, 'visible')).toBe('ok');
    // is_night does not exist for infrared (spec 01 §4.5): its being unknown does not matter there.
    expect(frameQuality({ ...allNo, is_night: 'unknown' }, 'infrared')).toBe('ok');
    expect(frameQuality({ ...allNo, is_night: 'unknown' }, 'visible')).toBe('unknown');
    expect(frameQuality(flags({ is_night: 'no', low_visibility: 'no' }), 'visible')).toBe('unknown');
    expect(frameQuality(undefined, 'visible')).toBe('unknown');
    // A confirmed flag is true whatever else is unknown.
    expect(frameQuality(flags({ is_night: 'yes' }), 'visible')).toBe('night');
  });
});

describe('quality strip', () => {
  it('hourly frames cover their hour; hours without a frame are no image', () => {
    const frames = [fr(0.5 * H), fr(1.5 * H, 'night'), fr(2.5 * H, 'night'), fr(4.5 * H)];
    expect(qualitySegments(frames, 'hourly', 0, 5 * H)).toEqual([
      { from: 0, to: H, quality: 'ok' },
      { from: H, to: 3 * H, quality: 'night' },
      { from: 3 * H, to: 4 * H, quality: 'none' },
      { from: 4 * H, to: 5 * H, quality: 'ok' },
    ]);
  });

  it('every-frame sampling shows a pause longer than a few minutes as no image', () => {
    const frames = [fr(0), fr(2 * M), fr(20 * M)];
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

  it('blind spans are where every camera was blind at once; unknown is not blind', () => {
    const ir = qualitySegments(
      [fr(0.5 * H), fr(1.5 * H, 'low-visibility'), fr(2.5 * H, 'degraded')],
      'hourly',
      0,
      3 * H,
    );
    const vis = qualitySegments([fr(0.5 * H, 'night'), fr(1.5 * H, 'night'), fr(2.5 * H, 'night')], 'hourly', 0, 3 * H);
    expect(blindSpans([ir, vis])).toEqual([{ from: H, to: 2 * H }]);
    expect(blindSpans([vis])).toEqual([{ from: 0, to: 3 * H }]);
    expect(blindSpans([qualitySegments([fr(0.5 * H, 'unknown')], 'hourly', 0, H)])).toEqual([]);
    expect(blindSpans([])).toEqual([]);
  });
});

describe('quality summary', () => {
  it('gives each quality its share of the span in whole percent adding up to 100', () => {
    // 24 hours: 11 night, 3 low visibility, 10 good; a third of an hour each way is rounded.
    const frames = [
      ...Array.from({ length: 11 }, (_, i) => fr((i + 0.5) * H, 'night')),
      ...Array.from({ length: 3 }, (_, i) => fr((i + 11.5) * H, 'low-visibility')),
      ...Array.from({ length: 10 }, (_, i) => fr((i + 14.5) * H)),
    ];
    const segs = qualitySegments(frames, 'hourly', 0, 24 * H);
    const shares = qualityShares(segs, 0, 24 * H);
    // 45.83, 12.5, 41.67: floors 45 + 12 + 41 = 98, the two largest remainders get one each.
    expect(Object.fromEntries(shares)).toEqual({ night: 46, 'low-visibility': 12, ok: 42 });
    expect(qualitySummary('Visible, VPMI', segs, 0, 24 * H)).toBe(
      'Visible, VPMI: night 46 %, low visibility 12 %, good 42 %',
    );
  });

  it('names no image and unknown', () => {
    const segs = qualitySegments([fr(0.5 * H, 'unknown'), fr(1.5 * H)], 'hourly', 0, 4 * H);
    expect(qualitySummary('Infrared, CLNE', segs, 0, 4 * H)).toBe(
      'Infrared, CLNE: no image 50 %, unknown 25 %, good 25 %',
    );
  });

  describe('in Spanish', () => {
    afterEach(() => activateLocale('en', {}));

    it('says each share and the legend’s words in Spanish', async () => {
      activateLocale('es', await loadCatalogue('es'));
      const segs = qualitySegments([fr(0.5 * H, 'night'), fr(1.5 * H), fr(2.5 * H, 'unknown')], 'hourly', 0, 4 * H);
      expect(qualitySummary('Cámara visible VPMI', segs, 0, 4 * H)).toBe(
        'Cámara visible VPMI: noche 25 %, sin imagen 25 %, desconocida 25 %, buena 25 %',
      );
      expect(qualityLabel('low-visibility')).toBe('Baja visibilidad');
    });
  });
});
