/**
 * Which ZIP files a download becomes, worked out before it starts: a query over the service's cap
 * is split into spans of time (zip-time-split.ts), a list of ids into groups that fit both a URL and
 * the cap, and a download of several cameras is one source per camera. The same plan is made again
 * for the files not yet saved when a 413 teaches a lower cap.
 */
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { ZipAnswer, ZipVia } from '../api/http/zip-stream';
import { fetchDownloadEstimate, fetchImagery, imageryParams } from '../api/imagery/imagery';
import { type ImageryQuery } from '../api/imagery/imagery-shapes';
import { downloadAll, downloadSelected, splitSelection } from '../api/imagery/imagery-download';
import { formatUtcLabel } from '../domain/time';
import type { ImageType } from '../domain/volcanoes';
import { zipContentName, type ZipContent } from '../api/imagery/zip-manifest';
import { MB } from './zip-progress';
import { splitByTime, splitUnit, type SplitDeps, type SplitUnit, type TimeSpan } from './zip-time-split';

/** One ZIP file of a download; a big or mixed download is several (a span of time, a camera, ids). */
export interface ZipPart {
  /** Requests the ZIP through `via`: this page (`zipInPage`), or the download worker (zip-via-worker.ts). */
  open: <B>(signal: AbortSignal, via: ZipVia<B>) => Promise<ZipAnswer<B>>;
  /** This file's estimated size, when the service estimated it (spec 01 §4.5). */
  estimateBytes?: number | undefined;
  /** Offered by the file picker before the service has named the file. */
  suggestedName: string;
  /** What this file holds, in a download of several: a camera, a span of time. */
  label?: string | undefined;
  /** Added to the service's file name, so the files of one download do not share a name. */
  nameSuffix?: string | undefined;
  /** How many images it should hold, when known. */
  images?: number | undefined;
  /** What it was planned from, to plan it anew (a lower cap after a 413). */
  source?: PlanSource | undefined;
  /** Its images, for its name and its manifest (src/api/imagery/zip-manifest.ts). */
  content?: ZipContent | undefined;
}

export type PlanSource =
  | {
      kind: 'query';
      key: string;
      /** What the source is, when a download has several: a camera. */
      label?: string | undefined;
      query: ImageryQuery;
      /** From the estimate; undefined while it is asked. */
      images: number | undefined;
      sizeMb: number | undefined;
    }
  | { kind: 'ids'; key: string; label?: string | undefined; imageType: ImageType; ids: readonly string[] };

export interface PlannedZip {
  /** The file again as a source, for planning it anew with a lower cap. */
  source: PlanSource;
  /** The camera, span of time or group this file holds, with its zone. */
  label: string | undefined;
  /** A span of time, when the file is one of a query split by time. */
  span: string | undefined;
  images: number;
  sizeMb: number | undefined;
  suggestedName: string;
  open: <B>(signal: AbortSignal, via: ZipVia<B>) => Promise<ZipAnswer<B>>;
  content: ZipContent;
}

export interface ZipPlan {
  /**
   * `waiting`: an estimate is still out; `approval`: a split that takes many requests waits for a
   * click; `planning`: spans are being worked out; `ready`: `files` is the whole download.
   */
  status: 'waiting' | 'approval' | 'planning' | 'ready' | 'failed';
  files: PlannedZip[];
  images: number;
  /** Whether any source holds more images than the cap. */
  split: boolean;
  /** At least this many files (before a split is worked out). */
  minFiles: number;
  /** About how many requests working out the spans takes. */
  requests: number;
  errors: { label: string | undefined; error: unknown }[];
  approve: () => void;
  retry: () => void;
}

/** A split taking up to this many files is worked out by itself; a longer one waits for a click. */
export const AUTO_PLAN_FILES = 10;

const deps: SplitDeps = {
  estimate: (q, signal) => fetchDownloadEstimate(q, signal),
  imageAt: async (q, index, signal) => (await fetchImagery({ ...q, page: index + 1, limit: 1 }, signal)).results[0],
};

/** The date part of a bound, as datefrom/dateto carry it. */
const dayInput = (t: number) => new Date(t).toISOString().slice(0, 10);

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' — ') || undefined;

/** The span a piece of a split query covers, in the terms its datefrom/dateto have, with the zone. */
export function describeSpan(q: ImageryQuery, unit: SplitUnit): string {
  if (unit === 'second') {
    // Within one UTC day, the date and the zone are said once.
    if (q.from !== undefined && q.to !== undefined && dayInput(q.from) === dayInput(q.to)) {
      const start = formatUtcLabel(q.from).replace(' UTC', '');
      const end = formatUtcLabel(q.to).slice(11);
      return t`${start} to ${end}`;
    }
    const start = q.from === undefined ? t`the first image` : formatUtcLabel(q.from);
    const end = q.to === undefined ? t`the last image` : formatUtcLabel(q.to);
    return t`${start} to ${end}`;
  }
  const a = q.from === undefined ? t`the first day` : dayInput(q.from);
  const b = q.to === undefined ? t`the last day` : dayInput(q.to);
  if (unit === 'utc-day') return a === b ? t`UTC day ${a}` : t`UTC days ${a} to ${b}`;
  const site = q.site;
  if (site) return a === b ? t`local day ${a} at ${site}` : t`local days ${a} to ${b} at ${site}`;
  return a === b ? t`local day ${a}` : t`local days ${a} to ${b}`;
}

