import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectRoundTrips } from '../../test/url-round-trip';
import { parseUrl, serializeUrl } from '../../ui/url-schema';
import {
  chartedChannels,
  formatInstant,
  instantBound,
  MAX_N,
  MAX_VOLCANO_CHANNELS,
  MAX_SPAN_MS,
  MIN_N,
  MIN_RANGE_MS,
  parseBound,
  resolveVolcanoRange,
  volcanoChannels,
  volcanoUrl,
  type VolcanoParams,
} from './volcano-params';

import { parseChannelId } from '../../domain/channel-id';
import { findVolcano } from '../../domain/volcanoes';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const schema = volcanoUrl(NOW);
const parse = (q: string) => parseUrl(schema, new URLSearchParams(q));
const serializeVolcanoParams = (p: VolcanoParams) => serializeUrl(schema, p);

describe('volcano params', () => {
  it('defaults to the last 7 days in UTC with n=3', () => {
    const { params, notices } = parse('');
    expect(notices).toEqual([]);
    expect(resolveVolcanoRange(params.range, NOW)).toEqual({ from: NOW - 7 * 86_400_000, to: NOW });
    expect(params.tz).toBe('utc');
    expect(params.n).toBe(3);
    expect(serializeVolcanoParams(params).toString()).toBe('');
  });

  it('reads the deep link of the issue: whole days, zone, cursor and frame', () => {
    const { params, notices } = parse(
      'from=2025-03-01&to=2025-03-07&tz=local&at=2025-03-03T04:12:00Z&frame=345040.VPMI.2025.062_041200-0042',
    );
    expect(notices).toEqual([]);
    expect(resolveVolcanoRange(params.range, NOW)).toEqual({
      from: Date.parse('2025-03-01T00:00:00Z'),
      to: Date.parse('2025-03-08T00:00:00Z'),
    });
    expect(params.tz).toBe('local');
    expect(params.at).toBe(Date.parse('2025-03-03T04:12:00Z'));
    expect(params.frame).toBe('345040.VPMI.2025.062_041200-0042');
    expect(serializeVolcanoParams(params).toString()).toBe(
      'from=2025-03-01&to=2025-03-07&tz=local&at=2025-03-03T04%3A12%3A00Z&frame=345040.VPMI.2025.062_041200-0042',
    );
  });

  it('keeps relative bounds relative and round-trips instants', () => {
    expect(resolveVolcanoRange({ from: parseBound('now-12h')!, to: parseBound('now')! }, NOW)).toEqual({
      from: NOW - 12 * 3_600_000,
      to: NOW,
    });
    expect(resolveVolcanoRange({ from: parseBound('now-1y')!, to: parseBound('now-90m')! }, NOW)).toEqual({
      from: Date.parse('2024-03-10T12:00:00Z'),
      to: NOW - 90 * 60_000,
    });
    const b = instantBound(Date.parse('2025-03-03T04:12:07.400Z'));
    expect(b.text).toBe('2025-03-03T04:12:07Z');
    expect(parseBound(b.text)).toMatchObject({ kind: 'instant', t: Date.parse('2025-03-03T04:12:07Z') });
  });

  it('drops bad values with a notice and keeps the rest', () => {
    const { params, notices } = parse('from=yesterday&tz=mars&at=2025-02-30T00:00:00Z&n=0.5&frame=../etc');
    expect(notices).toHaveLength(5);
    expect(notices.join(' ')).toMatch(/from=yesterday/);
    expect(params.tz).toBe('utc');
    expect(params.at).toBeUndefined();
    expect(params.frame).toBeUndefined();
    expect(params.n).toBe(3);
  });

  it('keeps the selected span as an ISO interval and refuses a malformed or backwards one', () => {
    const { params, notices } = parse('span=2025-03-03T04:00:00Z/2025-03-03T06:30:00Z');
    expect(notices).toEqual([]);
    expect(params.span).toEqual({ from: Date.parse('2025-03-03T04:00:00Z'), to: Date.parse('2025-03-03T06:30:00Z') });
    expect(serializeVolcanoParams(params).get('span')).toBe('2025-03-03T04:00:00Z/2025-03-03T06:30:00Z');
    for (const bad of [
      '2025-03-03T06:00:00Z/2025-03-03T04:00:00Z',
      '2025-03-03T04:00:00Z',
      'a/b',
      '2025-01-01T00:00:00Z/2025-03-01T00:00:00Z',
    ]) {
      const r = parse(`span=${encodeURIComponent(bad)}`);
      expect(r.params.span, bad).toBeUndefined();
      expect(r.notices.join(' '), bad).toMatch(/Ignored span=/);
    }
  });

  it('refuses a backwards range', () => {
    const { params, notices } = parse('from=2025-03-07&to=2025-03-01');
    expect(notices[0]).toMatch(/must run forwards/);
    expect(params.range.from.text).toBe('now-7d');
  });

  it('reads an old way of writing a relative bound and rewrites it', () => {
    const { params, notices, rewrite } = parse('from=now-006h&to=now-0d');
    expect(notices).toEqual([]);
    expect(rewrite).toBe(true);
    expect(serializeVolcanoParams(params).toString()).toBe('from=now-6h&to=now');
    expect(parse('from=now-6h&to=now').rewrite).toBe(false);
  });
});

