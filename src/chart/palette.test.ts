import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIGHT_SERIES, OKABE_ITO, seriesColor, seriesColorName, seriesPalette } from './palette';

/** WCAG 2.x relative luminance of `#rrggbb`, from the definition. */
function luminance(hex: string): number {
  const lin = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = [1, 3, 5].map((i) => lin(parseInt(hex.slice(i, i + 2), 16) / 255)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A theme's custom properties as global.css sets them (the file the page is drawn with). */
function themeVars(theme: 'dark' | 'light'): Record<string, string> {
  const css = readFileSync('src/app/global.css', 'utf8');
  const block = new RegExp(`\\[data-theme='${theme}'\\]\\s*\\{([^}]*)\\}`).exec(css);
  if (!block) throw new Error(`no ${theme} theme block in global.css`);
  return Object.fromEntries([...block[1]!.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

/** The surfaces a chart is drawn on: the page, a card (raised) and a sunken panel. */
const SURFACES = ['--bg', '--bg-raised', '--bg-sunken'] as const;

describe('series palette', () => {
  it('light theme: every series colour holds 3:1 (WCAG non-text contrast) on every light chart surface', () => {
    const vars = themeVars('light');
    for (const surface of SURFACES) {
      const bg = vars[surface]!;
      expect(bg, surface).toMatch(/^#[0-9a-f]{6}$/i);
      for (let i = 0; i < seriesPalette('light').length; i++) {
        const c = seriesColor(i, 'light');
        expect(contrast(c, bg), `${c} on ${surface} ${bg}`).toBeGreaterThanOrEqual(3);
      }
    }
    // White too: the report figures are drawn on it in the same colours.
    for (const c of LIGHT_SERIES) expect(contrast(c, '#ffffff'), c).toBeGreaterThanOrEqual(3);
  });

  it('the dark theme keeps Okabe–Ito, whose yellow would all but vanish on the light theme', () => {
    expect(seriesPalette('dark')).toBe(OKABE_ITO);
    expect(seriesColor(3, 'dark')).toBe('#F0E442');
    expect(contrast(seriesColor(3, 'dark'), themeVars('light')['--bg-raised']!)).toBeLessThan(1.5);
    // …and which holds 3:1 on the dark theme's own surfaces.
    const vars = themeVars('dark');
    for (const surface of SURFACES)
      for (const c of OKABE_ITO) expect(contrast(c, vars[surface]!), `${c} on ${surface}`).toBeGreaterThanOrEqual(3);
  });

  it('repeats past its end, and names each colour for a screen reader', () => {
    expect(seriesColor(7, 'light')).toBe(LIGHT_SERIES[0]);
    expect(seriesColorName(3, 'light')).toBe('olive');
    expect(seriesColorName(3, 'dark')).toBe('yellow');
    expect(seriesColorName(8, 'dark')).toBe('sky-blue');
  });
});
