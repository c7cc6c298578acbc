/**
 * Runtime configuration read from `config.json` before the app renders, so one build serves any
 * deployment from a CDN without rebuilding.
 */
// Checked by hand rather than with the schema library: this runs in the entry chunk, before any
// route, where every KB is on the landing page's first paint (scripts/bundle-budget.mjs).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '../i18n/i18n';
import { baseUrlProblem, trimBase } from './base-url';
import { parseImageHosts } from './image-hosts';
import { parseAttentionConfig, type AttentionConfig } from './attention-config';

export interface WallConfig {
  refreshSeconds: number;
  imageStaleMinutes: number;
  rsamStaleHours: number;
}

/**
 * Names an operator may use in `rateLimits` (the documented paths; `legacy` is the v1 host). The
 * API layer maps them to its endpoint keys (src/api/endpoints.ts, checked by a test).
 */
export const RATE_LIMIT_ENDPOINTS = [
  '/api/seismic/rsam',
  '/api/seismic/sites',
  '/api/seismic/dates',
  '/api/seismic/rsam/latest',
  '/api/imagery/q',
  '/api/imagery/dates',
  '/api/imagery/dates/range',
  '/health',
  '/',
  'legacy',
] as const;
export type RateLimitEndpoint = (typeof RATE_LIMIT_ENDPOINTS)[number];

export interface RuntimeConfig {
  apiBaseUrl: string;
  legacyBaseUrl: string;
  platformBaseUrl: string;
  /** Recommended token source for the activity log: a deployment's server-side proxy (docs/deploy.md). */
  platformTokenProxyUrl?: string | undefined;
  mock: boolean;
  /**
   * Origins images may load from besides the service's own hosts (`imageHosts`: host[:port] or
   * origins); absent = any public HTTPS host in the documented archive shape (src/domain/image-url.ts).
   */
  imageHosts?: readonly string[] | undefined;
  /** How the platform token request presents the client (spec 03): form fields (default) or HTTP Basic. */
  platformTokenAuth: 'form' | 'basic';
  /** `{ "<host>" | "*": { "<endpoint>": requests a minute } }`: limits an operator has been granted. */
  rateLimits: Record<string, Partial<Record<RateLimitEndpoint, number>>>;
  /** ISO instant the demo data treats as "now"; absent = the real clock. */
  mockNow?: string | undefined;
  /** Overrides of a camera site's (code) or volcano's (vnum) IANA zone. */
  siteTimeZones: Record<string, string>;
  wall: WallConfig;
  /** The observatory's changes to the shipped attention rule (src/config/attention-config.ts). */
  attention: AttentionConfig;
  /**
   * The most images the service puts in one ZIP (default 2,000, the cap an implementation of the
   * service was seen to apply). The documents state no cap; a larger download is split into several
   * ZIPs by time span. A 413 teaches a lower cap for the session.
   */
  downloadMaxImages: number;
  /**
   * Set when the app is served by the observatory proxy (deploy/observatory/run writes it): the
   * proxy holds the service's rate budget for everyone behind it, and says how at `statusUrl`.
   */
  observatoryProxy?: ObservatoryProxyConfig | undefined;
}

export interface ObservatoryProxyConfig {
  statusUrl: string;
}

type Check<T> = (v: unknown, path: string, problems: string[]) => T | undefined;

const baseUrl: Check<string> = (v, path, problems) => {
  if (typeof v !== 'string') return void problems.push(`${path}: must be a string`);
  if (v === '') return void problems.push(`${path}: is empty: set this host's address (see config.example.json)`);
  const problem = baseUrlProblem(v);
  if (problem) return void problems.push(`${path}: ${problem}`);
  return trimBase(v);
};

/**
 * The token proxy the demo data serves (mocks/handlers/platform.ts) exists only in demo mode; a
 * config that turned the demo off but kept it would send the activity log's token request to a
 * path nothing of the deployment answers, so it is refused rather than tried.
 */
