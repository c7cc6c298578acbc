import { describe, expect, it } from 'vitest';
import { parseUrl, serializeUrl } from '../../ui/url-schema';
import { instantBound, parseBound, resolveRange, volcanoUrl, type VolcanoParams } from './volcano-params';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const schema = volcanoUrl(NOW);
const parse = (q: string) => parseUrl(schema, new URLSearchParams(q));
const serializeVolcanoParams = (p: VolcanoParams) => serializeUrl(schema, p);

describe('volcano params', () => {
  it('defaults to the last 7 days in UTC with n=3', () => {
    const { params, notices } = parse('');
    expect(notices).toEqual([]);
    expect(resolveRange(params.range, NOW)).toEqual({ from: NOW - 7 * 86_400_000, to: NOW });
    expect(params.tz).toBe('utc');
    expect(params.n).toBe(3);
    expect(serializeVolcanoParams(params).toString()).toBe('');
  });

  it('reads the deep link of the issue: whole days, zone, cursor and frame', () => {
    const { params, notices } = parse(
      'from=2025-03-01&to=2025-03-07&tz=local&at=2025-03-03T04:12:00Z&frame=345040.VPMI.2025.062_041200-0042',
    );
    expect(notices).toEqual([]);
    expect(resolveRange(params.range, NOW)).toEqual({
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
    expect(resolveRange({ from: parseBound('now-12h')!, to: parseBound('now')! }, NOW)).toEqual({
      from: NOW - 12 * 3_600_000,
      to: NOW,
    });
    expect(resolveRange({ from: parseBound('now-1y')!, to: parseBound('now-90m')! }, NOW)).toEqual({
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
