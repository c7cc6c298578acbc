import { runParseJob } from '../workers/parse-worker-jobs';
import type { WorkerReply, WorkerRequest } from '../api/worker/parse-messages';

/** Speaks the parse worker's protocol in this thread, recording what was transferred to it. */
export class FakeWorker {
  static made: FakeWorker[] = [];
  static failToLoad = false;
  /** Says 'ready' a second time, a turn after the first. */
  static readyTwice = false;
  onmessage: ((e: MessageEvent<WorkerReply>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  transferred: Transferable[] = [];
  /** What the worker's replies transferred back. */
  returned: Transferable[] = [];
  /** Resolves once it has said it is ready, or failed to load: what a test waits for instead of a sleep. */
  loaded: Promise<void>;
  constructor() {
    FakeWorker.made.push(this);
    let loaded = () => undefined as void;
    this.loaded = new Promise<void>((r) => (loaded = r));
    setTimeout(() => {
      loaded();
      if (FakeWorker.failToLoad) this.onerror?.({ preventDefault() {} } as ErrorEvent);
      else {
        this.reply({ id: -1, ready: true });
        // As WebKit's worker does when a chunk imports the worker's entry again.
        if (FakeWorker.readyTwice) setTimeout(() => this.reply({ id: -1, ready: true }));
      }
    });
  }
  reply(m: WorkerReply) {
    this.onmessage?.({ data: m } as MessageEvent<WorkerReply>);
  }
  /** The jobs posted to it, in order. */
  posted: WorkerRequest[] = [];
  postMessage(req: WorkerRequest, transfer: Transferable[] = []) {
    this.posted.push(req);
    this.transferred.push(...transfer);
    // The worker's own jobs (src/workers/parse-worker-jobs.ts), a turn later as across threads.
    setTimeout(
      () =>
        void runParseJob(req, (m, transfer = []) => {
          this.returned.push(...transfer);
          this.reply(m);
        }),
      5,
    );
  }
  terminate() {}
}
