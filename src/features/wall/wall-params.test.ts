import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseChannelId } from '../../domain/channel-id';
import type { RelativeTime } from '../../domain/relative-time';
import { expectRoundTrips } from '../../test/url-round-trip';
import { VOLCANOES } from '../../domain/volcanoes';
import { parseUrl, serializeUrl } from '../../ui/url-schema';
import { MAX_REFRESH_S, minRefreshSeconds, pagesOf, requestsPerRefresh, wallUrl, type WallParams } from './wall-params';

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
    expect(notices[0]).toContain('minimum 6 s');
    expect(parse('refresh=6').params.refreshSeconds).toBe(6);
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
  it('counts one request per station (its watched channel) and per camera image type', () => {
    expect(requestsPerRefresh(VOLCANOES)).toEqual({ 'seismic.rsam': 10, 'imagery.q': 8 });
  });

  it('keeps every endpoint within its per-minute budget at the fastest allowed refresh', () => {
    const floor = minRefreshSeconds(VOLCANOES);
    const n = requestsPerRefresh(VOLCANOES);
    expect(floor).toBe(6);
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

describe('wall URL round trip', () => {
  it('writes every state as a link that reads back to it, and any address as a canonical link', () => {
    const hundredths = fc.integer({ min: 1, max: 1e8 }).map((n) => n / 100);
    const states = fc.subarray([...VOLCANOES], { minLength: 1 }).chain((volcanoes) =>
      fc.record({
        volcanoes: fc.constant(volcanoes),
        refreshSeconds: fc.integer({ min: minRefreshSeconds(volcanoes), max: MAX_REFRESH_S }),
        cycleSeconds: fc.option(fc.integer({ min: 5, max: 3600 }), { nil: null }),
        perPage: fc.integer({ min: 1, max: VOLCANOES.length }),
        theme: fc.constantFrom(null, 'dark' as const, 'light' as const),
        alerts: fc.subarray(volcanoes.flatMap((v) => v.verticalChannels)).chain((ids) =>
          fc.tuple(
            ...ids.map((id) =>
              fc.record({
                channel: fc.constant(parseChannelId(id)!),
                threshold: fc.oneof(
                  hundredths.map((value) => ({ kind: 'counts' as const, value })),
                  hundredths.map((factor) => ({ kind: 'median' as const, factor })),
                ),
              }),
            ),
          ),
        ),
        range: fc
          .constantFrom(['m', 15, 10_080], ['h', 1, 168], ['d', 1, 7])
          .chain(([unit, least, most]) =>
            fc
              .integer({ min: least as number, max: most as number })
              .map((amount) => ({ amount, unit }) as RelativeTime),
          ),
      }),
    );
    expectRoundTrips(wallUrl(60), states, {
      volcanoes: ['311240,345040', '311240,abc,999', '1,2', '', '345040,311240', '311240,311240'],
      refresh: ['60', '2', '7200', 'fast', ' 30'],
      cycle: ['20', '', '0', '-3', '3601'],
      perpage: ['1', '0', '6'],
      theme: ['dark', 'pink'],
      alert: [
        'AV.CLCL..BHZ:5000',
        'AV.CLCL..BHZ:5000,OV.VPCC..HHZ:4x,AV.CLCL..BHE:10,bad',
        'AV.CLCL..BHZ:1,AV.CLCL..BHZ:2',
      ],
      from: ['now-6h', 'now-06h', 'now-1y', 'now-6x', 'now-24h'],
      to: ['now', 'now-1h'],
      zoom: ['2'],
    });
  });
});
