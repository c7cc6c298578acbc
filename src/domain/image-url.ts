/**
 * Which image addresses the app loads. A record's `image_url` (spec 01 §2.4) or a legacy record's
 * `url` (spec 02 §2) comes from the service and may name any host: loaded as given, it could make
 * the viewer's browser reach into their own machine or network, or tell another host who looks.
 * Accepted:
 * - any address on an origin the configuration trusts (the service's own hosts, `imageHosts`);
 * - without an `imageHosts` list, an HTTPS address of the documented archive shape
 *   (`https://<host>/archive/imagery/<type>/<vnum>/<year>/<site>/still/<doy>/<file>`) on a DNS name.
 * Never, whatever the host: credentials in the address, a protocol-relative `//host` address,
 * characters a URL parser drops or reads as a slash, or a scheme other than http(s).
 */

import { t } from '@lingui/core/macro';
export interface ImageHostRules {
  /** Origins (`https://host[:port]`) trusted for any image path. */
  origins: readonly string[];
  /** Also accept the documented archive shape on public HTTPS DNS names (no operator list given). */
  archiveShape: boolean;
}

export type ImageUrlCheck =
  | { ok: true; url: string }
  /** `host`: what the placeholder names (host[:port], or the address's start when it has none). */
  | { ok: false; host: string; reason: string };

const ARCHIVE_PATH =
  /^\/archive\/imagery\/(?:infrared|visible)\/\d+\/\d{4}\/[A-Za-z0-9_-]+\/still\/\d{1,3}\/[^/]+\.[A-Za-z0-9]+$/;

/** Whether `hostname` (as the URL parser normalised it) is a name in public DNS, not an address. */
const isPublicDnsName = (hostname: string): boolean =>
  // IPv6 and IPv4 literals (the parser writes 0x7f.1 and 2130706433 as 127.0.0.1), localhost, single labels.
  !/^\[|^[\d.]+$|(^|\.)localhost\.?$/i.test(hostname) && /\.[^.]/.test(hostname);

/** The one check every image, thumbnail, frame and link to an image file goes through. */
export function checkImageUrl(raw: string, rules: ImageHostRules, pageHref: string): ImageUrlCheck {
  let u: URL | undefined;
  try {
    u = new URL(raw, pageHref);
  } catch {
    /* refused below */
  }
  const host = u?.host || raw.slice(0, 60);
  const no = (reason: string): ImageUrlCheck => ({ ok: false, host, reason });
  // eslint-disable-next-line no-control-regex
  if (!u || /[\u0000-\u0020\u007f\\]/.test(raw) || raw.startsWith('//'))
    return no(t`a malformed or protocol-relative address`);
  if (!/^https?:$/.test(u.protocol) || u.username || u.password) return no(t`not a plain http(s) address`);
  if (rules.origins.includes(u.origin)) return { ok: true, url: u.href };
  if (!rules.archiveShape) return no(t`a host config.json does not list (imageHosts)`);
  if (u.protocol !== 'https:' || !isPublicDnsName(u.hostname)) return no(t`not HTTPS on a public host name`);
  return ARCHIVE_PATH.test(u.pathname) ? { ok: true, url: u.href } : no(t`not the documented archive address`);
}
