/**
 * Runtime configuration read from `config.json` before the app renders, so one build serves any
 * deployment from a CDN without rebuilding.
 */
import { z } from 'zod';

const baseUrl = z
  .string()
  .min(1, 'must not be empty')
  .refine((s) => /^https?:\/\//.test(s) || s.startsWith('/'), 'must be an http(s) URL or a path starting with /')
  .transform((s) => s.replace(/\/+$/, ''));

const zoneName = z.string().refine((z) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: z });
    return true;
  } catch {
    return false;
  }
}, 'is not an IANA time zone');

export const runtimeConfigSchema = z.object({
  apiBaseUrl: baseUrl,
  legacyBaseUrl: baseUrl,
  platformBaseUrl: baseUrl,
  /** Recommended token source for the activity log: a deployment's server-side proxy (README). */
  platformTokenProxyUrl: baseUrl.optional(),
  mock: z.boolean(),
  /** ISO instant the demo data treats as "now"; absent = the real clock. */
  mockNow: z.iso.datetime().optional(),
  /** Overrides of a camera site's (code) or volcano's (vnum) IANA zone. */
  siteTimeZones: z.record(z.string(), zoneName).default({}),
  wall: z
    .object({
      refreshSeconds: z.number().int().min(15).max(3600).default(60),
      imageStaleMinutes: z.number().positive().default(30),
      rsamStaleHours: z.number().positive().default(24),
    })
    .prefault({}),
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
