import { describe, expect, it } from 'vitest';
import { VOLCANOES } from '../../domain/volcanoes';
import { parseUrl, serializeUrl } from '../../ui/url-schema';
import { minRefreshSeconds, pagesOf, requestsPerRefresh, wallUrl, type WallParams } from './wall-params';

const parse = (q: string, def = 60) => parseUrl(wallUrl(def), new URLSearchParams(q));
const serializeWallParams = (p: WallParams, def: number) => serializeUrl(wallUrl(def), p);

describe('parseWallParams', () => {
  it('defaults to every volcano, the configured refresh, no cycling, no theme', () => {
    const { params, notices } = parse('');
    expect(params.volcanoes.map((v) => v.vnum)).toEqual(VOLCANOES.map((v) => v.vnum));
    expect(params).toMatchObject({ refreshSeconds: 60, cycleSeconds: null, theme: null });
    expect(notices).toEqual([]);
  });

  it('reads the documented example', () => {
    const { params, notices } = parse('volcanoes=311240,345040&refresh=60&cycle=20&theme=dark');
    expect(params.volcanoes.map((v) => v.name)).toEqual(['Cleveland', 'Poás']);
    expect(params).toMatchObject({ refreshSeconds: 60, cycleSeconds: 20, theme: 'dark' });
    expect(notices).toEqual([]);
  });

  it('drops bad values with a notice each, keeping the good ones', () => {
    const { params, notices } = parse('volcanoes=311240,abc,999&refresh=fast&cycle=-3&theme=pink&perpage=0&zoom=2');
    expect(params.volcanoes.map((v) => v.vnum)).toEqual([311240]);
    expect(params).toMatchObject({ refreshSeconds: 60, cycleSeconds: null, theme: null, perPage: 2 });
    expect(notices).toHaveLength(7);
    expect(notices.join('\n')).toMatch(/"abc".*\n.*"999"/);
    expect(notices.join('\n')).toContain('zoom: not a wall setting');
  });

  it('refuses a refresh faster than the rate budget allows', () => {
    const { params, notices } = parse('refresh=2');
    expect(params.refreshSeconds).toBe(60);
    expect(notices[0]).toContain('minimum 5 s');
    expect(parse('refresh=5').params.refreshSeconds).toBe(5);
    expect(parse('refresh=7200').notices[0]).toContain('over 3600');
  });

  it('reads the sparkline range in the shared grammar, 15 minutes to 7 days, ending now', () => {
    expect(parse('').params.range).toEqual({ amount: 24, unit: 'h' });
    expect(parse('from=now-6h').params.range).toEqual({ amount: 6, unit: 'h' });
    expect(parse('from=now-15m&to=now').params.range).toEqual({ amount: 15, unit: 'm' });
    expect(parse('from=now-7d').params.range).toEqual({ amount: 7, unit: 'd' });
    for (const bad of ['from=now-6x', 'from=now-1y', 'from=now-5m', 'from=2025-03-01']) {
      const { params, notices } = parse(bad);
      expect(params.range, bad).toEqual({ amount: 24, unit: 'h' });
      expect(notices[0], bad).toMatch(/^from: /);
    }
    expect(parse('from=now-6h&to=now-1h').notices[0]).toContain('to: "now-1h" must be now');
  });

  it('writes back what it keeps, defaults left out, old forms in the current one', () => {
    const q =
      'volcanoes=311240%2C345040&refresh=30&cycle=20&perpage=1&theme=dark&alert=AV.CLCL..BHZ%3A5000&from=now-6h';
    const p = parse(q);
    expect(p.notices).toEqual([]);
    expect(serializeWallParams(p.params, 60).toString()).toBe(q);
    expect(serializeWallParams(parse('refresh=60&from=now-24h').params, 60).toString()).toBe('');
    const old = parse('from=now-06h');
    expect(old.rewrite).toBe(true);
    expect(serializeWallParams(old.params, 60).toString()).toBe('from=now-6h');
  });

  it('falls back to all volcanoes when none listed is known', () => {
    const { params, notices } = parse('volcanoes=1,2');
    expect(params.volcanoes).toHaveLength(VOLCANOES.length);
    expect(notices.at(-1)).toContain('showing all');
  });
});

describe('rate budget arithmetic', () => {
  it('counts one request per vertical channel and per camera image type', () => {
    expect(requestsPerRefresh(VOLCANOES)).toEqual({ 'seismic.rsam': 5, 'imagery.q': 8 });
  });

  it('keeps every endpoint within its per-minute budget at the fastest allowed refresh', () => {
    const floor = minRefreshSeconds(VOLCANOES);
    const n = requestsPerRefresh(VOLCANOES);
    expect(floor).toBe(5);
    expect((n['imagery.q'] * 60) / floor).toBeLessThanOrEqual(100);
    expect((n['seismic.rsam'] * 60) / floor).toBeLessThanOrEqual(100);
  });
});

describe('pagesOf', () => {
  it('keeps one page without cycling and splits with it', () => {
    expect(pagesOf([1, 2, 3, 4, 5], null, 2)).toEqual([[1, 2, 3, 4, 5]]);
    expect(pagesOf([1, 2, 3, 4, 5], 20, 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(pagesOf([1, 2], 20, 3)).toEqual([[1, 2]]);
  });
});

describe('alert rules', () => {
  it('keeps rules on channels shown on the wall and names the rest', () => {
    const { params, notices } = parse('alert=AV.CLCL..BHZ:5000,OV.VPCC..HHZ:4x,AV.CLCL..BHE:10,bad');
    expect(params.alerts.map((r) => [r.channel.station, r.threshold])).toEqual([
      ['CLCL', { kind: 'counts', value: 5000 }],
      ['VPCC', { kind: 'median', factor: 4 }],
    ]);
    expect(notices).toEqual([
      expect.stringContaining('alert: "bad" is not CHANNEL:COUNTS'),
      expect.stringContaining('alert: AV.CLCL..BHE is not a channel on this wall'),
    ]);
  });
});
