import { describe, expect, it } from 'vitest';
import { buildFigureSvg, timeTicks, valueTicks, wrapText, type Figure } from './figure-svg';
import { figureCaption, figureSource } from './figure-caption';
import { LIGHT_SERIES, OKABE_ITO } from '../palette';

/** WCAG 2.x contrast of a `#rrggbb` colour on white, worked out here from the definition. */
function contrastOnWhite(hex: string): number {
  const lin = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = [1, 3, 5].map((i) => lin(parseInt(hex.slice(i, i + 2), 16) / 255)) as [number, number, number];
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (l + 0.05);
}

/** The text of every <text> element, entities decoded. */
const texts = (svg: string) =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
    m[1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );
const classed = (svg: string, cls: string) =>
  [...svg.matchAll(new RegExp(`<text[^>]*class="${cls}"[^>]*>([^<]*)</text>`, 'g'))].map((m) => m[1]!);

const T0 = Date.UTC(2025, 2, 1) / 1000;
const HOUR = 3600;
const minutes = (n: number) => Float64Array.from({ length: n }, (_, i) => T0 + i * 60);

function stacked(n = 60 * 24 * 365): Figure {
  const x = minutes(n);
  const y = (k: number) => Array.from({ length: n }, (_, i) => (i % 500 === 499 ? null : 100 * k + (i % 97)));
  return {
    title:
      'RSAM AV.CLCL..BHZ, OV.VPCC..HHZ, AV.CLCO..BHZ · 2025-03-01 00:00:00 UTC to 2026-03-01 00:00:00 UTC · raw 60 s windows as the service gave them',
    panels: ['AV.CLCL..BHZ', 'OV.VPCC..HHZ', 'AV.CLCO..BHZ'].map((label, k) => ({
      label,
      data: [x, y(k + 1)],
      series: [{ label, color: k }],
      yLabel: 'counts',
    })),
    x: [x[0]!, x[n - 1]!],
    zone: 'UTC',
    caption: figureCaption({
      channels: ['AV.CLCL..BHZ', 'OV.VPCC..HHZ', 'AV.CLCO..BHZ'],
      x: [x[0]!, x[n - 1]!],
      fmt: (s) => `${new Date(s * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`,
      source: figureSource({ mock: false, apiBaseUrl: 'https://rsam.example.org/api/' }, 'https://app.example.org/'),
      exportedAt: Date.UTC(2026, 10, 29, 4, 30),
    }),
    width: 960,
  };
}

describe('buildFigureSvg', () => {
  it('labels each stacked panel with its channel once, and captions channels, range with zone, source and export time', () => {
    const { svg, width, height } = buildFigureSvg(stacked());
    expect(classed(svg, 'panel-label')).toEqual(['AV.CLCL..BHZ', 'OV.VPCC..HHZ', 'AV.CLCO..BHZ']);
    const caption = classed(svg, 'caption').join(' ');
    expect(caption).toContain('Channels: AV.CLCL..BHZ, OV.VPCC..HHZ, AV.CLCO..BHZ.');
    expect(caption).toContain('Range: 2025-03-01 00:00:00 UTC to 2026-02-28 23:59:00 UTC.');
    expect(caption).toContain('Source: rsam.example.org.');
    expect(caption).toContain('Made with Volcano Dashboard, exported 2026-11-29 04:30:00 UTC.');
    expect(texts(svg)).toContain('time (UTC)');
    expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"`)).toBe(true);
    expect(width).toBe(960);
  });

  it('wraps a long title into lines that fit the width, none cut', () => {
    const f = stacked(100);
    const { svg } = buildFigureSvg(f);
    const lines = classed(svg, 'figure-title');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(f.title.replace(/&/g, '&amp;'));
    // 17 px text at under 0.6 em a character: each line's estimate within the 960 px less 2 × 16 px.
    for (const l of lines) expect(l.length * 17 * 0.6).toBeLessThanOrEqual(960 - 32);
  });

  it('draws a year of minutes from the decimated columns: a few points per pixel column, not 525,600', () => {
    const { svg } = buildFigureSvg(stacked());
    const paths = [...svg.matchAll(/<path d="([^"]*)"/g)].map((m) => m[1]!);
    expect(paths).toHaveLength(3);
    for (const d of paths) {
      const pts = (d.match(/[ML]/g) ?? []).length;
      expect(pts).toBeGreaterThan(800);
      expect(pts).toBeLessThan(4 * 900 + 2000);
    }
    expect(svg.length).toBeLessThan(600_000);
  });

  it('uses only colours with at least 3:1 contrast on white (the light palette), unlike the dark one', () => {
    for (const c of LIGHT_SERIES) expect(contrastOnWhite(c), c).toBeGreaterThanOrEqual(3);
    // The dark theme's yellow is why: about 1.3:1 on white.
    expect(contrastOnWhite(OKABE_ITO[3])).toBeLessThan(1.5);
    const { svg } = buildFigureSvg(stacked(500));
    const used = [...svg.matchAll(/(?:stroke|fill)="(#[0-9a-fA-F]{6})"[^>]*class="series"/g)].map((m) => m[1]!);
    expect(used).toHaveLength(3);
    for (const c of used) expect(contrastOnWhite(c)).toBeGreaterThanOrEqual(3);
    expect(used).toEqual(LIGHT_SERIES.slice(0, 3));
  });

  it('draws bars and a second axis for event counts, and escapes text', () => {
    const x = Float64Array.from({ length: 24 }, (_, i) => T0 + i * HOUR);
    const { svg } = buildFigureSvg({
      title: 'Events <per hour> & windows',
      panels: [
        {
          label: 'Events per hour on AV.CLCL..BHZ',
          data: [x, x.map((_, i) => i % 3), x.map((_, i) => (i % 3) * 4)] as unknown as Figure['panels'][0]['data'],
          series: [
            { label: 'events', kind: 'bars' },
            { label: 'windows above', axis: 'y2' },
          ],
          yLabel: 'events',
          y2Label: 'windows',
        },
      ],
      x: [x[0]!, x[23]! + HOUR],
      zone: 'America/Costa_Rica',
      caption: ['Threshold 3 × running median.'],
      width: 960,
    });
    expect(svg).toContain('Events &lt;per hour&gt; &amp; windows');
    // One bar per bin with events (16 of the 24 hours), none for the empty ones.
    const bars = /<g fill="#[0-9A-F]{6}" class="series" data-series="events">(.*?)<\/g>/.exec(svg)![1]!;
    expect(bars.match(/<rect /g)).toHaveLength(16);
    expect(texts(svg)).toEqual(expect.arrayContaining(['events', 'windows', 'time (America/Costa_Rica, UTC-06:00)']));
  });
});