const DEMO_TOKEN_PROXY = /\/demo-token-proxy\/*$/;

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function number(
  v: unknown,
  path: string,
  problems: string[],
  fallback: number,
  min: number,
  max: number,
  int: boolean,
) {
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v)) return void problems.push(`${path}: must be a number`);
  if (int && !Number.isInteger(v)) return void problems.push(`${path}: must be a whole number`);
  if (v < min || (min === 0 && v === 0))
    return void problems.push(`${path}: ${min === 0 ? 'must be positive' : `must be at least ${min}`}`);
  if (v > max) return void problems.push(`${path}: must be at most ${max}`);
  return v;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function check(raw: unknown, problems: string[]): RuntimeConfig | undefined {
  if (!isObject(raw)) return void problems.push('(root): must be an object');
  const apiBaseUrl = baseUrl(raw.apiBaseUrl, 'apiBaseUrl', problems);
  const legacyBaseUrl = baseUrl(raw.legacyBaseUrl, 'legacyBaseUrl', problems);
  const platformBaseUrl = baseUrl(raw.platformBaseUrl, 'platformBaseUrl', problems);
  const platformTokenProxyUrl =
    raw.platformTokenProxyUrl === undefined
      ? undefined
      : baseUrl(raw.platformTokenProxyUrl, 'platformTokenProxyUrl', problems);
  if (typeof raw.mock !== 'boolean') problems.push('mock: must be true or false');
  if (raw.mock === false && platformTokenProxyUrl !== undefined && DEMO_TOKEN_PROXY.test(platformTokenProxyUrl))
    problems.push('platformTokenProxyUrl: the demo token proxy exists only with mock: true');
  const imageHosts = parseImageHosts(raw.imageHosts, problems);
  if (raw.mockNow !== undefined && (typeof raw.mockNow !== 'string' || !ISO_INSTANT.test(raw.mockNow)))
    problems.push('mockNow: must be an ISO 8601 instant');
  const siteTimeZones: Record<string, string> = {};
  if (raw.siteTimeZones !== undefined) {
    if (!isObject(raw.siteTimeZones)) problems.push('siteTimeZones: must be an object');
    else
      for (const [k, zone] of Object.entries(raw.siteTimeZones)) {
        if (typeof zone !== 'string') problems.push(`siteTimeZones.${k}: must be a string`);
        else if (!isZone(zone)) problems.push(`siteTimeZones.${k}: is not an IANA time zone`);
        else siteTimeZones[k] = zone;
      }
  }
  let platformTokenAuth: 'form' | 'basic' = 'form';
  if (raw.platformTokenAuth !== undefined) {
    if (raw.platformTokenAuth === 'form' || raw.platformTokenAuth === 'basic')
      platformTokenAuth = raw.platformTokenAuth;
    else problems.push('platformTokenAuth: must be "form" or "basic"');
  }
  const rateLimits: RuntimeConfig['rateLimits'] = {};
  if (raw.rateLimits !== undefined) {
    if (!isObject(raw.rateLimits)) problems.push('rateLimits: must be an object');
    else
      for (const [host, limits] of Object.entries(raw.rateLimits)) {
        if (!host) problems.push('rateLimits: host must not be empty');
        if (!isObject(limits)) {
          problems.push(`rateLimits.${host}: must be an object`);
          continue;
        }
        const out: Partial<Record<RateLimitEndpoint, number>> = {};
        for (const [endpoint, n] of Object.entries(limits)) {
          if (!(RATE_LIMIT_ENDPOINTS as readonly string[]).includes(endpoint))
            problems.push(`rateLimits.${host}.${endpoint}: endpoint must be one of ${RATE_LIMIT_ENDPOINTS.join(', ')}`);
          else {
            const v = number(n, `rateLimits.${host}.${endpoint}`, problems, 0, 1, 100_000, true);
            if (v !== undefined) out[endpoint as RateLimitEndpoint] = v;
          }
        }
        rateLimits[host] = out;
      }
  }
  const w = raw.wall === undefined ? {} : raw.wall;
  if (!isObject(w)) problems.push('wall: must be an object');
  const wo = isObject(w) ? w : {};
  const wall = {
    refreshSeconds: number(wo.refreshSeconds, 'wall.refreshSeconds', problems, 60, 15, 3600, true),
    imageStaleMinutes: number(wo.imageStaleMinutes, 'wall.imageStaleMinutes', problems, 30, 0, Infinity, false),
    rsamStaleHours: number(wo.rsamStaleHours, 'wall.rsamStaleHours', problems, 24, 0, Infinity, false),
  };
  const attention = parseAttentionConfig(raw.attention, problems);
  const downloadMaxImages = number(raw.downloadMaxImages, 'downloadMaxImages', problems, 2000, 1, 1_000_000, true);
  // observatoryProxy (docs/deploy.md)
  const op = raw.observatoryProxy;
  if (op !== undefined && !isObject(op)) problems.push('observatoryProxy: must be an object');
  const observatoryProxy = isObject(op) && {
    statusUrl: baseUrl(op.statusUrl, 'observatoryProxy.statusUrl', problems)!,
  };
  if (problems.length) return undefined;
  return {
    apiBaseUrl: apiBaseUrl!,
    legacyBaseUrl: legacyBaseUrl!,
    platformBaseUrl: platformBaseUrl!,
    ...(platformTokenProxyUrl !== undefined && { platformTokenProxyUrl }),
    mock: raw.mock as boolean,
    ...(imageHosts !== undefined && { imageHosts }),
    platformTokenAuth,
    rateLimits,
    ...(raw.mockNow !== undefined && { mockNow: raw.mockNow as string }),
    siteTimeZones,
    wall: wall as WallConfig,
    attention,
    downloadMaxImages: downloadMaxImages!,
    ...(observatoryProxy && { observatoryProxy }),
  };
}

/**
 * What the start-error screen says (src/app/config-error-screen.tsx): `message` in English for logs
 * and tests, `summary` the same in the app's language (a message descriptor: the config loads
 * before the app's messages do), and `hint` what to do, when there is more to say than the screen's
 * own advice. Each problem names a key of config.json (or the error met) in config.json's terms, for
 * whoever deploys, in English: the file's keys, types and error names are English too.
 */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly problems: string[],
    readonly summary?: MessageDescriptor,
    readonly hint?: MessageDescriptor,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The keys that point the app at the service; empty in the config.json `npm run build` ships. */
