/**
 * Runtime configuration read from `config.json` before the app renders, so one build serves any
 * deployment from a CDN without rebuilding.
 */
import * as z from 'zod/mini';

const baseUrl = z.pipe(
  z.string('must be a string').check(
    z.minLength(1, 'must not be empty'),
    z.refine((s) => /^https?:\/\//.test(s) || s.startsWith('/'), 'must be an http(s) URL or a path starting with /'),
  ),
  z.transform((s: string) => s.replace(/\/+$/, '')),
);

const zoneName = z.string().check(
  z.refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'is not an IANA time zone'),
);

const positive = (fallback: number) =>
  z._default(z.number('must be a number').check(z.positive('must be positive')), fallback);

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

const perMinuteLimit = z
  .int('must be a whole number of requests a minute')
  .check(z.minimum(1, 'must be at least 1'), z.maximum(100_000, 'must be at most 100000'));

/** `{ "<host>" | "*": { "<endpoint>": requests a minute } }`: limits an operator has granted. */
const rateLimits = z.record(
  z.string().check(z.minLength(1, 'host must not be empty')),
  z.partialRecord(
    z.enum(RATE_LIMIT_ENDPOINTS, `endpoint must be one of ${RATE_LIMIT_ENDPOINTS.join(', ')}`),
    perMinuteLimit,
  ),
);

export const runtimeConfigSchema = z.object({
  apiBaseUrl: baseUrl,
  legacyBaseUrl: baseUrl,
  platformBaseUrl: baseUrl,
  /** Recommended token source for the activity log: a deployment's server-side proxy (README). */
  platformTokenProxyUrl: z.optional(baseUrl),
  mock: z.boolean('must be true or false'),
  /** How the platform token request presents the client (spec 03): form fields (default) or HTTP Basic. */
  platformTokenAuth: z._default(z.enum(['form', 'basic'], 'must be "form" or "basic"'), 'form'),
  /** Per-minute budgets per host and endpoint, overriding the documented defaults. */
  rateLimits: z._default(rateLimits, {}),
  /** ISO instant the demo data treats as "now"; absent = the real clock. */
  mockNow: z.optional(z.iso.datetime('must be an ISO 8601 instant')),
  /** Overrides of a camera site's (code) or volcano's (vnum) IANA zone. */
  siteTimeZones: z._default(z.record(z.string(), zoneName), {}),
  wall: z.prefault(
    z.object({
      refreshSeconds: z._default(
        z
          .int('must be a whole number')
          .check(z.minimum(15, 'must be at least 15'), z.maximum(3600, 'must be at most 3600')),
        60,
      ),
      imageStaleMinutes: positive(30),
      rsamStaleHours: positive(24),
    }),
    {},
  ),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export class ConfigError extends Error {
  constructor(
    message: string,
    readonly problems: string[],
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Validates parsed JSON; throws ConfigError naming each bad field. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => {
    const field = i.path.length ? i.path.join('.') : '(root)';
    return `${field}: ${i.message}`;
  });
  throw new ConfigError('config.json is invalid', problems);
}

export async function loadRuntimeConfig(url = `${import.meta.env.BASE_URL}config.json`): Promise<RuntimeConfig> {
  let res: Response;
  try {
    res = await fetch(url, { cache: 'no-store' });
  } catch (e) {
    throw new ConfigError(`config.json could not be loaded from ${url}`, [String(e)]);
  }
  if (!res.ok) throw new ConfigError(`config.json could not be loaded from ${url}`, [`HTTP ${res.status}`]);
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new ConfigError('config.json is not valid JSON', [`${url} must hold a JSON object`]);
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
