/**
 * `attention` in config.json: an observatory's changes to the shipped attention rule
 * (src/analysis/attention.ts, docs/attention.md), for all its channels, per volcano (vnum) and per
 * channel (`NET.STA.LOC.CHA`). Only what is written is kept; the rest stays the shipped default.
 */
import type { AttentionRulePatch } from '../analysis/attention/attention';

export interface AttentionConfig {
  defaults: AttentionRulePatch;
  volcanoes: Record<string, AttentionRulePatch>;
  channels: Record<string, AttentionRulePatch>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Each key, its bounds, whether whole; the ratios become levels of kind "ratio". */
const FIELDS = {
  elevatedRatio: [1, 1000, false],
  highRatio: [1, 10_000, false],
  holdMinutes: [0, 1440, false],
  mergeGapMinutes: [0, 1440, false],
  silentMinutes: [1, 10_080, false],
  levelWindows: [1, 120, true],
  baselineHours: [1, 24 * 14, false],
  minBaselineHours: [0, 24 * 14, false],
} as const;
type Field = keyof typeof FIELDS;

const CHANNEL_ID = /^[A-Z0-9]{1,8}\.[A-Z0-9]{1,8}\.[A-Z0-9-]{0,4}\.[A-Z0-9]{1,8}$/;

function patch(raw: unknown, path: string, problems: string[]): AttentionRulePatch {
  const out: AttentionRulePatch = {};
  if (!isObject(raw)) {
    problems.push(`${path}: must be an object`);
    return out;
  }
  for (const [k, v] of Object.entries(raw)) {
    if (path === 'attention' && (k === 'volcanoes' || k === 'channels')) continue;
    if (!(k in FIELDS)) {
      problems.push(`${path}.${k}: is not a setting (one of ${Object.keys(FIELDS).join(', ')})`);
      continue;
    }
    const [min, max, whole] = FIELDS[k as Field];
    if (typeof v !== 'number' || !Number.isFinite(v)) problems.push(`${path}.${k}: must be a number`);
    else if (whole && !Number.isInteger(v)) problems.push(`${path}.${k}: must be a whole number`);
    else if (v < min || v > max) problems.push(`${path}.${k}: must be from ${min} to ${max}`);
    else if (k === 'elevatedRatio') out.elevated = { kind: 'ratio', ratio: v };
    else if (k === 'highRatio') out.high = { kind: 'ratio', ratio: v };
    else out[k as Exclude<Field, 'elevatedRatio' | 'highRatio'>] = v;
  }
  return out;
}

function byKey(
  raw: unknown,
  path: string,
  problems: string[],
  keyOk: (k: string) => boolean,
  keyWords: string,
): Record<string, AttentionRulePatch> {
  const out: Record<string, AttentionRulePatch> = {};
  if (raw === undefined) return out;
  if (!isObject(raw)) {
    problems.push(`${path}: must be an object`);
    return out;
  }
  for (const [k, v] of Object.entries(raw)) {
    if (!keyOk(k)) problems.push(`${path}.${k}: must be ${keyWords}`);
    else out[k] = patch(v, `${path}.${k}`, problems);
  }
  return out;
}

export function parseAttentionConfig(raw: unknown, problems: string[]): AttentionConfig {
  if (raw === undefined) return { defaults: {}, volcanoes: {}, channels: {} };
  const defaults = patch(raw, 'attention', problems);
  const o = isObject(raw) ? raw : {};
  return {
    defaults,
    volcanoes: byKey(o.volcanoes, 'attention.volcanoes', problems, (k) => /^\d{6}$/.test(k), 'a volcano number'),
    channels: byKey(
      o.channels,
      'attention.channels',
      problems,
      (k) => CHANNEL_ID.test(k),
      'a channel id (OV.VPCC..HHZ)',
    ),
  };
}
