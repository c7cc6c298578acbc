import { describe, expect, it } from 'vitest';
import { manifestCsv, parseManifestCsv, type ManifestRow } from './manifest-csv';

const row: ManifestRow = {
  imageId: '383010.CV01.2025.299_010012-0001',
  utc: '2025-10-26T01:00:12Z',
  local: '2025-10-26 01:00:12',
  zone: 'UTC+00:00 Atlantic/Canary',
  resolved: 'repeated hour (clocks went back): the second pass, by its id',
  flags: 'is_empty=no; is_degraded=yes; low_visibility=unknown',
  fileName: 'infrared/383010/CV01/383010.CV01.2025.299_010012-0001.jpg',
};

describe('manifest.csv', () => {
  it('writes a header and one quoted-where-needed row per image, and reads back the same', () => {
    const text = manifestCsv([row, { ...row, imageId: 'a"b', resolved: 'x,\ny' }]);
    expect(text.split('\r\n')[0]).toBe('image_id,utc_time,local_time,local_zone,time_resolved,flags,file_name');
    expect(text).toContain('"a""b"');
    const back = parseManifestCsv(text);
    expect(back).toHaveLength(2);
    expect(back[0]).toEqual({
      image_id: row.imageId,
      utc_time: row.utc,
      local_time: row.local,
      local_zone: row.zone,
      time_resolved: row.resolved,
      flags: row.flags,
      file_name: row.fileName,
    });
    expect(back[1]!.image_id).toBe('a"b');
    expect(back[1]!.time_resolved).toBe('x,\ny');
  });
});
