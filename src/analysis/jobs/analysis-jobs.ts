/**
 * The analysis jobs as the views ask for them, one async function each, worked out by the analysis
 * worker (analysis-pool.ts) so the page draws and answers input meanwhile. Each rejects with an
 * AbortError when its signal aborts or the same client asks again, and never answers after that.
 * The code that asks loads with the first job: the volcano view finds events once its RSAM is in.
 */
import type { AnalysisResult } from '../derived/analysis-data';
import type { AnalysisClient, AnalysisJobInput, RangeEventsInput } from './job-types';
import type { RangeEventsAnswer } from './analysis-messages';

let nextClient = 1;
export const createAnalysisClient = (): AnalysisClient => ({ id: nextClient++ });

const requests = () => import('./job-requests');

/** src/analysis/derived/analysis-data.ts' computeAnalysis of `input`, off this thread. */
export async function deriveAnalysis(
  client: AnalysisClient,
  input: AnalysisJobInput,
  signal: AbortSignal,
): Promise<AnalysisResult> {
  return (await requests()).requestAnalysis(client, input, signal);
}

/** The events of the loaded data that overlap the range (src/analysis/events.ts), off this thread. */
export async function findRangeEvents(
  client: AnalysisClient,
  input: RangeEventsInput,
  signal: AbortSignal,
): Promise<RangeEventsAnswer> {
  return (await requests()).requestRangeEvents(client, input, signal);
}

/** The client is gone: its series and jobs are dropped (nothing to do if it never asked). */
export function releaseAnalysisClient(client: AnalysisClient, asked: boolean): void {
  if (asked) void import('./analysis-pool').then((m) => m.dropAnalysisClient(client));
}
