import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { formatChannelId } from '../../domain/channel-id';
import { expectRoundTrips } from '../../test/url-round-trip';
import { ANALYSES } from './analysis/analysis-params';
import { DAY_MS, monthChunks } from '../../domain/time';
import { parseUrl, serializeUrl } from '../../ui/url-schema';
import { activateLocale } from '../../i18n/i18n';
import { loadCatalogue } from '../../i18n/catalogue';
import {
  chartZoneOf,
  DEFAULT_STATE,
  describeRange,
  MAX_CHANNELS,
  rangeChunks,
  rangeProblem,
  resolveRange,
  seismicUrl,
  SMOOTHINGS,
  type RangeParam,
} from './seismic-params';

const NOW = Date.UTC(2025, 2, 10, 12);
const schema = seismicUrl(NOW);
const parse = (q: string) => {
  const { params, notices, rewrite } = parseUrl(schema, new URLSearchParams(q));
  return { state: params, notices, rewrite };
};
const serializeSeismicParams = (s: typeof DEFAULT_STATE) => serializeUrl(schema, s);

describe('parseSeismicParams', () => {
  afterEach(() => activateLocale('en', {}));

  it('reads the full example link and writes it back unchanged', () => {
    const q =
      'channels=AV.CLCL..BHZ%2COV.VPCC..HHZ&from=2025-01-01&to=2025-01-31&scale=log&tz=local&smooth=1h&layout=stacked';
    const { state, notices } = parse(q);
    expect(notices).toEqual([]);
    expect(state.channels.map((c) => c.station)).toEqual(['CLCL', 'VPCC']);
    expect(state.range).toEqual({ kind: 'absolute', fromDay: Date.UTC(2025, 0, 1), toDay: Date.UTC(2025, 0, 31) });
    expect(state).toMatchObject({ scale: 'log', tz: 'local', smooth: '1h', layout: 'stacked' });
    expect(serializeSeismicParams(state).toString()).toBe(q);
  });

  it('keeps relative ranges relative', () => {
    const { state } = parse('from=now-24h&to=now');
    expect(state.range).toEqual({ kind: 'relative', amount: 24, unit: 'h' });
    expect(serializeSeismicParams(state).get('from')).toBe('now-24h');
    const r = resolveRange(state.range, NOW);
    expect(r.toMs - r.fromMs).toBe(DAY_MS);
    expect(r.fromDay).toBe(Date.UTC(2025, 2, 9));
  });

  it('drops unknown and malformed values with one notice each, never throwing', () => {
    const { state, notices } = parse(
      'channels=AV.CLCL..BHZ,nonsense,AV.CLCL..BHZ&from=2025-13-01&scale=cubic&tz=mars&smooth=2h&layout=grid&view=abc&x=1',
    );
    expect(state.channels).toHaveLength(1);
    expect(state.range).toEqual(DEFAULT_STATE.range);
    expect(state).toMatchObject({ scale: 'linear', tz: 'utc', smooth: null, layout: 'overlay', view: null });
    expect(notices).toHaveLength(8);
    expect(notices.join(' ')).toMatch(/x=1.*not a setting/);
  });

  it('says a choice’s reason in the language active when the notice is made, not when the table was built', async () => {
    // `schema` was built above, in English, before Spanish was chosen (as DEFAULT_STATE is at load).
    expect(parse('scale=cubic').notices).toEqual(['Ignored scale=cubic in the address: must be linear or log.']);
    activateLocale('es', await loadCatalogue('es'));
    expect(parse('scale=cubic&layout=grid').notices).toEqual([
      'Se ignoró scale=cubic en la dirección: debe ser linear o log.',
      'Se ignoró layout=grid en la dirección: debe ser overlay o stacked.',
    ]);
  });

  it('refuses reversed or future ranges and more than six channels', () => {
    expect(parse('from=2025-02-01&to=2025-01-01').notices[0]).toMatch(/start day is after the end day/);
    expect(parse('from=2025-03-01&to=2025-04-01').notices[0]).toMatch(/after today/);
    const many =
      'channels=' + ['BHZ', 'BHN', 'BHE'].flatMap((c) => [`AV.CLCL..${c}`, `AV.CLCO..${c}`, `AV.CLES..${c}`]).join(',');
    const p = parse(many);
    expect(p.state.channels).toHaveLength(6);
    expect(p.notices).toHaveLength(3);
  });

  it('reads every unit of the shared grammar, minutes to years', () => {
    const len = (q: string) => {
      const r = resolveRange(parse(q).state.range, NOW);
      return r.toMs - r.fromMs;
    };
    expect(len('from=now-15m&to=now')).toBe(15 * 60_000);
    expect(len('from=now-6h&to=now')).toBe(6 * 3_600_000);
    expect(len('from=now-7d&to=now')).toBe(7 * DAY_MS);
    expect(resolveRange(parse('from=now-1y&to=now').state.range, NOW).fromMs).toBe(Date.UTC(2024, 2, 10, 12));
    expect(parse('from=now-3y&to=now').notices[0]).toMatch(/longer than 732 days/);
    expect(parse('from=now-0h&to=now').notices[0]).toMatch(/must not be empty/);
  });

  it('rewrites old forms of a relative range (no to, leading zeros) and keeps the current form as it is', () => {
    for (const q of ['from=now-6h', 'from=now-06h&to=now', 'from=now-6h&to=%20now']) {
      const p = parse(q);
      expect(p.notices, q).toEqual([]);
      expect(p.rewrite, q).toBe(true);
      expect(serializeSeismicParams(p.state).toString(), q).toBe('from=now-6h&to=now');
    }
    expect(parse('from=now-6h&to=now').rewrite).toBe(false);
    expect(parse('from=now-6h&to=now-1h').notices[0]).toMatch(/needs to=now/);
  });

  it('reads a zoom range', () => {
    expect(parse('view=1735689600-1735776000').state.view).toEqual([1735689600, 1735776000]);
  });
});

