import { describe, expect, it } from 'vitest';
import { frameCandidates } from '../use-volcano-data';

describe('frame deep links: the time inside an image id has no zone', () => {
  it('reads the id time as UTC and as the site’s wall time', () => {
    const idTime = Date.UTC(2025, 2, 3, 4, 12, 0);
    // Costa Rica is UTC−6 all year.
    expect(frameCandidates(idTime, 'America/Costa_Rica')).toEqual([idTime, Date.UTC(2025, 2, 3, 10, 12, 0)]);
  });

  it('asks for both passes of a repeated hour, and only UTC when the zone is unknown', () => {
    const idTime = Date.UTC(2025, 9, 26, 1, 30);
    expect(frameCandidates(idTime, 'Atlantic/Canary')).toEqual([idTime, Date.UTC(2025, 9, 26, 0, 30)]);
    expect(frameCandidates(idTime, null)).toEqual([idTime]);
  });
});
