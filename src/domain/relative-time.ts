/**
 * Relative times, written the same way in every view's address: `now`, or `now-` followed by a
 * whole number and a unit — m (minutes), h (hours), d (days), y (calendar years): `now-15m`,
 * `now-6h`, `now-7d`, `now-1y`. They stay relative in the address and are resolved when used,
 * so a shared "last 6 hours" link shows the last six hours whenever it is opened.
 */
import { plural } from '@lingui/core/macro';
import { DAY_MS, HOUR_MS, MINUTE_MS, type UtcMs } from './time';

export type RelativeUnit = 'm' | 'h' | 'd' | 'y';

/** `amount` units before now; amount 0 is now itself. */
export interface RelativeTime {
  amount: number;
  unit: RelativeUnit;
}

export interface ParsedRelative {
  value: RelativeTime;
  /** False when the text was read leniently (`now-007d`, ` now-6h `, `now-0d`): rewrite it as `format` does. */
  canonical: boolean;
}

export const NOW: RelativeTime = { amount: 0, unit: 'm' };

/** How to write one, for notices next to a dropped value. */
export const RELATIVE_HELP = 'now-15m, now-6h, now-7d or now-1y';

const UNIT_MS: Record<Exclude<RelativeUnit, 'y'>, number> = { m: MINUTE_MS, h: HOUR_MS, d: DAY_MS };
// Leading zeros and surrounding spaces were accepted by the views before the grammar was shared,
// so links written then still read; they are rewritten to the canonical form.
const LENIENT = /^\s*now(?:-(\d{1,5})([mhdy]))?\s*$/;

export function parseRelative(text: string): ParsedRelative | null {
  const m = LENIENT.exec(text);
  if (!m) return null;
  const amount = m[1] === undefined ? 0 : Number(m[1]);
  const value: RelativeTime = amount === 0 ? NOW : { amount, unit: m[2] as RelativeUnit };
  return { value, canonical: formatRelative(value) === text };
}

export function formatRelative(r: RelativeTime): string {
  return r.amount === 0 ? 'now' : `now-${r.amount}${r.unit}`;
}

/** The instant it names; years are calendar years (now-1y on 1 March is 1 March a year ago). */
export function resolveRelative(r: RelativeTime, now: UtcMs): UtcMs {
  if (r.unit !== 'y') return now - r.amount * UNIT_MS[r.unit];
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - r.amount);
  return d.getTime();
}

/** Its length from now, counting a year as 365 days: for limits, not for resolving. */
export function relativeMs(r: RelativeTime): number {
  return r.unit === 'y' ? r.amount * 365 * DAY_MS : r.amount * UNIT_MS[r.unit];
}

/** `last 6 hours`, `last 1 year`. */
export function describeRelative(r: RelativeTime): string {
  const { amount } = r;
  switch (r.unit) {
    case 'm':
      return plural(amount, { one: `last ${amount} minute`, other: `last ${amount} minutes` });
    case 'h':
      return plural(amount, { one: `last ${amount} hour`, other: `last ${amount} hours` });
    case 'd':
      return plural(amount, { one: `last ${amount} day`, other: `last ${amount} days` });
    case 'y':
      return plural(amount, { one: `last ${amount} year`, other: `last ${amount} years` });
  }
}

/** `6 h`, `7 d`: the short form for tight labels. */
export function shortRelative(r: RelativeTime): string {
  return `${r.amount} ${r.unit === 'm' ? 'min' : r.unit}`;
}

export const sameRelative = (a: RelativeTime, b: RelativeTime) => formatRelative(a) === formatRelative(b);
