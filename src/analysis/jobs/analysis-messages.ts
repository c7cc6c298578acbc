/**
 * Messages between this thread (analysis-pool.ts) and the analysis worker (worker-loop.ts, run by
 * src/workers/analysis-worker.ts). A channel's loaded RSAM crosses once: the worker keeps it by a
 * key naming the chunks it was joined from, and later jobs name the key only.
 */
import type { AnalysisInput } from '../derived/analysis-data';
import type { RsamEvent } from '../events';
import type { Threshold } from '../threshold';
import type { WireResult } from './wire';

/** One channel's loaded RSAM, named: `key` says which chunks it is joined from. */
export interface SeriesRef {
  key: string;
  id: string;
  windowSec: number;
}

/** The columns of a series the worker does not hold yet (transferred). */
export interface SeriesColumns extends SeriesRef {
  times: Float64Array;
  values: Float64Array;
}

/** The seismic view's analysis (src/analysis/derived), its channels named. */
export type AnalysisSpec = Omit<AnalysisInput, 'channels' | 'history'> & {
  channels: SeriesRef[];
  history?: SeriesRef[];
};

/** The volcano view's events: those of the loaded data that overlap [from, to) (unix s). */
export interface RangeEventsSpec {
  channels: SeriesRef[];
  threshold: Threshold;
  from: number;
  to: number;
}

export interface RangeEventsAnswer {
  /** Events that begin in the range, and those that began before it and go on into it. */
  inRange: RsamEvent[];
  before: RsamEvent[];
  /** Windows in the range that could not be judged (no baseline). */
  unjudged: number;
}

export type JobSpec = { job: 'analysis'; spec: AnalysisSpec } | { job: 'range-events'; spec: RangeEventsSpec };

/** What each job answers, as it crosses (the analysis as a WireResult). */
export interface JobWire {
  analysis: WireResult;
  'range-events': RangeEventsAnswer;
}

export type ToWorker =
  /**
   * A job of `client`. `columns`: series it names that the worker does not hold yet; `live`: every
   * key the job names. The client's other series are dropped, so the worker holds what its latest
   * job reads, no more.
   */
  | { type: 'run'; id: number; client: number; job: JobSpec; columns: SeriesColumns[]; live: string[] }
  /** Job `id` is no longer wanted: dropped if it waits, stopped at its next pause if it runs. */
  | { type: 'cancel'; id: number }
  /** The client is gone: its series are dropped. */
  | { type: 'release'; client: number };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'done'; id: number; value: JobWire[keyof JobWire] }
  | { type: 'cancelled'; id: number }
  | { type: 'failed'; id: number; message: string };

/** How the worker's side answers: postMessage, or this thread's stand-in. */
export type Reply = (m: FromWorker, transfer?: Transferable[]) => void;
