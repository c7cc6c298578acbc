/**
 * The analysis worker's side (src/workers/analysis-worker.ts runs it; analysis-pool.ts runs the same
 * in this thread where no worker can start): the series each client sent, kept by key; its jobs run
 * one at a time, in order; a cancelled one is dropped while it waits and stopped at its next pause.
 */
import type { ChannelSeries } from '../derived/analysis-data';
import type { FromWorker, Reply, SeriesColumns, ToWorker } from './analysis-messages';
import { Cancelled, answerAnalysisJob } from './run-job';

type Run = Extract<ToWorker, { type: 'run' }>;

export function createWorkerLoop(reply: Reply): (m: ToWorker) => void {
  /** Per client, its series by key: the same object for the same key, so medians computed stay found. */
  const held = new Map<number, Map<string, ChannelSeries>>();
  const queue: Run[] = [];
  const cancelled = new Set<number>();
  let running = false;
  let current: number | null = null;

  function keep(client: number, columns: readonly SeriesColumns[], live: readonly string[]) {
    const mine = held.get(client) ?? new Map<string, ChannelSeries>();
    for (const { key, id, windowSec, times, values } of columns) mine.set(key, { id, windowSec, times, values });
    const wanted = new Set(live);
    for (const key of mine.keys()) if (!wanted.has(key)) mine.delete(key);
    held.set(client, mine);
  }

  async function pump() {
    if (running) return;
    running = true;
    for (let m = queue.shift(); m; m = queue.shift()) {
      const { id, client, job } = m;
      current = id;
      let answer: FromWorker;
      let transfer: Transferable[] = [];
      try {
        if (cancelled.has(id)) throw new Cancelled();
        const mine = held.get(client);
        const r = await answerAnalysisJob(job, {
          series: (ref) => {
            const s = mine?.get(ref.key);
            if (!s) throw new Error(`the analysis worker holds no series ${ref.key}`);
            return s;
          },
          stopped: () => cancelled.has(id),
        });
        answer = { type: 'done', id, value: r.value };
        transfer = r.transfer;
      } catch (e) {
        answer =
          e instanceof Cancelled
            ? { type: 'cancelled', id }
            : { type: 'failed', id, message: e instanceof Error ? e.message : String(e) };
      }
      cancelled.delete(id);
      current = null;
      reply(answer, transfer);
    }
    running = false;
  }

  return (m) => {
    if (m.type === 'run') {
      keep(m.client, m.columns, m.live);
      queue.push(m);
      void pump();
    } else if (m.type === 'cancel') {
      // A job already answered is not remembered.
      if (current === m.id || queue.some((q) => q.id === m.id)) cancelled.add(m.id);
    } else held.delete(m.client);
  };
}
