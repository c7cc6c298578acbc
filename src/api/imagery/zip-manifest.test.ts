import { beforeEach, describe, expect, it } from 'vitest';
import { mockState } from '../../../mocks/state';
import { parseManifestCsv } from '../../domain/manifest-csv';
import { useTestConfig } from '../../test/test-config';
import { forgetProbes } from './answer-times';
import { type ImageryQuery } from './imagery-shapes';
import { forgetLearnedZones } from './learned-zones';
import { zipContentName, zipManifest } from './zip-manifest';

// Cumbre Vieja CV01's fall-back night: 01:xx local happened at 00:xx and again at 01:xx UTC.
const NIGHT: ImageryQuery = {
  imageType: 'infrared',
  site: 'CV01',
  from: Date.UTC(2025, 9, 26),
  to: Date.UTC(2025, 9, 26, 23, 59, 59),
};

beforeEach(() => {
  useTestConfig();
  forgetLearnedZones();
  forgetProbes();
  mockState.now = Date.UTC(2025, 10, 1);
});

describe('what a ZIP holds, said beside it', () => {
  it('names one site’s local day by the UTC span it covers', () => {
    // 2025-10-26 in the Canaries: 00:00 WEST (23:00 UTC the day before) to 24:00 WET (00:00 UTC).
    expect(zipContentName({ kind: 'query', query: NIGHT })).toBe(
      'cumbre-vieja_CV01_infrared_2025-10-25T23-00Z_2025-10-27T00-00Z.zip',
    );
  });

  it('lists every image of the night once, oldest first, each pass of the repeated hour said, flags known', async () => {
    const rows = parseManifestCsv(await zipManifest({ kind: 'query', query: NIGHT }));
    expect(rows.length).toBeGreaterThan(500);
    expect(new Set(rows.map((r) => r.image_id)).size).toBe(rows.length);
    const utc = rows.map((r) => r.utc_time);
    expect([...utc].sort()).toEqual(utc);
    const first = rows.find((r) => r.utc_time === '2025-10-26T00:30:00Z' || r.utc_time!.startsWith('2025-10-26T00:3'))!;
    expect(first.local_time).toMatch(/^2025-10-26 01:3\d:\d\d$/);
    expect(first.local_zone).toBe('UTC+01:00 Atlantic/Canary');
    expect(first.time_resolved).toMatch(/^repeated hour \(clocks went back\): the first pass, by /);
    const second = rows.find((r) => r.utc_time!.startsWith('2025-10-26T01:3'))!;
    expect(second.local_time).toMatch(/^2025-10-26 01:3\d:\d\d$/);
    expect(second.local_zone).toBe('UTC+00:00 Atlantic/Canary');
    expect(second.time_resolved).toMatch(/^repeated hour \(clocks went back\): the second pass, by /);
    for (const r of rows) {
      expect(r.flags).toMatch(/^is_empty=(yes|no); is_degraded=(yes|no); low_visibility=(yes|no)$/);
      expect(r.file_name).toBe(`infrared/383010/CV01/${r.image_id}.jpg`);
    }
  });
});
