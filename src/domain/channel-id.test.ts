import { formatChannelId, parseChannelId } from './channel-id';

describe('channel ids', () => {
  it('round-trips the empty location as two dots', () => {
    const c = parseChannelId('AV.CLCL..BHZ');
    expect(c).toEqual({ network: 'AV', station: 'CLCL', location: '', channel: 'BHZ' });
    expect(formatChannelId(c!)).toBe('AV.CLCL..BHZ');
  });
  it('rejects malformed ids without throwing', () => {
    for (const bad of ['', 'AV.CLCL.BHZ', 'AV..CLCL..BHZ', '<img src=x>.A..B', 'A.B.C.D.E', 'AV.CLCL..BH Z']) {
      expect(parseChannelId(bad)).toBeNull();
    }
  });
});
