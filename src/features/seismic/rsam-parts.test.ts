import { describe, expect, it } from 'vitest';
import { otherLocations, rawWindowsNote, statsOf, type Part } from './rsam-parts';

const f64 = (a: number[]) => Float64Array.from(a);
const part = (): Part => ({
  gapSec: 60,
  blocks: [
    { x: f64([0, 60, 120]), y: f64([4, NaN, 8]) },
    { x: f64([180, 240, 300]), y: f64([1, 2, 30]) },
  ],
});

describe('statsOf', () => {
  it('summarises the values shown, both ends of the range included, across blocks', async () => {
    expect(await statsOf(part(), 120, 240)).toEqual({ count: 3, min: 1, max: 8, median: 2 });
  });

  it('leaves the chart’s own columns intact (only copies go to the worker)', async () => {
    const p = part();
    await statsOf(p, 0, 300);
    expect([...p.blocks[1]!.y]).toEqual([1, 2, 30]);
  });

  it('counts nothing outside the range', async () => {
    expect((await statsOf(part(), 400, 500)).count).toBe(0);
  });
});

describe('rawWindowsNote', () => {
  const ch = (windowSec: number, loaded: boolean) => ({ windowSec, pieces: loaded ? [{} as never] : [] });
  it('names the windows the service gave, not a default', () => {
    expect(rawWindowsNote([ch(600, true)])).toBe('raw 600 s windows');
    expect(rawWindowsNote([ch(60, true), ch(600, true), ch(60, true)])).toBe('raw 60 s and 600 s windows');
    // Nothing loaded yet: no window size is known.
    expect(rawWindowsNote([ch(60, false)])).toBe('raw windows');
  });
});

describe('otherLocations', () => {
  const CH = { network: 'AV', station: 'CLCL', location: '00', channel: 'BHZ' };
  const piece = (location = '00') =>
    ({ series: { channel: { ...CH, location }, windowSec: 60, times: f64([]), values: f64([]) } }) as never;
  const channel = (id: string, ...pieces: never[]) => ({ id, channel: CH, windowSec: 60, pieces });

  it('names the channels whose answers name another location, and which', () => {
    expect(
      otherLocations([
        channel('AV.CLCL.00.BHZ', piece('01'), piece('01')),
        channel('AV.CLES.00.BHZ', piece(), piece()),
        channel('AV.CLNE.00.BHZ', piece(''), piece('00'), piece('02')),
      ]),
    ).toEqual([
      { id: 'AV.CLCL.00.BHZ', answered: 'location 01' },
      { id: 'AV.CLNE.00.BHZ', answered: 'no location code and location 02' },
    ]);
  });
});
