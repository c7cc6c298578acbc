// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TEST_BASES } from '../node';
import { mockState } from '../state';

const A = TEST_BASES.apiBaseUrl;
const L = `${TEST_BASES.legacyBaseUrl}/api/imagery`;
const control = (body: unknown) =>
  fetch(`${A}/__mock/control`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const json = async <T>(url: string): Promise<T> => (await (await fetch(url)).json()) as T;

interface Rec {
  image_id: string;
  image_url: string;
  timestamp: string;
}
/** An id's time fields as `yyyy-mm-ddThh:mm:ss`. */
const idFields = (id: string) => {
  const m = /\.(\d{4})\.(\d{3})_(\d\d)(\d\d)(\d\d)-/.exec(id)!;
  const t = Date.UTC(+m[1]!, 0, +m[2]!, +m[3]!, +m[4]!, +m[5]!);
  return new Date(t).toISOString().slice(0, 19);
};

describe('the time readings knob', () => {
  it('refuses values it does not know and changes nothing then', async () => {
    const r = await control({ action: 'timeReadings', idFields: 'cet' });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ ok: false, error: 'idFields must be one of utc, local' });
    expect(mockState.timeReadings).toEqual({ idFields: 'utc', legacyTimestamp: 'local', localOrder: 'wall' });
  });

  it('writes v2 ids in UTC (default) or site time, and finds an image by either', async () => {
    // Poás, UTC−6: 16:00–16:10 UTC.
    const url = `${A}/api/imagery/q?imageType=visible&vnum=345040&datefrom=20250301160000&dateto=20250301161000&order=asc`;
    const utcIds = await json<{ results: Rec[] }>(url);
    const first = utcIds.results[0]!;
    expect(idFields(first.image_id)).toBe(first.timestamp.slice(0, 19));
    expect((await control({ action: 'timeReadings', idFields: 'local' })).ok).toBe(true);
    const local = (await json<{ results: Rec[] }>(url)).results[0]!;
    expect(local.timestamp).toBe(first.timestamp);
    expect(idFields(local.image_id)).toBe(first.timestamp.slice(0, 11) + '10' + first.timestamp.slice(13, 19));
    expect(local.image_url).toContain(`/still/060/${local.image_id}.jpg`);
    expect((await fetch(local.image_url)).status).toBe(200);
  });

  it('writes and searches v1 timestamps in site time (default) or UTC', async () => {
    const q = `${L}/visible/query?site=VPMI&search_from=2025-03-01T10:00&search_to=2025-03-01T10:30`;
    const local = await json<Rec[]>(q);
    expect(local.length).toBeGreaterThan(2);
    // Site time: 10:xx at the site is 16:xx in the UTC fields of the id.
    expect(local.every((r) => r.timestamp.startsWith('2025-03-01T10:') && idFields(r.image_id).startsWith('2025-03-01T16:'))).toBe(true);
    await control({ action: 'timeReadings', legacyTimestamp: 'utc' });
    const utc = await json<Rec[]>(q);
    expect(utc.every((r) => r.timestamp.startsWith('2025-03-01T10:') && idFields(r.image_id) === r.timestamp)).toBe(true);
  });

  it('sorts one site’s local times by wall time (default) or by instant across a fall-back', async () => {
    // The Canaries fall back at 01:00 UTC on 2025-10-26: 01:xx local happens twice.
    const url = `${A}/api/imagery/q?site=CV01&datefrom=20251026000000&dateto=20251026000000&order=asc&limit=200`;
    const stamps = async () => (await json<{ results: Rec[] }>(url)).results.map((r) => r.timestamp);
    mockState.now = Date.UTC(2025, 10, 1);
    const byWall = await stamps();
    expect([...byWall].sort()).toEqual(byWall);
    await control({ action: 'timeReadings', localOrder: 'instant' });
    const byInstant = await stamps();
    expect(byInstant).not.toEqual(byWall);
    expect([...byInstant].sort()).toEqual(byWall);
    // One step back, from the end of the first pass to the start of the second.
    const steps = byInstant.flatMap((s, i) => (i > 0 && s < byInstant[i - 1]! ? [[byInstant[i - 1]!, s]] : []));
    expect(steps).toHaveLength(1);
    expect(steps[0]![0]).toMatch(/^2025-10-26T01:5\d/);
    expect(steps[0]![1]).toMatch(/^2025-10-26T01:0\d/);
  });
});
