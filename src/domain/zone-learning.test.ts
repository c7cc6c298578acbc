import { describe, expect, it } from 'vitest';
import { parseWall } from './local-time';
import { fieldsReading, idReadingOfWall, verdictOf } from './zone-learning';

const wall = (s: string) => parseWall(s)!;
const utc = (s: string) => Date.parse(`${s}Z`);
const POAS = 'America/Costa_Rica'; // UTC−6 all year
const CAN = 'Atlantic/Canary'; // UTC+0 in winter

describe('the zone of an id’s time fields, from a v2 record with a Z timestamp', () => {
  it('is UTC when the fields are the instant, local when they are the site’s wall reading of it', () => {
    const at = utc('2025-03-01T16:04:49');
    expect(fieldsReading(wall('2025-03-01T16:04:49'), at, POAS)).toBe('utc');
    expect(fieldsReading(wall('2025-03-01T10:04:49'), at, POAS)).toBe('local');
    expect(fieldsReading(wall('2025-03-01T11:04:49'), at, POAS)).toBeNull();
  });

  it('tells nothing where the site is at UTC+0, or from a wall time of a repeated hour', () => {
    expect(fieldsReading(wall('2025-01-15T12:00:00'), utc('2025-01-15T12:00:00'), CAN)).toBeNull();
    expect(idReadingOfWall(wall('2025-10-26T00:30:00'), wall('2025-10-26T01:30:00'), CAN)).toBeNull();
    // 00:58 WEST is 23:58 UTC the day before: UTC fields tell.
    expect(idReadingOfWall(wall('2025-10-25T23:58:00'), wall('2025-10-26T00:58:00'), CAN)).toBe('utc');
  });

  it('concludes one reading only while the records agree', () => {
    expect(verdictOf({ utc: 3, local: 0 })).toBe('utc');
    expect(verdictOf({ utc: 0, local: 1 })).toBe('local');
    expect(verdictOf({ utc: 2, local: 1 })).toBe('conflict');
    expect(verdictOf({ utc: 0, local: 0 })).toBeNull();
  });
});
