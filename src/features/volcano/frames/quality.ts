/**
 * Camera availability over time, from the frames a lane holds: each frame stands for its sampling
 * slot (its minute, hour or day; for every-frame sampling, up to the neighbouring captures), and
 * time no frame stands for is "no image". Blind spans are where no camera could see.
 */
import { t } from '@lingui/core/macro';
import type { Freq } from '../../../api/imagery/imagery-shapes';
import { flagsOf, type FrameFlags } from '../../../api/imagery/image-flags';
import { DAY_MS, type UtcMs } from '../../../domain/time';
import type { ImageType } from '../../../domain/volcanoes';
import { freqStepMs } from './sampling';

export type Quality = 'ok' | 'none' | 'empty' | 'night' | 'degraded' | 'low-visibility' | 'unknown';

/** A quality as the legend and the preview name it, in the language shown (called when drawn). */
export function qualityLabel(q: Quality): string {
  switch (q) {
    case 'ok':
      return t`Good`;
    case 'none':
      return t`No image`;
    case 'empty':
      return t`Empty file`;
    case 'night':
      return t`Night`;
    case 'degraded':
      return t`Degraded`;
    case 'low-visibility':
      return t`Low visibility`;
    case 'unknown':
      return t`Quality unknown`;
  }
}

/** Qualities under which a camera could not have seen ash. Degraded infrared still shows heat. */
const BLIND: ReadonlySet<Quality> = new Set<Quality>(['none', 'empty', 'night', 'low-visibility']);

/** A frame on the strip: its capture time and what is known of it. */
export interface QualityFrame {
  t: UtcMs;
  quality: Quality;
}

export interface Segment {
  from: UtcMs;
  to: UtcMs;
  quality: Quality;
}

/** Worst first: an empty file says nothing; night or cloud hides everything; degraded hides some. */
const RANK: ReadonlyArray<[keyof FrameFlags, Quality]> = [
  ['is_empty', 'empty'],
  ['is_night', 'night'],
  ['low_visibility', 'low-visibility'],
  ['is_degraded', 'degraded'],
];

/**
 * The worst flag the service confirmed wins; "good" only when every flag of the type is known to
 * be off, and "unknown" otherwise, so an unanswered or failed question never reads as good.
 */
export function frameQuality(flags: FrameFlags | undefined, imageType: ImageType): Quality {
  if (!flags) return 'unknown';
  const applicable = flagsOf(imageType);
  for (const [name, q] of RANK) if (applicable.includes(name) && flags[name] === 'yes') return q;
  return applicable.every((n) => flags[n] === 'no') ? 'ok' : 'unknown';
}

function slotOf(t: UtcMs, freq: Freq): [UtcMs, UtcMs] {
  if (freq === 'hourly') {
    const step = freqStepMs(freq);
    const a = Math.floor(t / step) * step;
    return [a, a + step];
  }
  // Daily picks one frame per site-local day; half a day either side is that day to within the offset.
  return [t - DAY_MS / 2, t + DAY_MS / 2];
}

/**
 * The span of time a frame stands for. For `all` and `minutely` (captures come every 1–2 min, so a
 * minute without a frame is normal) a frame reaches halfway to its neighbours, at most
 * `freqStepMs('all')` / 2 each side, so a longer pause shows as "no image"; hourly and daily frames
 * stand for their slot.
 */
export function frameSlot(times: readonly UtcMs[], i: number, freq: Freq): [UtcMs, UtcMs] {
  const t = times[i]!;
  if (freq !== 'all' && freq !== 'minutely') return slotOf(t, freq);
  const reach = freqStepMs('all') / 2;
  const prev = times[i - 1];
  const next = times[i + 1];
  return [
    prev !== undefined ? Math.max((prev + t) / 2, t - reach) : t - reach,
    next !== undefined ? Math.min((t + next) / 2, t + reach) : t + reach,
  ];
}

