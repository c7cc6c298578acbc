/**
 * Camera availability over time, from the frames a lane holds: each frame stands for its sampling
 * slot (its minute, hour or day; for every-frame sampling, up to the neighbouring captures), and
 * time no frame stands for is "no image". Blind spans are where no camera could see.
 */
import type { Freq } from '../../api/imagery';
import { DAY_MS, type UtcMs } from '../../domain/time';
import { freqStepMs } from './sampling';

export type Quality = 'ok' | 'none' | 'empty' | 'night' | 'degraded' | 'low-visibility';

export const QUALITY_LABEL: Record<Quality, string> = {
  ok: 'Good',
  none: 'No image',
  empty: 'Empty file',
  night: 'Night',
  degraded: 'Degraded',
  'low-visibility': 'Low visibility',
};

/** Qualities under which a camera could not have seen ash. Degraded infrared still shows heat. */
const BLIND: ReadonlySet<Quality> = new Set<Quality>(['none', 'empty', 'night', 'low-visibility']);

export interface QualityFlags {
  is_empty?: boolean | null;
  is_night?: boolean | null;
  is_degraded?: boolean | null;
  low_visibility?: boolean | null;
}

export interface FrameFlags extends QualityFlags {
  t: UtcMs;
}

export interface Segment {
  from: UtcMs;
  to: UtcMs;
  quality: Quality;
}

/**
 * The worst flag wins: an empty file says nothing; night or cloud hides everything; degraded hides some.
 * `t` is optional so image records, which have no `t`, can be passed as they are.
 */
export function frameQuality(f: Partial<FrameFlags>): Quality {
  if (f.is_empty) return 'empty';
  if (f.is_night) return 'night';
  if (f.low_visibility) return 'low-visibility';
  if (f.is_degraded) return 'degraded';
  return 'ok';
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
 * Segments covering [from, to] exactly, adjacent ones of equal quality merged. `frames` must be
 * sorted by time. For `all`, a frame covers the time to halfway to its neighbours, but at most
 * `freqStepMs('all')` / 2 each side, so a longer pause between captures shows as "no image".
 */
export function qualitySegments(frames: readonly FrameFlags[], freq: Freq, from: UtcMs, to: UtcMs): Segment[];
export function qualitySegments<T extends QualityFlags>(
  frames: readonly T[],
  freq: Freq,
  from: UtcMs,
  to: UtcMs,
  timeOf: (f: T) => UtcMs,
): Segment[];
export function qualitySegments(
  frames: readonly QualityFlags[],
  freq: Freq,
  from: UtcMs,
  to: UtcMs,
  // Without an accessor the overloads only admit FrameFlags.
  timeOf: (f: QualityFlags) => UtcMs = (f) => (f as FrameFlags).t,
): Segment[] {
  const raw: Segment[] = [];
  const reach = freqStepMs('all') / 2;
  for (let i = 0; i < frames.length; i++) {
    const f = frames[i]!;
    const t = timeOf(f);
    let a: number;
    let b: number;
    // Captures come every 1–2 min, so a minute without a frame is normal: minutely frames, like
    // every-frame ones, reach towards their neighbours instead of filling only their own minute.
    if (freq === 'all' || freq === 'minutely') {
      const prev = frames[i - 1];
      const next = frames[i + 1];
      a = prev ? Math.max((timeOf(prev) + t) / 2, t - reach) : t - reach;
      b = next ? Math.min((t + timeOf(next)) / 2, t + reach) : t + reach;
    } else [a, b] = slotOf(t, freq);
    raw.push({ from: a, to: b, quality: frameQuality(f) });
  }
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
