import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { mockState } from '../../../mocks/state';
import { parseImageId } from '../../domain/image-id';
import { parseIsoUtcFast } from '../../domain/time';
import { useTestConfig } from '../../test/test-config';
import { forgetProbes } from './answer-times';
import { fetchImagery } from './imagery';
import { type ImageRecord, type ImageryQuery } from './imagery-shapes';
import { forgetLearnedZones, idFieldsVerdict } from './learned-zones';

// The Canaries fell back on 2025-10-26 at 01:00 UTC (02:00 WEST → 01:00 WET): 01:xx happened twice,
// at 00:xx UTC and at 01:xx UTC. One site at freq=all answers in local time, sorted by it.
const NIGHT: ImageryQuery = {
  imageType: 'infrared',
  site: 'CV01',
  from: Date.UTC(2025, 9, 26),
  to: Date.UTC(2025, 9, 26),
  order: 'asc',
};
const requested: URL[] = [];
const onRequest = ({ request }: { request: Request }) => void requested.push(new URL(request.url));

beforeEach(() => {
  useTestConfig();
  forgetLearnedZones();
  forgetProbes();
  mockState.now = Date.UTC(2025, 10, 1);
  requested.length = 0;
  server.events.on('request:start', onRequest);
});
afterEach(() => {
  server.events.removeListener('request:start', onRequest);
});

const repeated = (rs: readonly ImageRecord[]) => rs.filter((r) => r.time.kind === 'site-local' && r.time.ambiguous);
const idInstant = (r: ImageRecord) => parseImageId(r.image_id)!.utcMs;
const by = (r: ImageRecord) => (r.time.kind === 'site-local' ? r.time.resolvedBy : undefined);

describe('a fall-back hour read from the answer', () => {
  it('places every image of the repeated hour at the instant its UTC id states, learning the ids’ zone when the page cannot tell', async () => {
    // Page 3 of 30 holds only repeated-hour times: nothing in it shows what zone the ids are in.
    const page = await fetchImagery({ ...NIGHT, limit: 30, page: 3 });
    const hour = repeated(page.results);
    expect(hour).toHaveLength(30);
    for (const r of hour) expect(r.time.utcMs).toBe(idInstant(r));
    // The first pass by its creation time (the second reading is after it), the second by its id.
    expect(new Set(hour.map(by))).toEqual(new Set(['created_at', 'id']));
    // One small query with Z times, by volcano, taught the ids' zone.
    const probes = requested.filter((u) => !u.searchParams.has('site'));
    expect(probes).toHaveLength(1);
    expect(probes[0]!.searchParams.get('vnum')).toBe('383010');
    expect(idFieldsVerdict('CV01')).toBe('utc');
    // Learned once: the next page asks nothing more.
    requested.length = 0;
    await fetchImagery({ ...NIGHT, limit: 30, page: 4 });
    expect(requested).toHaveLength(1);
  });

  it('keeps the second pass undecided, and says it is the likelier, when the probe fails', async () => {
    server.use(
      http.get('http://api.test/api/imagery/q', ({ request }) =>
        new URL(request.url).searchParams.has('site')
          ? undefined
          : HttpResponse.json({ detail: 'down' }, { status: 503 }),
      ),
    );
    const page = await fetchImagery({ ...NIGHT, limit: 30, page: 3 });
    const undecided = repeated(page.results).filter((r) => !by(r));
    expect(undecided.length).toBeGreaterThan(10);
    for (const r of undecided) expect(r.time).toMatchObject({ likelyLater: true, later: idInstant(r) });
  });

  it('with ids in site time, reads the second pass from an answer sorted by instant', async () => {
    mockState.timeReadings = { idFields: 'local', legacyTimestamp: 'local', localOrder: 'instant' };
    const page = await fetchImagery({ ...NIGHT, limit: 200 });
    const hour = repeated(page.results);
    expect(hour.length).toBeGreaterThan(60);
    expect(new Set(hour.map(by))).toEqual(new Set(['created_at', 'order']));
    // The mock makes a record 20–90 s after its capture.
    for (const r of hour) {
      const made = parseIsoUtcFast(r.created_at!);
      expect(made - r.time.utcMs).toBeGreaterThanOrEqual(20_000);
      expect(made - r.time.utcMs).toBeLessThanOrEqual(90_000);
    }
    expect(idFieldsVerdict('CV01')).toBe('local');
  });
});
