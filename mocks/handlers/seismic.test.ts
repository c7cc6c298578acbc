// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TEST_BASES } from '../node';
import { RSAM_CHANNELS, rsamJson } from '../data/rsam';
import { DEFAULT_MOCK_NOW } from '../state';

const A = TEST_BASES.apiBaseUrl;
const rsamUrl = (p: Record<string, string>) => `${A}/api/seismic/rsam?${new URLSearchParams(p)}`;
const BHZ = { network: 'AV', station: 'CLCL', channel: 'BHZ' };

interface Point {
  time: string;
  rsam_counts: number;
}

describe('seismic RSAM', () => {
  it('returns one series of whole-minute points up to now, echoing the query', async () => {
    const r = await fetch(rsamUrl({ ...BHZ, datefrom: '20250309', dateto: '20250310' }));
    expect(r.status).toBe(200);
    const body = (await r.json()) as { series: Array<{ window_sec: number; location: string; points: Point[] }>; datefrom: string; dateto: string; query: Record<string, string> };
    expect(body.series).toHaveLength(1);
    const s = body.series[0]!;
    expect(s.window_sec).toBe(60);
    expect(s.location).toBe('');
    expect(body.datefrom).toBe('20250309');
    expect(body.query).toEqual({ ...BHZ, datefrom: '20250309', dateto: '20250310' });
    for (const p of s.points.slice(0, 50)) expect(p.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00Z$/);
    const times = s.points.map((p) => Date.parse(p.time));
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
    expect(Math.max(...times)).toBeLessThan(DEFAULT_MOCK_NOW);
    expect(s.points[0]!.time.startsWith('2025-03-09')).toBe(true);
    // The swarm ~2 days before now is far above background on Cleveland.
    const max = Math.max(...s.points.map((p) => p.rsam_counts));
    const median = s.points.map((p) => p.rsam_counts).sort((a, b) => a - b)[Math.floor(s.points.length / 2)]!;
    expect(median).toBeGreaterThan(20);
    expect(median).toBeLessThan(3000);
    expect(max / median).toBeGreaterThan(5);
  });

  // How fast it builds is for benchmarks (a shared machine makes a timed unit test flaky): here, only
  // what it builds.
  it('is deterministic and builds a year of one channel', async () => {
    const url = rsamUrl({ ...BHZ, datefrom: '20240310', dateto: '20250310' });
    const a = await (await fetch(url)).text();
    const b = await (await fetch(url)).text();
    expect(a).toBe(b);
    const ch = RSAM_CHANNELS.find((c) => c.station === 'CLCL' && c.channel === 'BHZ')!;
    const s = rsamJson(ch, Date.UTC(2024, 2, 10), Date.UTC(2025, 2, 11) - 1, DEFAULT_MOCK_NOW, { datefrom: '20240310', dateto: '20250310' });
    const n = (s.match(/"time"/g) ?? []).length;
    expect(n).toBeGreaterThan(480_000); // 525,600 windows minus outages
    expect(n).toBeLessThan(525_600);
  });

  it('has gaps (missing windows)', async () => {
    const body = (await (await fetch(rsamUrl({ ...BHZ, datefrom: '20250101', dateto: '20250131' }))).json()) as { series: Array<{ points: Point[] }> };
    expect(body.series[0]!.points.length).toBeLessThan(31 * 1440);
  });

  it('answers the 400s of §7 with exact details', async () => {
    const bad = await fetch(rsamUrl({ ...BHZ, datefrom: '2025-03-01', dateto: '20250310' }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: true, status_code: 400, detail: 'Invalid datefrom format. Expected YYYYMMDD' });
    const bad2 = await fetch(rsamUrl({ ...BHZ, datefrom: '20250301', dateto: '20251332' }));
    expect(await bad2.json()).toEqual({ error: true, status_code: 400, detail: 'Invalid dateto format. Expected YYYYMMDD' });
    const rev = await fetch(rsamUrl({ ...BHZ, datefrom: '20250310', dateto: '20250301' }));
    expect(rev.status).toBe(400);
    expect(await rev.json()).toEqual({ error: true, status_code: 400, detail: 'datefrom must be <= dateto' });
  });

  it('answers 422 for missing parameters', async () => {
    const r = await fetch(`${A}/api/seismic/rsam?network=AV&station=CLCL&datefrom=20250301`);
    expect(r.status).toBe(422);
    expect(await r.json()).toEqual({
      error: true,
      status_code: 422,
      detail: 'Validation error',
      errors: [
        { type: 'missing', loc: ['query', 'channel'], msg: 'Field required' },
        { type: 'missing', loc: ['query', 'dateto'], msg: 'Field required' },
      ],
      path: '/api/seismic/rsam',
    });
  });

  it('answers an unknown channel with one empty series', async () => {
    const r = await fetch(rsamUrl({ network: 'XX', station: 'NOPE', channel: 'BHZ', datefrom: '20250301', dateto: '20250301' }));
    const body = (await r.json()) as { series: Array<{ points: Point[] }> };
    expect(r.status).toBe(200);
    expect(body.series[0]!.points).toEqual([]);
  });

  it('lists sites, dates and latest', async () => {
    const sites = (await (await fetch(`${A}/api/seismic/sites`)).json()) as { channels: unknown[]; total: number };
    expect(sites.total).toBe(5 * 3 + 4 * 9 + 4);
    expect(sites.channels).toHaveLength(sites.total);
    expect(sites.channels).toContainEqual({ network: 'VC', station: 'RKPI', location: '', channel: 'HDF' });

    const dates = (await (await fetch(`${A}/api/seismic/dates?network=AV&station=CLCL&channel=BHZ`)).json()) as { dates: string[]; network: string };
    expect(dates.network).toBe('AV');
    expect(dates.dates[0]).toBe('2025-03-10');
    expect(dates.dates.at(-1)).toBe('2024-01-01');
    expect([...dates.dates].sort().reverse()).toEqual(dates.dates);

    const latest = (await (await fetch(`${A}/api/seismic/rsam/latest`)).json()) as { channels: Array<{ station: string; channel: string; latest_date: string }>; total: number };
    expect(latest.total).toBe(sites.total);
    expect(latest.channels.find((c) => c.station === 'CLCL' && c.channel === 'BHZ')!.latest_date).toBe('2025-03-10');
    expect(latest.channels.find((c) => c.station === 'RKPI' && c.channel === 'HDF')!.latest_date).toBe('2025-03-04');
  });
});
