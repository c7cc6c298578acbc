// The wall's newest image through a fall-back hour, against the mock service (its own reading of
// spec 01: one site at freq=all answers in local time, sorted by it; created_at in UTC).
import { beforeEach, describe, expect, it } from 'vitest';
import { setMockNow } from '../../../mocks/state';
import { fetchImagery, parseImageTimestamp } from '../../api/imagery/imagery';
import { type ImageRecord } from '../../api/imagery/imagery-shapes';
import { latestPossible } from './timed-image';
import { useTestConfig } from '../../test/test-config';
import { byInstant, newestImage } from './newest-by-evidence';

beforeEach(() => {
  useTestConfig();
});

/** The camera's truly newest image, from a query answered in UTC (several sites: exact UTC order). */
async function newestInUtc(site: string, otherSite: string, imageType: 'visible' | 'infrared') {
  const page = await fetchImagery({ site: `${site},${otherSite}`, imageType, limit: 10, order: 'desc' });
  return page.results.find((r) => r.site === site)!;
}

const CASES = [
  // Santiago went back from 00:00 -03 to 23:00 -04 on 2025-04-05: 03:30 UTC is 23:30 for the second time.
  { zone: 'America/Santiago', site: 'RKPI', other: 'VPMI', imageType: 'visible', now: '2025-04-06T03:30:00Z' },
  // The Canaries went back from 02:00 WEST to 01:00 WET on 2025-10-26: 01:30 UTC is 01:30 for the second time.
  { zone: 'Atlantic/Canary', site: 'CV01', other: 'CV02', imageType: 'infrared', now: '2025-10-26T01:30:00Z' },
] as const;

describe('the wall’s newest image in a repeated local hour', () => {
  for (const c of CASES)
    it(`${c.zone}: the newest by instant, not the first answer by local time`, async () => {
      const now = Date.parse(c.now);
      setMockNow(now);
      const q = { site: c.site, imageType: c.imageType, order: 'desc' } as const;
      const [first] = (await fetchImagery({ ...q, limit: 1 })).results;
      const deep = (await fetchImagery({ ...q, limit: 200 })).results;
      const truth = await newestInUtc(c.site, c.other, c.imageType);

      // What the wall showed before: the first answer, a frame of the first pass, about an hour old.
      expect(first!.time).toMatchObject({ kind: 'site-local', zone: c.zone, ambiguous: true });
      expect(first!.image_id).not.toBe(truth.image_id);

      // From the first answer alone the evidence still says where it belongs: an hour ago.
      const alone = newestImage([first!], now)!;
      expect(alone.time.kind).toBe('decided');
      expect(now - alone.time.utcMs).toBeGreaterThan(30 * 60_000);

      // With the deeper answer: the frame the UTC answer calls newest, at its UTC instant, decided.
      const newest = newestImage([first!, ...deep], now)!;
      expect(newest.record.image_id).toBe(truth.image_id);
      expect(newest.time).toMatchObject({ kind: 'decided', utcMs: truth.time.utcMs });
      expect(now - latestPossible(newest.time)).toBeLessThan(3 * 60_000);

      // Every record of the deeper answer in instant order, as the UTC answers have them.
      const ordered = byInstant(deep, now).map((t) => t.time.utcMs);
      expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
      expect(byInstant(deep, now).every((t) => t.time.kind !== 'ambiguous')).toBe(true);
    });

  it('marks what the evidence cannot place, and does not call it an hour old', () => {
    const now = Date.parse('2025-10-26T01:35:00Z');
    // An answer without created_at, and an id whose fields are the wall time: 01:20 is either pass.
    const record = (id: string, local: string): ImageRecord => ({
      image_id: id,
      image_url: 'https://images.test/x.jpg',
      vnum: 383010,
      site: 'CV01',
      image_type: 'infrared',
      time: parseImageTimestamp(local, 'CV01')!,
    });
    const newest = newestImage(
      [
        record('383010.CV01.2025.299_012000-0001', '2025-10-26T01:20:00'),
        record('383010.CV01.2025.298_235800-0002', '2025-10-25T23:58:00'),
      ],
      now,
    )!;
    expect(newest.record.image_id).toBe('383010.CV01.2025.299_012000-0001');
    expect(newest.time).toEqual({
      kind: 'ambiguous',
      utcMs: Date.parse('2025-10-26T00:20:00Z'),
      later: Date.parse('2025-10-26T01:20:00Z'),
    });
    expect(now - latestPossible(newest.time)).toBe(15 * 60_000);
  });
});