describe('volcano URL round trip', () => {
  it('writes every state as a link that reads back to it, and any address as a canonical link', () => {
    const second = fc
      .integer({ min: Date.UTC(2000, 0, 1) / 1000, max: Date.UTC(2099, 11, 31) / 1000 })
      .map((s) => s * 1000);
    const boundText = fc.oneof(
      fc.constant('now'),
      fc
        .tuple(fc.integer({ min: 1, max: 99_999 }), fc.constantFrom('m', 'h', 'd', 'y'))
        .map(([n, u]) => `now-${n}${u}`),
      second.map((t) => new Date(t).toISOString().slice(0, 10)),
      second.map(formatInstant),
    );
    const range = fc
      .tuple(boundText, boundText)
      .map(([a, b]) => ({ from: parseBound(a)!, to: parseBound(b)! }))
      .filter((r) => resolveVolcanoRange(r, NOW).to - resolveVolcanoRange(r, NOW).from >= MIN_RANGE_MS);
    const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
    const poasChannels = volcanoChannels(findVolcano(345040)!);
    const states = fc.record({
      channels: fc
        .uniqueArray(fc.constantFrom(...poasChannels), { maxLength: MAX_VOLCANO_CHANNELS })
        .map((ids) => ids.map((id) => parseChannelId(id)!)),
      range,
      tz: fc.constantFrom('utc' as const, 'local' as const),
      at: maybe(second),
      frame: maybe(fc.stringMatching(/^[A-Za-z0-9._-]{1,120}$/)),
      span: maybe(
        fc
          .tuple(second, fc.integer({ min: 60, max: MAX_SPAN_MS / 1000 }))
          .map(([from, len]) => ({ from, to: from + len * 1000 })),
      ),
      n: fc.integer({ min: MIN_N * 100, max: MAX_N * 100 }).map((k) => k / 100),
    });
    expectRoundTrips(volcanoUrl(NOW, findVolcano(345040)), states, {
      channels: ['OV.VPPC..HHZ,OV.VPRS..HHZ', 'OV.VPPC..HHZ,AV.CLCL..BHZ', 'x'],
      from: ['now-6h', 'now-006h', '2025-03-01', '2025-03-07', '2025-03-01T06:00:00Z', 'yesterday', ' now-1d'],
      to: ['now', 'now-0d', '2025-03-07', '2025-03-01', 'now-90m', 'x'],
      tz: ['local', 'mars'],
      at: ['2025-03-03T04:12:00Z', '2025-03-03T04:12:00.400Z', '2025-02-30T00:00:00Z'],
      frame: ['345040.VPMI.2025.062_041200-0042', '../etc'],
      span: ['2025-03-03T04:00:00Z/2025-03-03T06:30:00Z', 'a/b'],
      n: ['3', '2.50', '0.5'],
    });
  });
});

describe('the volcano view’s channels', () => {
  const poas = findVolcano(345040)!;
  const read = (q: string) => parseUrl(volcanoUrl(NOW, poas), new URLSearchParams(q));

  it('charts the vertical channels until others are chosen, and any of its four stations’ when asked', () => {
    expect(chartedChannels(read('').params, poas)).toEqual(['OV.VPCC..HHZ', 'OV.VPNC..HHZ']);
    const all = read('channels=OV.VPCC..HHZ,OV.VPNC..HHZ,OV.VPPC..HHZ,OV.VPRS..HHZ');
    expect(all.notices).toEqual([]);
    expect(chartedChannels(all.params, poas)).toEqual(['OV.VPCC..HHZ', 'OV.VPNC..HHZ', 'OV.VPPC..HHZ', 'OV.VPRS..HHZ']);
    expect(serializeUrl(volcanoUrl(NOW, poas), all.params).toString()).toBe(
      'channels=OV.VPCC..HHZ%2COV.VPNC..HHZ%2COV.VPPC..HHZ%2COV.VPRS..HHZ',
    );
  });

  it('leaves out, and names, another volcano’s channel and any past six', () => {
    const r = read('channels=OV.VPPC..HHZ,AV.CLCL..BHZ');
    expect(chartedChannels(r.params, poas)).toEqual(['OV.VPPC..HHZ']);
    expect(r.notices).toEqual(["Ignored channels=AV.CLCL..BHZ in the address: not a channel of Poás's stations."]);
    const many = read(`channels=${volcanoChannels(poas).slice(0, 8).join(',')}`);
    expect(many.params.channels).toHaveLength(MAX_VOLCANO_CHANNELS);
    expect(many.notices).toHaveLength(2);
  });
});
