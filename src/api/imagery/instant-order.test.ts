import { beforeEach, describe, expect, it } from 'vitest';
import { mockState } from '../../../mocks/state';
import { useTestConfig } from '../../test/test-config';
import { forgetProbes } from './answer-times';
import { fetchImagery, parseImageTimestamp } from './imagery';
import { type ImageRecord, type ImageryQuery } from './imagery-shapes';
import { imageInstant, orderByInstant } from './instant-order';
import { forgetLearnedZones } from './learned-zones';

// The Canaries fell back on 2025-10-26 at 01:00 UTC: 01:xx local happened at 00:xx and at 01:xx UTC.
const NIGHT: ImageryQuery = {
  imageType: 'infrared',
  site: 'CV01',
  from: Date.UTC(2025, 9, 26),
  to: Date.UTC(2025, 9, 26),
  order: 'asc',
  limit: 200,
};

beforeEach(() => {
  useTestConfig();
  forgetLearnedZones();
  forgetProbes();
  mockState.now = Date.UTC(2025, 10, 1);
});

const instants = (rs: readonly ImageRecord[]) => rs.map((r) => imageInstant(r.time));
const rising = (xs: readonly number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);

describe('a page in UTC order', () => {
  it('puts the second pass of the repeated hour after the first, oldest first, and says it moved images', async () => {
    const page = await fetchImagery(NIGHT);
    const at = instants(page.results);
    expect(rising(at)).toBe(true);
    expect(page.reordered).toBe(true);
    // The hour 00:00–02:00 UTC is whole: both passes, each image once.
    const hour = page.results.filter((r) => r.time.kind === 'site-local' && r.time.ambiguous);
    expect(hour.length).toBeGreaterThan(60);
    expect(new Set(page.results.map((r) => r.image_id)).size).toBe(page.results.length);
  });

  it('newest first when asked so', async () => {
    // Newest first, the night is on the day's last pages: every page falls, and one of them moved.
    const first = await fetchImagery({ ...NIGHT, order: 'desc' });
    let moved = 0;
    for (let n = 1; n <= first.pagination.total_pages; n++) {
      const page = await fetchImagery({ ...NIGHT, order: 'desc', page: n });
      expect(rising(instants(page.results).reverse()), `page ${n}`).toBe(true);
      if (page.reordered) moved++;
    }
    expect(moved).toBeGreaterThan(0);
  });

  it('leaves a page the service already gave in UTC order as it came, unmarked', async () => {
    // By volcano: an exact UTC range answered in UTC (spec 01 §4.5).
    const page = await fetchImagery({ ...NIGHT, site: undefined, vnum: 383010, to: NIGHT.from! + 3 * 3_600_000 });
    expect(page.results.length).toBeGreaterThan(0);
    expect(rising(instants(page.results))).toBe(true);
    expect(page.reordered).toBeUndefined();
  });

  it('keeps the answer’s order among equal instants', () => {
    const rec = (id: string, raw: string): ImageRecord => ({
      image_id: id,
      image_url: `https://img.test/${id}.jpg`,
      vnum: 383010,
      site: 'CV01',
      image_type: 'infrared',
      time: parseImageTimestamp(raw, 'CV01')!,
    });
    const rs = [rec('b', '2025-10-26T03:00:00Z'), rec('a', '2025-10-26T02:00:00Z'), rec('c', '2025-10-26T03:00:00Z')];
    expect(orderByInstant(rs, 'asc').results.map((r) => r.image_id)).toEqual(['a', 'b', 'c']);
    expect(orderByInstant(rs, 'desc').results.map((r) => r.image_id)).toEqual(['b', 'c', 'a']);
    expect(orderByInstant(rs.slice(0, 2), 'desc').reordered).toBe(false);
  });
});
