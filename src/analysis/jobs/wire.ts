/**
 * An analysis result as it crosses from the analysis worker: the drawn columns as typed arrays,
 * transferred, with NaN where the line breaks. Sent as arrays of numbers and nulls, a year's column
 * took this thread 60–140 ms to receive in one task (structured clone of half a million boxed
 * values); typed, it arrives at once and is turned back into the chart's nulls here in slices.
 */
import type { AlignedData } from '../../chart/series-data';
import type { AnalysisResult } from '../derived/analysis-data';

/** A y column: typed with NaN for null, or as it is when it holds a NaN of its own (kept apart from a gap). */
type WireColumn = Float64Array | ReadonlyArray<number | null>;

export interface WireResult extends Omit<AnalysisResult, 'data'> {
  x: Float64Array;
  ys: WireColumn[];
}

/** Values turned back per slice, each a task of a few ms here. */
export const DECODE_SLICE = 65_536;

function typedColumn(y: ReadonlyArray<number | null>): Float64Array | null {
  const out = new Float64Array(y.length);
  for (let i = 0; i < y.length; i++) {
    const v = y[i];
    if (v === null || v === undefined) out[i] = Number.NaN;
    else if (v !== v) return null;
    else out[i] = v;
  }
  return out;
}

/** `r` for posting, and the buffers to transfer with it (new ones: nothing the worker keeps). */
export function toWire(r: AnalysisResult): { wire: WireResult; transfer: ArrayBuffer[] } {
  const { data, ...rest } = r;
  const [x, ...ys] = data;
  const wire: WireResult = { ...rest, x: Float64Array.from(x), ys: [] };
  const transfer: ArrayBuffer[] = [wire.x.buffer as ArrayBuffer];
  for (const y of ys) {
    const typed = typedColumn(y);
    wire.ys.push(typed ?? y);
    if (typed) transfer.push(typed.buffer as ArrayBuffer);
  }
  return { wire, transfer };
}

const yieldToPage = (): Promise<void> => {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return s?.yield ? s.yield() : new Promise((r) => setTimeout(r, 0));
};

/**
 * The result as the panel reads it, its columns with null for NaN again: a slice of DECODE_SLICE
 * values per task, so a year of six channels (three million values) never holds the page. Rejects
 * with the signal's reason once it aborts.
 */
export async function fromWire(w: WireResult, signal?: AbortSignal): Promise<AnalysisResult> {
  const { x, ys, ...rest } = w;
  const cols: Array<Array<number | null>> = [];
  let done = 0;
  for (const y of ys) {
    // Not instanceof: a column cloned in another realm (a test's stand-in worker) is one too.
    if (Array.isArray(y)) {
      cols.push(y as Array<number | null>);
      continue;
    }
    const col = new Array<number | null>(y.length);
    for (let a = 0; a < y.length; a += DECODE_SLICE) {
      if (done >= DECODE_SLICE) {
        await yieldToPage();
        signal?.throwIfAborted();
        done = 0;
      }
      const b = Math.min(y.length, a + DECODE_SLICE);
      for (let i = a; i < b; i++) {
        const v = y[i]!;
        col[i] = v === v ? v : null;
      }
      done += b - a;
    }
    cols.push(col);
  }
  return { ...rest, data: [x, ...cols] as AlignedData };
}
