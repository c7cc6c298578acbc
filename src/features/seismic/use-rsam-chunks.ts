/**
 * Loads RSAM for several channels over a long range in calendar-month chunks
 * (docs/service.md 01 §4.1): each chunk is its own query through `seismicQueries.rsam`, so the shared rate limiter
 * paces them, results are cached per month, a failed month retries alone, and the chart draws
 * whatever has arrived so far.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { seismicQueries, type RsamSeries } from '../../api/seismic';
import { formatChannelId, type ChannelRef } from '../../domain/channel-id';
import { formatIsoDay } from '../../domain/time';
import { concatColumns, insertGaps } from '../../chart/series-data';
import { rangeChunks, type ResolvedRange } from './seismic-params';

/** One loaded chunk, with its gap-marked columns computed once (not on every later arrival). */
export interface Piece {
  series: RsamSeries;
  x: Float64Array;
  y: Array<number | null>;
}

const pieceCache = new WeakMap<RsamSeries, Piece>();
function pieceOf(series: RsamSeries): Piece {
  let p = pieceCache.get(series);
  if (!p) {
    p = { series, ...insertGaps(series) };
    pieceCache.set(series, p);
  }
  return p;
}

export interface ChannelData {
  id: string;
  channel: ChannelRef;
  windowSec: number;
  /** Loaded chunks in time order (chunks that failed or are still loading are absent). */
  pieces: Piece[];
}

/** The pieces joined into one gap-marked column pair; a break is added between pieces too. */
export function joinGapped(pieces: readonly Piece[], windowSec: number): { x: Float64Array; y: Array<number | null> } {
  if (pieces.length === 1) return { x: pieces[0]!.x, y: pieces[0]!.y };
  let n = 0;
  let last = Number.NaN;
  for (const p of pieces) {
    if (!p.x.length) continue;
    n += p.x.length + (p.x[0]! - last > windowSec ? 1 : 0);
    last = p.x[p.x.length - 1]!;
  }
  const x = new Float64Array(n);
  const y = new Array<number | null>(n);
  let o = 0;
  let prevLast = Number.NaN;
  for (const p of pieces) {
    if (!p.x.length) continue;
    if (p.x[0]! - prevLast > windowSec) {
      x[o] = prevLast + windowSec;
      y[o++] = null;
    }
    x.set(p.x, o);
    for (let i = 0; i < p.y.length; i++) y[o + i] = p.y[i]!;
    o += p.x.length;
    prevLast = p.x[p.x.length - 1]!;
  }
  return { x, y };
}

/** The raw points of the pieces, concatenated (for smoothing). */
export function joinRaw(pieces: readonly Piece[]): { times: Float64Array; values: Float64Array } {
  return concatColumns(pieces.map((p) => p.series));
}

function samePieces(a: readonly Piece[], b: readonly Piece[]): boolean {
  return a.length === b.length && a.every((p, i) => p === b[i]);
}

export interface FailedChunk {
  /** Channel and days of the chunk; unique, so it also serves as the React key. */
  label: string;
  error: unknown;
  retry: () => void;
}

export interface RsamChunks {
  channels: ChannelData[];
  total: number;
  loaded: number;
  failed: FailedChunk[];
  /** Chunks still waiting or in flight (not counting paused ones). */
  pending: number;
  paused: boolean;
  cancel: () => void;
  resume: () => void;
}

/**
 * Progressive drawing redraws at most this often: a year arrives in ~25 bodies and every redraw
 * walks all points loaded so far, so redrawing per body would cost more than the bodies themselves.
 */
const PROGRESS_MS = 400;

/** `value`, updated at most every `ms` (leading and trailing edge); at once when `ms` is 0. */
function useThrottled(value: string, ms: number): string {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    if (value === shown) return;
    const wait = ms === 0 ? 0 : Math.max(0, last.current + ms - Date.now());
    const t = setTimeout(() => {
      last.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(t);
  }, [value, shown, ms]);
  return ms === 0 ? value : shown;
}

export function useRsamChunks(channels: readonly ChannelRef[], range: ResolvedRange): RsamChunks {
  const queryClient = useQueryClient();
  // Cancelling pauses the chunks not yet loaded; the range/channels that were paused are remembered
  // so that choosing another range starts loading again.
  const [pausedFor, setPausedFor] = useState<string | null>(null);
  const chunks = useMemo(
    () => rangeChunks(range.fromDay, range.toDay, channels.length),
    [range.fromDay, range.toDay, channels.length],
  );
  const signature = `${channels.map(formatChannelId).join(',')}|${range.fromDay}|${range.toDay}`;
  const paused = pausedFor === signature;

  const specs = useMemo(
    () =>
      channels.flatMap((channel, ci) =>
        chunks.map((c) => ({
          ci,
          label: `${formatChannelId(channel)} ${formatIsoDay(c.fromDay)} to ${formatIsoDay(c.toDay)}`,
          options: seismicQueries.rsam({ channel, from: c.fromDay, to: c.toDay }),
        })),
      ),
    [channels, chunks],
  );

  const results = useQueries({
    queries: specs.map((s) => ({ ...s.options, enabled: !paused })),
  });

  const allAnswered = results.every((r) => r.data || r.isError);
  const dataSig = useThrottled(results.map((r) => r.dataUpdatedAt).join(','), allAnswered ? 0 : PROGRESS_MS);
  // The last result: a channel whose pieces did not change keeps its ChannelData object, so the
  // chart's per-channel work (joining, smoothing, stats) is not redone when another channel's chunk lands.
  const previous = useRef<ChannelData[]>([]);
  const merged = useMemo(() => {
    const prev = new Map(previous.current.map((c) => [c.id, c]));
    const next = channels.map((channel, ci): ChannelData => {
      const pieces: Piece[] = [];
      results.forEach((r, i) => {
        if (specs[i]?.ci === ci && r.data) pieces.push(pieceOf(r.data));
      });
      const id = formatChannelId(channel);
      const windowSec = pieces[0]?.series.windowSec ?? 60;
      const old = prev.get(id);
      if (old && old.windowSec === windowSec && samePieces(old.pieces, pieces)) return old;
      return { id, channel, windowSec, pieces };
    });
    const last = previous.current;
    return next.length === last.length && next.every((c, i) => c === last[i]) ? last : next;
    // dataSig changes exactly when a chunk's data does; `results` is a new array every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataSig, channels, specs]);
  useEffect(() => {
    previous.current = merged;
  }, [merged]);

  const failed: FailedChunk[] = [];
  let loaded = 0;
  let pending = 0;
  results.forEach((r, i) => {
    const spec = specs[i]!;
    if (r.data) loaded++;
    if (r.isError && r.fetchStatus !== 'fetching') {
      failed.push({ label: spec.label, error: r.error, retry: () => void r.refetch() });
    } else if (!r.data && !paused) pending++;
  });

  return {
    channels: merged,
    total: specs.length,
    loaded,
    failed,
    pending,
    paused,
    cancel: () => {
      setPausedFor(signature);
      for (const s of specs) {
        if (!queryClient.getQueryData(s.options.queryKey))
          void queryClient.cancelQueries({ queryKey: s.options.queryKey, exact: true });
      }
    },
    resume: () => setPausedFor(null),
  };
}