/** Segments covering [from, to] exactly, adjacent ones of equal quality merged. `frames` sorted by time. */
export function qualitySegments(frames: readonly QualityFrame[], freq: Freq, from: UtcMs, to: UtcMs): Segment[] {
  const times = frames.map((f) => f.t);
  const raw: Segment[] = frames.map((f, i) => {
    const [a, b] = frameSlot(times, i, freq);
    return { from: a, to: b, quality: f.quality };
  });
  const out: Segment[] = [];
  const push = (s: Segment) => {
    const a = Math.max(s.from, from);
    const b = Math.min(s.to, to);
    if (b <= a) return;
    const last = out[out.length - 1];
    if (last && last.quality === s.quality && a <= last.to) last.to = Math.max(last.to, b);
    else out.push({ from: a, to: b, quality: s.quality });
  };
  let cursor = from;
  for (const s of raw) {
    const a = Math.max(s.from, cursor);
    if (a > cursor) push({ from: cursor, to: a, quality: 'none' });
    if (s.to > a) push({ from: a, to: s.to, quality: s.quality });
    cursor = Math.max(cursor, s.to);
  }
  if (cursor < to) push({ from: cursor, to, quality: 'none' });
  return out;
}

/** Summary order: what hid the volcano first, then what is not known, then good. */
const SUMMARY_ORDER: Quality[] = ['night', 'low-visibility', 'degraded', 'empty', 'none', 'unknown', 'ok'];
/** A quality's share in a summary: `night 45 %`. */
function summaryPart(q: Quality, share: number): string {
  switch (q) {
    case 'night':
      return t`night ${share} %`;
    case 'low-visibility':
      return t`low visibility ${share} %`;
    case 'degraded':
      return t`degraded ${share} %`;
    case 'empty':
      return t`empty file ${share} %`;
    case 'none':
      return t`no image ${share} %`;
    case 'unknown':
      return t`unknown ${share} %`;
    case 'ok':
      return t`good ${share} %`;
  }
}

/**
 * Whole-percent share of [from, to] in each quality present, summing to exactly 100 (largest
 * remainder), so a reader can add them up.
 */
export function qualityShares(segments: readonly Segment[], from: UtcMs, to: UtcMs): Map<Quality, number> {
  const total = to - from;
  const ms = new Map<Quality, number>();
  for (const s of segments) ms.set(s.quality, (ms.get(s.quality) ?? 0) + Math.max(0, s.to - s.from));
  const out = new Map<Quality, number>();
  if (!(total > 0)) return out;
  const parts = [...ms].map(([q, v]) => ({ q, exact: (v / total) * 100 }));
  let left = 100 - parts.reduce((n, p) => n + Math.floor(p.exact), 0);
  parts
    .slice()
    .sort((a, b) => (b.exact % 1) - (a.exact % 1))
    .forEach((p) => {
      out.set(p.q, Math.floor(p.exact) + (left > 0 ? 1 : 0));
      left--;
    });
  return out;
}

/** "Visible, VPMI: night 45 %, low visibility 12 %, no image 1 %, good 42 %" */
export function qualitySummary(name: string, segments: readonly Segment[], from: UtcMs, to: UtcMs): string {
  const shares = qualityShares(segments, from, to);
  const parts = SUMMARY_ORDER.filter((q) => shares.has(q))
    .map((q) => summaryPart(q, shares.get(q)!))
    .join(', ');
  return t`${name}: ${parts}`;
}

export interface Span {
  from: UtcMs;
  to: UtcMs;
}

/** Spans of one camera where its quality is blind. */
function blindOf(segments: readonly Segment[]): Span[] {
  const out: Span[] = [];
  for (const s of segments) {
    if (!BLIND.has(s.quality)) continue;
    const last = out[out.length - 1];
    if (last && last.to >= s.from) last.to = Math.max(last.to, s.to);
    else out.push({ from: s.from, to: s.to });
  }
  return out;
}

/** Intersection of sorted span lists: where every camera was blind at once. */
function intersectSpans(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    const lo = Math.max(x.from, y.from);
    const hi = Math.min(x.to, y.to);
    if (hi > lo) out.push({ from: lo, to: hi });
    if (x.to < y.to) i++;
    else j++;
  }
  return out;
}

/** Where all cameras were blind; empty without cameras (nothing to say then). */
export function blindSpans(perCamera: readonly (readonly Segment[])[]): Span[] {
  if (perCamera.length === 0) return [];
  let acc = blindOf(perCamera[0]!);
  for (let k = 1; k < perCamera.length; k++) acc = intersectSpans(acc, blindOf(perCamera[k]!));
  return acc;
}
