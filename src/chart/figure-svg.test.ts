import { describe, expect, it } from 'vitest';
import { contrastRatio, figureSvg, fitTitle, LIGHT_SERIES, type FigureInput } from './figure-svg';

const x = Array.from({ length: 24 * 60 }, (_, i) => 1_761_436_800 + i * 60);
const wave = (k: number) => x.map((_, i) => (i % 500 === 7 ? null : 100 * k + 50 * Math.sin(i / 60)));

const FIGURE: FigureInput = {
  title: 'Poás RSAM, OV.VPCC..HHZ and OV.VPNC..HHZ, 2025-10-26 00:00 UTC to 2025-10-27 00:00 UTC',
  x,
  series: [
    { label: 'OV.VPCC..HHZ', values: wave(2) },
    { label: 'OV.VPNC..HHZ', values: wave(3) },
  ],
  layout: 'stacked',
  xLabel: 'Time (UTC)',
  yLabel: 'RSAM (counts)',
  formatX: (s) => new Date(s * 1000).toISOString().slice(11, 16),
  rules: [{ y: 400, label: 'threshold 3 × running median' }],
  caption: [
    'Channels: OV.VPCC..HHZ, OV.VPNC..HHZ · 2025-10-26 00:00 to 2025-10-27 00:00 UTC',
    'Source: the seismic service <api.test> · Volcano Dashboard · exported 2025-11-01 12:00 UTC',
  ],
};

const parse = (svg: string) => new DOMParser().parseFromString(svg, 'image/svg+xml');

describe('a report figure as SVG', () => {
  it('holds every series colour at 3:1 or more on white (WCAG non-text contrast)', () => {
    for (const c of LIGHT_SERIES) expect(contrastRatio(c, '#ffffff'), c).toBeGreaterThanOrEqual(3);
    // The check can fail: the screen palette's orange and yellow do not hold on white.
    expect(contrastRatio('#E69F00', '#ffffff')).toBeLessThan(3);
    expect(contrastRatio('#F0E442', '#ffffff')).toBeLessThan(3);
  });

  it('stacked: one label per panel, the caption and the rule in its text, every path in a light colour', () => {
    const doc = parse(figureSvg(FIGURE));
    expect(doc.querySelector('parsererror')).toBeNull();
    const labels = [...doc.querySelectorAll('.panel-label')].map((t) => t.textContent);
    expect(labels).toEqual(['OV.VPCC..HHZ', 'OV.VPNC..HHZ']);
    expect(doc.querySelectorAll('.panel')).toHaveLength(2);
    expect([...doc.querySelectorAll('.caption')].map((t) => t.textContent)).toEqual(FIGURE.caption);
    expect(doc.documentElement.textContent).toContain('threshold 3 × running median');
    for (const p of doc.querySelectorAll('path.series')) {
      expect(contrastRatio(p.getAttribute('stroke')!, '#ffffff')).toBeGreaterThanOrEqual(3);
      // Gaps break the line: more than one move.
      expect(p.getAttribute('d')!.match(/M/g)!.length).toBeGreaterThan(1);
      // A day of minutes in at most four points a pixel column.
      expect(p.getAttribute('d')!.match(/[ML]/g)!.length).toBeLessThanOrEqual(4 * 1200);
    }
  });

  it('overlaid: one panel naming every series', () => {
    const doc = parse(figureSvg({ ...FIGURE, layout: 'overlaid', yLog: true }));
    expect(doc.querySelectorAll('.panel')).toHaveLength(1);
    expect([...doc.querySelectorAll('.panel-label')].map((t) => t.textContent)).toEqual([
      'OV.VPCC..HHZ',
      'OV.VPNC..HHZ',
    ]);
  });

  it('fits a long title by a smaller size, then by wrapping at words', () => {
    expect(fitTitle('Short', 400)).toEqual({ size: 18, lines: ['Short'] });
    const long = fitTitle(FIGURE.title, 400);
    expect(long.size).toBe(12);
    expect(long.lines.length).toBeGreaterThan(1);
    expect(long.lines.join(' ')).toBe(FIGURE.title);
    for (const l of long.lines) expect(l.length * 12 * 0.56).toBeLessThanOrEqual(400);
    const doc = parse(figureSvg({ ...FIGURE, width: 400 }));
    expect([...doc.querySelectorAll('.title')].map((t) => t.textContent).join(' ')).toBe(FIGURE.title);
  });

  it('escapes text, so a label cannot break the file', () => {
    const doc = parse(figureSvg({ ...FIGURE, series: [{ label: 'A<&>"B', values: wave(1) }] }));
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.querySelector('.panel-label')!.textContent).toBe('A<&>"B');
  });
});