function queryFile(source: Extract<PlanSource, { kind: 'query' }>, span: TimeSpan | null): PlannedZip {
  const query = span ? span.query : source.query;
  const spanWords = span ? describeSpan(query, splitUnit(query)) : undefined;
  const images = span ? span.images : (source.images ?? 0);
  const sizeMb = span ? span.sizeMb : source.sizeMb;
  return {
    source: { kind: 'query', key: `${source.key}|${spanWords ?? ''}`, label: source.label, query, images, sizeMb },
    label: join(source.label, spanWords),
    span: spanWords,
    images,
    sizeMb,
    suggestedName: zipContentName({ kind: 'query', query }),
    open: (signal, via) => downloadAll(query, signal, via),
    content: { kind: 'query', query },
  };
}

/** Ids in groups that fit a safe URL and hold at most `cap` each. */
function idFiles(source: Extract<PlanSource, { kind: 'ids' }>, cap: number): PlannedZip[] {
  const groups = splitSelection(source.imageType, source.ids).flatMap((g) => {
    const out: string[][] = [];
    for (let i = 0; i < g.length; i += cap) out.push(g.slice(i, i + cap));
    return out;
  });
  return groups.map((ids, i) => ({
    source: { kind: 'ids', key: `${source.key}|${i}`, label: source.label, imageType: source.imageType, ids },
    label: source.label,
    span: undefined,
    images: ids.length,
    sizeMb: undefined,
    suggestedName: zipContentName({ kind: 'ids', imageType: source.imageType, ids }),
    open: (signal, via) => downloadSelected(source.imageType, ids, signal, via),
    content: { kind: 'ids', imageType: source.imageType, ids },
  }));
}

/**
 * The plan of `sources` for a cap of `cap` images a ZIP. Spans are asked for by themselves when the
 * whole split takes up to AUTO_PLAN_FILES files, else once `approve` was called.
 */
export function useZipPlan(sources: readonly PlanSource[], cap: number): ZipPlan {
  const [approved, setApproved] = useState(false);
  const over = (s: PlanSource): s is Extract<PlanSource, { kind: 'query' }> =>
    s.kind === 'query' && s.images !== undefined && s.images > cap;
  const big = sources.filter(over);
  const minFiles = sources.reduce(
    (n, s) => n + (s.kind === 'ids' ? Math.ceil(s.ids.length / cap) : Math.max(1, Math.ceil((s.images ?? 0) / cap))),
    0,
  );
  const auto = minFiles <= AUTO_PLAN_FILES;
  const splits = useQueries({
    queries: big.map((s) => ({
      queryKey: ['imagery', 'zip-split', imageryParams(s.query), s.images, s.sizeMb, cap] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        splitByTime(s.query, { total_images: s.images!, estimated_size_mb: s.sizeMb ?? 0 }, cap, deps, signal),
      enabled: auto || approved,
      staleTime: 60_000,
      retry: false,
    })),
  });
  const bySource = new Map(big.map((s, i) => [s.key, splits[i]!]));
  const files: PlannedZip[] = [];
  const errors: ZipPlan['errors'] = [];
  let waiting = false;
  let planning = false;
  let stopped = false;
  for (const s of sources) {
    if (s.kind === 'ids') {
      files.push(...idFiles(s, cap));
      continue;
    }
    if (s.images === undefined) {
      waiting = true;
      continue;
    }
    const split = bySource.get(s.key);
    if (!split) files.push(queryFile(s, null));
    else if (split.data) files.push(...split.data.map((span) => queryFile(s, span)));
    else if (split.isError) errors.push({ label: s.label, error: split.error });
    // Not asked yet, or cancelled part way: waits for a click.
    else if (split.fetchStatus === 'idle') stopped = true;
    else planning = true;
  }
  const images = sources.reduce((n, s) => n + (s.kind === 'ids' ? s.ids.length : (s.images ?? 0)), 0);
  const pendingApproval = (big.length > 0 && !auto && !approved) || (stopped && !planning);
  const status: ZipPlan['status'] = waiting
    ? 'waiting'
    : errors.length
      ? 'failed'
      : pendingApproval
        ? 'approval'
        : planning
          ? 'planning'
          : 'ready';
  return {
    status,
    files,
    images,
    split: big.length > 0,
    minFiles,
    requests: big.reduce((n, s) => n + 2 * (Math.ceil(s.images! / cap) - 1), 0),
    errors,
    approve: () => {
      setApproved(true);
      splits.forEach((q) => !q.data && q.fetchStatus === 'idle' && void q.refetch());
    },
    retry: () => splits.forEach((q) => q.isError && void q.refetch()),
  };
}

/** File `i` of `n` of a plan, as the download runs it: several files get their number in their name. */
export function toZipPart(file: PlannedZip, i: number, n: number): ZipPart {
  return {
    open: file.open,
    estimateBytes: file.sizeMb === undefined ? undefined : file.sizeMb * MB,
    suggestedName: file.suggestedName,
    label: file.label,
    nameSuffix: n > 1 ? `_${i + 1}-of-${n}` : undefined,
    images: file.images,
    source: file.source,
    content: file.content,
  };
}
