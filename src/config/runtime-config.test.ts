import { ConfigError, loadRuntimeConfig, parseRuntimeConfig } from './runtime-config';
import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';

const valid = {
  apiBaseUrl: 'https://volcano-data.example.org/',
  legacyBaseUrl: 'https://legacy.example.org',
  platformBaseUrl: 'https://tenant.example.org',
  mock: false,
};

describe('runtime config', () => {
  it('accepts a valid config, trims trailing slashes and fills defaults', () => {
    const c = parseRuntimeConfig(valid);
    expect(c.apiBaseUrl).toBe('https://volcano-data.example.org');
    expect(c.wall.refreshSeconds).toBe(60);
    expect(c.siteTimeZones).toEqual({});
  });

  it('names every bad field', () => {
    try {
      parseRuntimeConfig({ ...valid, apiBaseUrl: 42, mock: 'yes', siteTimeZones: { VPMI: 'Mars/Olympus' } });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const problems = (e as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^apiBaseUrl: /m);
      expect(problems).toMatch(/^mock: /m);
      expect(problems).toMatch(/^siteTimeZones\.VPMI: is not an IANA time zone/m);
    }
  });

  it('checks the wall settings and fills their defaults', () => {
    expect(parseRuntimeConfig({ ...valid, wall: { refreshSeconds: 30 } }).wall).toEqual({
      refreshSeconds: 30,
      imageStaleMinutes: 30,
      rsamStaleHours: 24,
    });
    expect(() => parseRuntimeConfig({ ...valid, wall: { refreshSeconds: 5 } })).toThrow(ConfigError);
    try {
      parseRuntimeConfig({ ...valid, wall: { refreshSeconds: 7.5, rsamStaleHours: 0 }, mockNow: 'yesterday' });
      expect.unreachable();
    } catch (e) {
      expect((e as ConfigError).problems).toEqual([
        'mockNow: must be an ISO 8601 instant',
        'wall.refreshSeconds: must be a whole number',
        'wall.rsamStaleHours: must be positive',
      ]);
    }
  });

  it('refuses javascript: and other non-http base URLs', () => {
    expect(() => parseRuntimeConfig({ ...valid, legacyBaseUrl: 'javascript:alert(1)' })).toThrow(ConfigError);
  });

  it('explains a missing or unparseable file', async () => {
    server.use(
      http.get('http://cfg.test/missing.json', () => new HttpResponse(null, { status: 404 })),
      http.get(
        'http://cfg.test/bad.json',
        () => new HttpResponse('{oops', { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    await expect(loadRuntimeConfig('http://cfg.test/missing.json')).rejects.toMatchObject({ problems: ['HTTP 404'] });
    await expect(loadRuntimeConfig('http://cfg.test/bad.json')).rejects.toThrow(/not valid JSON/);
  });
});

describe('operator-granted rate limits and token auth', () => {
  it('reads budgets per host and endpoint, and the token method', () => {
    const c = parseRuntimeConfig({
      ...valid,
      platformTokenAuth: 'basic',
      rateLimits: { 'volcano-data.example.org': { '/api/seismic/rsam': 300 }, '*': { legacy: 120 } },
    });
    expect(c.rateLimits['volcano-data.example.org']?.['/api/seismic/rsam']).toBe(300);
    expect(c.platformTokenAuth).toBe('basic');
    expect(parseRuntimeConfig(valid).platformTokenAuth).toBe('form');
  });

  it('names an unknown endpoint or a bad number', () => {
    try {
      parseRuntimeConfig({
        ...valid,
        platformTokenAuth: 'digest',
        rateLimits: { '*': { '/api/nope': 5, '/health': 0 } },
      });
      expect.unreachable();
    } catch (e) {
      const problems = (e as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^platformTokenAuth: must be "form" or "basic"/m);
      expect(problems).toMatch(/rateLimits\.\*/);
    }
  });
});

describe('observatory proxy', () => {
  it('reads where the proxy reports its state, and names a bad value', () => {
    expect(parseRuntimeConfig(valid).observatoryProxy).toBeUndefined();
    const c = parseRuntimeConfig({ ...valid, observatoryProxy: { statusUrl: '/observatory/status' } });
    expect(c.observatoryProxy).toEqual({ statusUrl: '/observatory/status' });
    for (const bad of [true, { statusUrl: 'javascript:alert(1)' }, {}]) {
      try {
        parseRuntimeConfig({ ...valid, observatoryProxy: bad });
        expect.unreachable();
      } catch (e) {
        expect((e as ConfigError).problems.join('\n')).toMatch(/^observatoryProxy/m);
      }
    }
  });
});
