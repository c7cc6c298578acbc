import { describe, expect, it } from 'vitest';
import { parseWall } from './local-time';
import { legacyTimestampZone, type LegacyEvidenceItem } from './legacy-stamp-zone';

const wall = (s: string) => parseWall(s)!;
const POAS = 'America/Costa_Rica'; // UTC−6 all year
const CAN = 'Atlantic/Canary'; // UTC+0 in winter

describe('the zone of v1 timestamps, from their records’ ids', () => {
  // Poás image captured 2025-03-01 16:04:49 UTC (10:04:49 at the site); its id's fields in UTC.
  const id = wall('2025-03-01T16:04:49');
  const item = (stamp: string, idFields = id): LegacyEvidenceItem => ({ idFields, stamp: wall(stamp), zone: POAS });

  it('with the ids known to be UTC: timestamps equal to the fields are UTC, shifted by the offset are local', () => {
    expect(legacyTimestampZone([item('2025-03-01T16:04:49')], 'utc')).toMatchObject({
      reading: 'utc',
      basis: 'ids',
      ids: 'utc',
    });
    expect(legacyTimestampZone([item('2025-03-01T10:04:49')], 'utc')).toMatchObject({ reading: 'local', basis: 'ids' });
  });

  it('with the ids known to be local: timestamps equal to the fields are local, their UTC instant is UTC', () => {
    const localId = wall('2025-03-01T10:04:49');
    expect(legacyTimestampZone([item('2025-03-01T10:04:49', localId)], 'local')).toMatchObject({ reading: 'local' });
    expect(legacyTimestampZone([item('2025-03-01T16:04:49', localId)], 'local')).toMatchObject({ reading: 'utc' });
  });

  it('with the ids’ zone unknown: a shift by the offset fits one way only; equal fields stay undecided', () => {
    expect(legacyTimestampZone([item('2025-03-01T10:04:49')], null)).toMatchObject({
      reading: 'local',
      basis: 'offset',
      ids: 'utc',
    });
    expect(legacyTimestampZone([item('2025-03-01T22:04:49')], null)).toMatchObject({
      reading: 'utc',
      basis: 'offset',
      ids: 'local',
    });
    expect(legacyTimestampZone([item('2025-03-01T16:04:49')], null)).toMatchObject({ reading: null, basis: 'as-id' });
  });

  it('decides nothing when records disagree, or where the offset is zero, or the ids have another shape', () => {
    const both = [item('2025-03-01T16:04:49'), item('2025-03-01T10:04:49')];
    expect(legacyTimestampZone(both, 'utc')).toMatchObject({ reading: null, basis: 'conflict' });
    const winter = wall('2025-01-15T12:00:00');
    expect(legacyTimestampZone([{ idFields: winter, stamp: winter, zone: CAN }], 'utc')).toMatchObject({
      reading: null,
      basis: 'none',
    });
    expect(legacyTimestampZone([{ idFields: null, stamp: winter, zone: POAS }], 'utc').basis).toBe('none');
  });
});
