import { describe, expect, it } from 'vitest';
import type { LegacyImage } from '../../api/decode/legacy-body';
import { describeV1Zone, v1Instants } from './v1-zone';

const image = (image_id: string, wall: string): LegacyImage => ({
  legacyId: 1,
  image_id,
  image_url: 'http://legacy.test/x.jpg',
  vnum: 357120,
  site: 'RKPI',
  image_type: 'visible',
  time: { kind: 'unzoned', wall },
  file_format: 'jpg',
  frame: 0,
  quality: 90,
});
const utc = (s: string) => Date.parse(`${s}Z`);

describe('the zone of the v1 times', () => {
  it('while nothing decides, offers site-local first and says what is missing', () => {
    const tally = { utc: 0, local: 0 };
    expect(describeV1Zone({ evidence: null, learned: null, ids: null, sample: 'idle' })).toEqual({
      reading: null,
      first: 'local',
      because: 'undecided until an answer is read; site-local first, the way v2 gives its own zone-less times',
      ids: null,
    });
    const asId = { reading: null, basis: 'as-id', ids: null, tally } as const;
    expect(describeV1Zone({ evidence: asId, learned: null, ids: null, sample: 'failed' }).because).toBe(
      'undecided: the timestamps equal their ids’ time fields, whose zone no v2 answer has shown; site-local first, the way v2 gives its own zone-less times',
    );
    // What an earlier answer from the host showed holds until this one decides.
    expect(describeV1Zone({ evidence: asId, learned: 'utc', ids: null, sample: 'pending' })).toMatchObject({
      reading: 'utc',
      first: 'utc',
      because: 'read as UTC, as an earlier v1 answer from this host showed (its records’ ids against their timestamps)',
    });
  });

  it('reads a site-local time of a repeated hour at the instant its UTC id states', () => {
    // Santiago passed 23:xx twice on 2025-04-05: at 02:xx UTC and at 03:xx UTC.
    const second = image('357120.RKPI.2025.096_033010-0001', '2025-04-05T23:30:10');
    expect(v1Instants(second, 'local', 'utc')).toEqual([utc('2025-04-06T03:30:10')]);
    // Fields that are one instant in UTC and not the wall time can only be UTC fields, learned or not.
    expect(v1Instants(second, 'local', null)).toEqual([utc('2025-04-06T03:30:10')]);
    // Ids in site time tell nothing of the pass: both instants.
    const localId = image('357120.RKPI.2025.095_233010-0001', '2025-04-05T23:30:10');
    expect(v1Instants(localId, 'local', 'local')).toEqual([utc('2025-04-06T02:30:10'), utc('2025-04-06T03:30:10')]);
    expect(v1Instants(second, 'utc', 'utc')).toEqual([utc('2025-04-05T23:30:10')]);
    // 2025-09-07 00:30 never existed in Santiago.
    expect(v1Instants(image('357120.RKPI.2025.250_043010-0001', '2025-09-07T00:30:10'), 'local', 'utc')).toEqual([]);
  });
});
