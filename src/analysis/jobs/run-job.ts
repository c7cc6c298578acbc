/**
 * The analysis worker's jobs: the pure functions of src/analysis, given the channels the worker
 * holds. The costly part, each channel's trailing median (~0.25 s a channel-year here), is worked
 * out a channel at a time with a pause between, where a newer job can stop this one; the medians
 * done are kept (events.ts), so the newer job finds them.
 */
import { computeAnalysis, type ChannelSeries } from '../derived/analysis-data';
import { withDayBefore } from '../derived/analysis-counts';
import { dayBaselineOf, eventsOfRange, findEvents, type EventChannel } from '../events';
import type { Threshold } from '../threshold';
import type { JobSpec, JobWire, SeriesRef } from './analysis-messages';
import { toWire } from './wire';

/** Thrown at a pause when the job is no longer wanted. */
export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** A pause in which the worker reads its messages (a cancel among them). */
const pause = () => new Promise<void>((r) => setTimeout(r, 0));

export interface JobContext {
  series: (ref: SeriesRef) => ChannelSeries;
  /** True once the job is no longer wanted. */
  stopped: () => boolean;
}

/** Works out each channel's median, one per task, when the threshold is one. */
async function medians(channels: readonly EventChannel[], t: Threshold, ctx: JobContext): Promise<void> {
  if (t.kind !== 'median') return;
  for (const c of channels) {
    await pause();
    if (ctx.stopped()) throw new Cancelled();
    dayBaselineOf(c);
  }
  await pause();
  if (ctx.stopped()) throw new Cancelled();
}

/** The job's answer, and the buffers to transfer with it. */
export async function answerAnalysisJob(
  j: JobSpec,
  ctx: JobContext,
): Promise<{ value: JobWire[keyof JobWire]; transfer: ArrayBuffer[] }> {
  if (j.job === 'analysis') {
    const { channels: refs, history: historyRefs, ...rest } = j.spec;
    const channels = refs.map(ctx.series);
    const history = historyRefs?.map(ctx.series);
    // The series computeAnalysis judges, the same objects (withDayBefore keeps them), medians first.
    if (rest.analysis === 'counts')
      await medians(
        channels.map((c) => withDayBefore(c, history?.find((h) => h.id === c.id))),
        rest.threshold,
        ctx,
      );
    const { wire, transfer } = toWire(computeAnalysis({ ...rest, channels, history }));
    return { value: wire, transfer };
  }
  const { channels: refs, threshold, from, to } = j.spec;
  const channels = refs.map(ctx.series);
  await medians(channels, threshold, ctx);
  const scan = findEvents(channels, threshold);
  const { inRange, before } = eventsOfRange(scan, from, to);
  let unjudged = 0;
  for (const t of scan.unjudged) if (t >= from && t < to) unjudged++;
  return { value: { inRange, before, unjudged }, transfer: [] };
}
