/**
 * The image rules of this deployment (src/domain/image-url.ts), from config.json: the service's own
 * hosts (the main and legacy bases; a path base is this page's origin, which then serves the
 * service), plus `imageHosts` when given, else the records' HTTPS archive hosts.
 */
import { checkImageUrl, type ImageHostRules, type ImageUrlCheck } from '../domain/image-url';
import { getRuntimeConfig, type RuntimeConfig } from './runtime-config';

/** The origin a base's requests go to: its own for a URL, this page's for a path. */
function baseOrigin(base: string, pageHref: string): string | null {
  try {
    return new URL(base, pageHref).origin;
  } catch {
    return null;
  }
}

export function imageHostRules(config: RuntimeConfig, pageHref: string): ImageHostRules {
  const own = [config.apiBaseUrl, config.legacyBaseUrl].map((b) => baseOrigin(b, pageHref));
  const origins = [...new Set([...own, ...(config.imageHosts ?? [])].filter((o): o is string => !!o))];
  return { origins, archiveShape: config.imageHosts === undefined };
}

let memo: { config: RuntimeConfig; origin: string; rules: ImageHostRules } | null = null;

/** Whether the app loads the image at `url` (as this deployment's config says), and from where. */
export function checkServiceImage(url: string): ImageUrlCheck {
  const config = getRuntimeConfig();
  const href = typeof location === 'undefined' ? 'http://localhost/' : location.href;
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
  if (memo?.config !== config || memo.origin !== origin) memo = { config, origin, rules: imageHostRules(config, href) };
  return checkImageUrl(url, memo.rules, href);
}
