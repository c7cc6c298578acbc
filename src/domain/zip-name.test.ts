import { describe, expect, it } from 'vitest';
import { nameSlug, zipSpanName } from './zip-name';

describe('a ZIP named by what it holds', () => {
  it('names volcano, site, type and the span to the minute, in UTC', () => {
    expect(
      zipSpanName({
        volcano: 'Poás',
        site: 'VPMI',
        imageType: 'infrared',
        from: Date.UTC(2025, 9, 26, 0, 0),
        to: Date.UTC(2025, 9, 26, 2, 59, 59),
      }),
    ).toBe('poas_VPMI_infrared_2025-10-26T00-00Z_2025-10-26T03-00Z.zip');
  });

  it('says a volcano of several words, no site and an open end plainly', () => {
    expect(nameSlug('Cumbre Vieja')).toBe('cumbre-vieja');
    // A local day's last millisecond closes at the next midnight.
    expect(zipSpanName({ volcano: 'Villarrica', site: 'RKPI', imageType: 'visible', from: 0, to: 86_399_999 })).toBe(
      'villarrica_RKPI_visible_1970-01-01T00-00Z_1970-01-02T00-00Z.zip',
    );
    expect(
      zipSpanName({ volcano: 'Cumbre Vieja', site: undefined, imageType: 'visible', from: undefined, to: 0 }),
    ).toBe('cumbre-vieja_all-sites_visible_first_1970-01-01T00-00Z.zip');
  });
});