describe('time tick labels', () => {
  it('stay inside the figure: the last one, at the right edge, ends at its tick', () => {
    const { svg } = buildFigureSvg({ ...stacked(60 * 24 + 1), panels: stacked(60 * 24 + 1).panels.slice(0, 1) });
    const ticks = [...svg.matchAll(/<text x="([\d.]+)"[^>]*text-anchor="(\w+)" class="tick">([^<]*)<\/text>/g)];
    const last = ticks[ticks.length - 1]!;
    expect(last[3]).toBe('2025-03-02 00:00');
    expect(Number(last[1])).toBeGreaterThan(900);
    expect(last[2]).toBe('end');
    for (const [, x, anchor, text] of ticks) {
      const w = text!.length * 11 * 0.6;
      const [a, b] =
        anchor === 'end'
          ? [Number(x) - w, Number(x)]
          : anchor === 'start'
            ? [Number(x), Number(x) + w]
            : [Number(x) - w / 2, Number(x) + w / 2];
      expect(a).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(960);
    }
  });
});

describe('timeTicks', () => {
  it('ticks on round hours of the zone', () => {
    // Kolkata is UTC+05:30: its round hours are on the half hours of UTC.
    const t = timeTicks(T0, T0 + 12 * HOUR, 'Asia/Kolkata', 6);
    expect(t.length).toBeGreaterThanOrEqual(4);
    for (const s of t) expect(((s + 5.5 * HOUR) % (2 * HOUR)) % HOUR).toBe(0);
  });
});

describe('valueTicks', () => {
  it('steps 1, 2 or 5 × a power of ten; whole numbers for counts; decades on a log axis', () => {
    expect(valueTicks(0, 1000, false)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(valueTicks(0, 1, false)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(valueTicks(0, 1, false, true)).toEqual([0, 1]);
    expect(valueTicks(1, 1000, true)).toEqual([1, 10, 100, 1000]);
  });
});

describe('wrapText', () => {
  it('breaks at spaces and never loses a character', () => {
    expect(wrapText('aa bb cc dd', 5)).toEqual(['aa bb', 'cc dd']);
    expect(wrapText('abcdefghij k', 4)).toEqual(['abcd', 'efgh', 'ij k']);
  });
});

describe('figureSource', () => {
  it('names the service host, or says demo data', () => {
    expect(figureSource({ mock: false, apiBaseUrl: '/api' }, 'https://volcano.example.org/seismic')).toBe(
      'volcano.example.org',
    );
    expect(figureSource({ mock: true, apiBaseUrl: '/demo-api' }, 'https://x.org/')).toMatch(/^demo data/);
  });
});

describe('figureCaption', () => {
  it('opens with the volcano when the figure is of one, and says nothing of one otherwise', () => {
    const base = {
      channels: ['OV.VPCC..HHZ', 'OV.VPNC..HHZ'],
      x: [0, 3600] as const,
      fmt: (s: number) => `${new Date(s * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`,
      source: 'demo data',
      exportedAt: 7_200_000,
    };
    expect(figureCaption({ ...base, volcano: 'Poás' })).toEqual([
      'Volcano: Poás.',
      'Channels: OV.VPCC..HHZ, OV.VPNC..HHZ.',
      'Range: 1970-01-01 00:00:00 UTC to 1970-01-01 01:00:00 UTC.',
      'Source: demo data. Made with Volcano Dashboard, exported 1970-01-01 02:00:00 UTC.',
    ]);
    expect(figureCaption(base)[0]).toBe('Channels: OV.VPCC..HHZ, OV.VPNC..HHZ.');
  });
});
