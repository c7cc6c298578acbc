/**
 * A ZIP's name from what it holds: volcano, site, image type and the span of its images, e.g.
 * `poas_VPMI_infrared_2025-10-26T00-00Z_2025-10-26T03-00Z.zip`. The service names its ZIPs by the
 * moment they were made, which says nothing of the data once several sit in one folder.
 */
import type { UtcMs } from './time';

export interface ZipNameParts {
  /** The volcano's name as the reference table writes it (accents and spaces allowed). */
  volcano: string | undefined;
  site: string | undefined;
  imageType: string;
  /** The span of the images, UTC; an open end is said as such. */
  from: UtcMs | undefined;
  to: UtcMs | undefined;
}

/** Lower-case ASCII words joined by hyphens: "Poás" → "poas", "Cumbre Vieja" → "cumbre-vieja". */
export function nameSlug(s: string): string {
  return (
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'volcano'
  );
}

const MINUTE_MS = 60_000;

/**
 * `2025-10-26T00-00Z`: to the minute, with hyphens (a colon is not allowed in Windows file names).
 * An end is rounded up, so an inclusive end (05:59:59, a local day's last millisecond) names the
 * minute the span closes at: 06-00Z.
 */
export function nameInstant(t: UtcMs, end = false): string {
  const m = (end ? Math.ceil(t / MINUTE_MS) : Math.floor(t / MINUTE_MS)) * MINUTE_MS;
  return new Date(m).toISOString().slice(0, 16).replace(':', '-') + 'Z';
}

export function zipSpanName(p: ZipNameParts): string {
  const parts = [
    p.volcano ? nameSlug(p.volcano) : 'volcanoes',
    p.site ?? 'all-sites',
    p.imageType,
    p.from === undefined ? 'first' : nameInstant(p.from),
    p.to === undefined ? 'latest' : nameInstant(p.to, true),
  ];
  return `${parts.join('_')}.zip`;
}