export const SERVICE_BASE_KEYS = ['apiBaseUrl', 'legacyBaseUrl', 'platformBaseUrl'] as const;

/**
 * config.json names no service at all (every base empty, no demo): the file `npm run build` ships
 * (deploy/config.unconfigured.json), so that a build hosted as it is shows no made-up data.
 */
export class NotConfiguredError extends ConfigError {
  constructor() {
    super('config.json names no data service', [...SERVICE_BASE_KEYS], msg`config.json names no data service`);
    this.name = 'NotConfiguredError';
  }
}

/** Validates parsed JSON; throws ConfigError naming each bad field, NotConfiguredError for the unedited template. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (isObject(raw) && raw.mock !== true && SERVICE_BASE_KEYS.every((k) => raw[k] === ''))
    throw new NotConfiguredError();
  const problems: string[] = [];
  const c = check(raw, problems);
  if (!c) throw new ConfigError('config.json is invalid', problems, msg`config.json is invalid`);
  return c;
}

const notLoaded = (url: string) => msg`config.json could not be loaded from ${url}`;

export async function loadRuntimeConfig(url = `${import.meta.env.BASE_URL}config.json`): Promise<RuntimeConfig> {
  let res: Response;
  try {
    res = await fetch(url, { cache: 'no-store' });
  } catch (e) {
    throw new ConfigError(`config.json could not be loaded from ${url}`, [String(e)], notLoaded(url));
  }
  if (!res.ok)
    throw new ConfigError(`config.json could not be loaded from ${url}`, [`HTTP ${res.status}`], notLoaded(url));
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new ConfigError(
      'config.json is not valid JSON',
      [`${url} must hold a JSON object`],
      msg`config.json is not valid JSON`,
    );
  }
  return parseRuntimeConfig(json);
}

let current: RuntimeConfig | null = null;

export function setRuntimeConfig(c: RuntimeConfig): void {
  current = c;
}

/** The loaded config; throws if called before main.tsx loaded it (a programming error). */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config read before it was loaded');
  return current;
}
