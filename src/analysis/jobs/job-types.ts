/** What the views give the analysis jobs (analysis-jobs.ts), and the handle they ask through. */
import type { AnalysisInput } from '../derived/analysis-data';
import type { Threshold } from '../threshold';

/** One view's handle on the worker: the series its jobs read stay there while it lives. */
export interface AnalysisClient {
  readonly id: number;
}

/** One channel's loaded RSAM as a view holds it: its chunks, in time order. */
export interface LoadedSeries {
  id: string;
  windowSec: number;
  parts: readonly { times: Float64Array; values: Float64Array }[];
}

/** The seismic view's analysis input, each channel as the chunks it has loaded. */
export type AnalysisJobInput = Omit<AnalysisInput, 'channels' | 'history'> & {
  channels: readonly LoadedSeries[];
  history?: readonly LoadedSeries[];
};

export interface RangeEventsInput {
  channels: readonly LoadedSeries[];
  threshold: Threshold;
  /** The range, unix seconds. */
  from: number;
  to: number;
}
