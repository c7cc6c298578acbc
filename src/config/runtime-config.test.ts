import { ConfigError, NotConfiguredError, loadRuntimeConfig, parseRuntimeConfig } from './runtime-config';
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

  it('reads the ZIP cap: 2,000 images unless set, a whole number from 1', () => {
    expect(parseRuntimeConfig(valid).downloadMaxImages).toBe(2000);
    expect(parseRuntimeConfig({ ...valid, downloadMaxImages: 500 }).downloadMaxImages).toBe(500);
    for (const bad of [0, 2.5, '100', -3])
      expect(() => parseRuntimeConfig({ ...valid, downloadMaxImages: bad }), String(bad)).toThrow(ConfigError);
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

describe('base URLs that would let a path escape to another host', () => {
  const problemsOf = (patch: Record<string, unknown>): string[] => {
    try {
      parseRuntimeConfig({ ...valid, ...patch });
      return [];
    } catch (e) {
      return (e as ConfigError).problems;
    }
  };

  it('refuses the bare site root, which trims to "" and makes //host paths another host', () => {
    expect(problemsOf({ legacyBaseUrl: '/' })).toEqual([
      'legacyBaseUrl: "/" leaves the base empty, so a path starting with // would load from another host: name a path such as "/api-proxy", or an https URL',
    ]);
    expect(problemsOf({ apiBaseUrl: '///' })).toEqual([
      expect.stringMatching(/^apiBaseUrl: "\/\/\/" leaves the base empty/),
    ]);
  });

  it('refuses protocol-relative bases and the characters a URL parser drops or turns into a slash', () => {
    for (const base of ['//evil.example', '/\\evil.example', '/\t/evil.example', ' /api', '/api\n', '/a b'])
      expect(problemsOf({ legacyBaseUrl: base }), JSON.stringify(base)).toHaveLength(1);
  });

  it('refuses credentials, queries and fragments, keeps paths and ports', () => {
    expect(problemsOf({ apiBaseUrl: 'https://user:pw@api.example.org' })).toEqual([
      'apiBaseUrl: must be an http(s) URL or a path such as /api-proxy, without //, spaces, backslashes, user name, query or fragment',
    ]);
    expect(problemsOf({ apiBaseUrl: 'https://api.example.org/?x=' })).toHaveLength(1);
    expect(problemsOf({ apiBaseUrl: '/api-proxy#' })).toHaveLength(1);
    const c = parseRuntimeConfig({
      ...valid,
      apiBaseUrl: '/api-proxy/',
      legacyBaseUrl: 'http://127.0.0.1:8860/legacy',
    });
    expect(c.apiBaseUrl).toBe('/api-proxy');
    expect(c.legacyBaseUrl).toBe('http://127.0.0.1:8860/legacy');
  });

  it('checks the token proxy URL the same way', () => {
    expect(problemsOf({ platformTokenProxyUrl: '//proxy.example' })).toHaveLength(1);
  });
});

describe('the demo token proxy outside demo mode', () => {
  it('is refused with mock: false and accepted with mock: true', () => {
    const demo = { platformTokenProxyUrl: '/demo-platform/demo-token-proxy' };
    expect(() => parseRuntimeConfig({ ...valid, ...demo })).toThrow(ConfigError);
    try {
      parseRuntimeConfig({ ...valid, ...demo });
    } catch (e) {
      expect((e as ConfigError).problems).toEqual([
        'platformTokenProxyUrl: the demo token proxy exists only with mock: true',
      ]);
    }
    expect(parseRuntimeConfig({ ...valid, ...demo, mock: true }).platformTokenProxyUrl).toBe(
      '/demo-platform/demo-token-proxy',
    );
    expect(parseRuntimeConfig({ ...valid, platformTokenProxyUrl: '/token-proxy' }).platformTokenProxyUrl).toBe(
      '/token-proxy',
    );
  });

  it('is not what the shipped config.json names outside demo mode', async () => {
    const { readFileSync } = await import('node:fs');
    const shipped = JSON.parse(readFileSync('public/config.json', 'utf8')) as Record<string, unknown>;
    // Shipped as the demo: turning the demo off without replacing the proxy is refused, not tried.
    expect(shipped.mock).toBe(true);
    expect(() => parseRuntimeConfig({ ...shipped, mock: false })).toThrow(/invalid/);
    expect(parseRuntimeConfig(shipped).mock).toBe(true);
  });
});

describe('imageHosts', () => {
  it('reads hosts and origins as origins', () => {
    const c = parseRuntimeConfig({
      ...valid,
      imageHosts: ['images.example.org', 'cdn.example.org:8443', 'http://127.0.0.1:8860', 'https://img.example.org/'],
    });
    expect(c.imageHosts).toEqual([
      'https://images.example.org',
      'https://cdn.example.org:8443',
      'http://127.0.0.1:8860',
      'https://img.example.org',
    ]);
    expect(parseRuntimeConfig(valid).imageHosts).toBeUndefined();
  });

  it('names entries with a path, credentials or no host', () => {
    try {
      parseRuntimeConfig({ ...valid, imageHosts: ['images.example.org/archive', 'u:p@x.example', '', 7] });
      expect.unreachable();
    } catch (e) {
      expect((e as ConfigError).problems.map((p) => p.split(':')[0])).toEqual([
        'imageHosts[0]',
        'imageHosts[1]',
        'imageHosts[2]',
        'imageHosts[3]',
      ]);
    }
    expect(() => parseRuntimeConfig({ ...valid, imageHosts: 'images.example.org' })).toThrow(ConfigError);
    expect(() => parseRuntimeConfig({ ...valid, imageHosts: ['https://images.example.org/x'] })).toThrow(ConfigError);
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

describe('the config.json a production build ships', () => {
  const read = async (path: string) => {
    const { readFileSync } = await import('node:fs');
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  };

  it('is no demo and names no service: the app says it is pointed at nothing, naming the three keys', async () => {
    const template = await read('deploy/config.unconfigured.json');
    expect(template.mock).toBe(false);
    for (const key of ['apiBaseUrl', 'legacyBaseUrl', 'platformBaseUrl']) expect(template[key]).toBe('');
    try {
      parseRuntimeConfig(template);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(NotConfiguredError);
      expect((e as ConfigError).problems).toEqual(['apiBaseUrl', 'legacyBaseUrl', 'platformBaseUrl']);
    }
  });

  it('once one host is filled in, names the others still empty as bad fields', async () => {
    const template = await read('deploy/config.unconfigured.json');
    try {
      parseRuntimeConfig({ ...template, apiBaseUrl: 'https://volcano-data.example.org' });
      expect.unreachable();
    } catch (e) {
      expect(e).not.toBeInstanceOf(NotConfiguredError);
      expect((e as ConfigError).problems).toEqual([
        expect.stringMatching(/^legacyBaseUrl: is empty/),
        expect.stringMatching(/^platformBaseUrl: is empty/),
      ]);
    }
  });

  it('with the demo turned on, is the demo (empty bases are then an error, not "nothing")', async () => {
    const template = await read('deploy/config.unconfigured.json');
    expect(() => parseRuntimeConfig({ ...template, mock: true })).toThrow(ConfigError);
    expect(() => parseRuntimeConfig({ ...template, mock: true })).not.toThrow(NotConfiguredError);
  });

  it('has a complete production example beside it', async () => {
    const example = parseRuntimeConfig(await read('deploy/config.example.json'));
    expect(example.mock).toBe(false);
    expect(example.apiBaseUrl).toMatch(/^https:\/\//);
  });
});