describe('rangeProblem', () => {
  it('accepts a single day and refuses over-long ranges', () => {
    expect(
      rangeProblem({ kind: 'absolute', fromDay: Date.UTC(2025, 0, 1), toDay: Date.UTC(2025, 0, 1) }, NOW),
    ).toBeNull();
    expect(rangeProblem({ kind: 'absolute', fromDay: Date.UTC(2020, 0, 1), toDay: Date.UTC(2025, 0, 1) }, NOW)).toMatch(
      /at most/,
    );
  });
});

describe('local days in local-time mode', () => {
  const day = (s: string) => Date.parse(`${s}T00:00:00Z`);
  const utc = (s: string) => Date.parse(`${s}Z`);

  it('shows local midnight to local midnight and asks for every UTC day the span touches', () => {
    // Santiago, 2026-04-01 to 04-10: from 03:00 UTC (−03) to 04:00 UTC on the 11th (−04 after the 5th).
    const r = resolveRange(
      { kind: 'absolute', fromDay: day('2026-04-01'), toDay: day('2026-04-10') },
      NOW,
      'America/Santiago',
    );
    expect(r).toMatchObject({
      fromMs: utc('2026-04-01T03:00:00'),
      toMs: utc('2026-04-11T04:00:00'),
      fromDay: day('2026-04-01'),
      toDay: day('2026-04-11'),
      fromLocalDay: day('2026-04-01'),
      toLocalDay: day('2026-04-10'),
    });
    // The Canaries in summer (+01): a local day starts at 23:00 UTC the day before.
    const c = resolveRange(
      { kind: 'absolute', fromDay: day('2025-07-01'), toDay: day('2025-07-01') },
      NOW,
      'Atlantic/Canary',
    );
    expect([c.fromDay, c.toDay]).toEqual([day('2025-06-30'), day('2025-07-01')]);
    // In UTC the days are the service's own.
    const u = resolveRange({ kind: 'absolute', fromDay: day('2025-07-01'), toDay: day('2025-07-02') }, NOW);
    expect([u.fromMs, u.toMs, u.fromDay, u.toDay]).toEqual([
      day('2025-07-01'),
      day('2025-07-03'),
      day('2025-07-01'),
      day('2025-07-02'),
    ]);
  });

  it('reads the address’s days as local days, today included, and says which days they are', () => {
    // NOW is 2025-03-10 12:00 UTC, 2025-03-10 02:00 at Adak (−10).
    const late = Date.UTC(2025, 2, 10, 23);
    expect(
      parseUrl(seismicUrl(late), new URLSearchParams('channels=AV.CLCL..BHZ&from=2025-03-11&to=2025-03-11')).notices[0],
    ).toMatch(/after today \(2025-03-10 UTC\)/);
    const local = parseUrl(
      seismicUrl(late),
      new URLSearchParams('channels=AV.CLCL..BHZ&from=2025-03-10&to=2025-03-10&tz=local'),
    );
    expect(local.notices).toEqual([]);
    expect(
      rangeProblem({ kind: 'absolute', fromDay: day('2025-03-11'), toDay: day('2025-03-11') }, late, 'America/Adak'),
    ).toBe('The start day is after today (2025-03-10 at America/Adak): there is no data yet.');
    expect(chartZoneOf(local.params)).toBe('America/Adak');
    expect(describeRange(local.params.range, 'America/Adak')).toBe('2025-03-10 (local day, America/Adak)');
  });
});

