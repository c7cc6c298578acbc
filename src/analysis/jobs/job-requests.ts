/**
 * The analysis jobs' requests (analysis-jobs.ts loads this when a view first asks): each channel
 * named by the chunks it has loaded, the job given to the analysis worker, its answer turned back.
 */
import type { AnalysisResult } from '../derived/analysis-data';
import { runAnalysisJob, seriesRef } from './analysis-pool';
import type { AnalysisClient, AnalysisJobInput, LoadedSeries, RangeEventsInput } from './job-types';
import type { RangeEventsAnswer, SeriesRef } from './analysis-messages';
import { fromWire } from './wire';


/** Refs of `list`, each also entered in `sources` under its key. */
function refsOf(list: readonly LoadedSeries[], sources: Map<string, LoadedSeries>): SeriesRef[] {
  return list.map((s) => {
    const ref = seriesRef(s);
    sources.set(ref.key, s);
    return ref;
  });
}

export async function requestAnalysis(
  client: AnalysisClient,
  input: AnalysisJobInput,
  signal: AbortSignal,
): Promise<AnalysisResult> {
  const sources = new Map<string, LoadedSeries>();
  const { channels, history, ...rest } = input;
  const spec = { ...rest, channels: refsOf(channels, sources), history: history && refsOf(history, sources) };
  const wire = await runAnalysisJob(client, { job: 'analysis', spec }, sources, signal);
  return fromWire(wire, signal);
}

export function requestRangeEvents(
  client: AnalysisClient,
  input: RangeEventsInput,
  signal: AbortSignal,
): Promise<RangeEventsAnswer> {
  const sources = new Map<string, LoadedSeries>();
  const { channels, ...rest } = input;
  return runAnalysisJob(client, { job: 'range-events', spec: { ...rest, channels: refsOf(channels, sources) } }, sources, signal);
}