describe('monthChunks', () => {
  it('splits inclusive days at calendar months', () => {
    const c = monthChunks(Date.UTC(2025, 0, 20), Date.UTC(2025, 2, 3));
    expect(
      c.map((x) => [new Date(x.fromDay).toISOString().slice(0, 10), new Date(x.toDay).toISOString().slice(0, 10)]),
    ).toEqual([
      ['2025-01-20', '2025-01-31'],
      ['2025-02-01', '2025-02-28'],
      ['2025-03-01', '2025-03-03'],
    ]);
    expect(monthChunks(Date.UTC(2025, 0, 5), Date.UTC(2025, 0, 5))).toHaveLength(1);
  });
  it('loads a range in calendar months (halves stay available for shorter loads)', () => {
    const year = [Date.UTC(2025, 0, 1), Date.UTC(2025, 11, 31)] as const;
    expect(rangeChunks(...year)).toHaveLength(12);
    expect(rangeChunks(Date.UTC(2025, 0, 15), Date.UTC(2025, 1, 14))).toHaveLength(2);
    const h = monthChunks(Date.UTC(2025, 1, 10), Date.UTC(2025, 1, 20), true);
    expect(h.map((x) => new Date(x.toDay).getUTCDate())).toEqual([15, 20]);
  });
});

describe('seismic URL round trip', () => {
  it('writes every state as a link that reads back to it, and any address as a canonical link', () => {
    const code = fc.stringMatching(/^[A-Z0-9]{1,8}$/);
    const channel = fc.record({
      network: code,
      station: code,
      location: fc.stringMatching(/^[A-Z0-9-]{0,4}$/),
      channel: code,
    });
    const today = Date.UTC(2025, 2, 10);
    const range = fc.oneof(
      fc
        .constantFrom(['m', 99_999], ['h', 17_568], ['d', 732], ['y', 2])
        .chain(([unit, most]) =>
          fc.integer({ min: 1, max: most as number }).map((amount) => ({ kind: 'relative', amount, unit })),
        ),
      fc.tuple(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 731 })).map(([back, len]) => ({
        kind: 'absolute',
        fromDay: today - (back + len) * DAY_MS,
        toDay: today - back * DAY_MS,
      })),
    ) as fc.Arbitrary<RangeParam>;
    const interval = (min: number, max: number) =>
      fc
        .tuple(fc.integer({ min, max: max - 1 }), fc.integer({ min: 1, max: 1e9 }))
        .map(([a, len]) => [a, Math.min(max, a + len)] as const);
    const hundredths = fc.integer({ min: 1, max: 1e9 }).map((n) => n / 100);
    const states = fc.record({
      channels: fc.uniqueArray(channel, { maxLength: MAX_CHANNELS, selector: formatChannelId }),
      range,
      scale: fc.constantFrom('linear' as const, 'log' as const),
      tz: fc.constantFrom('utc' as const, 'local' as const),
      smooth: fc.constantFrom(null, ...SMOOTHINGS),
      stat: fc.constantFrom('mean' as const, 'median' as const),
      layout: fc.constantFrom('overlay' as const, 'stacked' as const),
      view: fc.option(interval(100_000_000, 99_999_999_999), { nil: null }),
      analysis: fc.constantFrom(...ANALYSES),
      fit: fc.option(interval(0, 253_402_300_799), { nil: null }),
      threshold: fc.oneof(
        hundredths.map((value) => ({ kind: 'counts' as const, value })),
        hundredths.map((factor) => ({ kind: 'median' as const, factor })),
      ),
      bin: fc.constantFrom('hour' as const, 'day' as const),
    });
    expectRoundTrips(schema, states, {
      channels: ['AV.CLCL..BHZ', 'AV.CLCL..BHZ,OV.VPCC..HHZ', 'nonsense', 'av.clcl..bhz,AV.CLCL..BHZ', ''],
      from: ['now-6h', 'now-06h', 'now-3y', 'now-0h', '2025-01-01', '2025-03-11', 'now-6x', ' now-6h'],
      to: ['now', ' now', 'now-1h', '2025-01-31', '2025-01-01', 'x'],
      scale: ['log', 'cubic'],
      smooth: ['1h', '2h'],
      view: ['1735689600-1735776000', 'abc'],
      analysis: ['ratio', 'fft'],
      fit: ['2025-03-01T00:00:00Z/2025-03-05T00:00:00Z', 'x'],
      threshold: ['5000', '3x', '-1', '2.50x'],
      x: ['1'],
    });
  });
});
