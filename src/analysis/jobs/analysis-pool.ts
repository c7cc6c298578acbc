/**
 * This thread's side of the analysis worker: one worker, started on the first job and kept. Each
 * client (one view's analysis) has one job in the worker at a time: a newer one cancels it and
 * waits for it to stop, so a superseded job is never joined, copied or sent, and its answer is
 * never delivered. A channel's series crosses once per worker: copied from its chunks into one
 * pair of columns and transferred; later jobs name it by key. Where no worker can start (vitest's
 * jsdom, a CSP without worker-src, a failed load) the same loop runs in this thread, loaded then.
 * Either way its messages go through the RPC helper both worker pools share (src/api/worker/worker-rpc.ts).
 */
import { t } from '@lingui/core/macro';
import { concatColumns } from '../../chart/series-data';
import { createAnalysisWorker } from './analysis-worker-start';
import type { AnalysisClient, LoadedSeries } from './job-types';
import type { FromWorker, JobSpec, JobWire, SeriesColumns, SeriesRef, ToWorker } from './analysis-messages';
import { workerRpc, type RpcEndpoint, type RpcProtocol, type WorkerRpc } from '../../api/worker/worker-rpc';

interface Port {
  rpc: WorkerRpc<ToWorker, FromWorker>;
  /** Whether what is posted crosses to another thread (columns are then copied and transferred). */
  crosses: boolean;
}

interface Held {
  job: JobSpec;
  sources: ReadonlyMap<string, LoadedSeries>;
  resolve: (v: JobWire[keyof JobWire]) => void;
  reject: (e: unknown) => void;
}

interface Flight {
  id: number;
  held: Held;
  /** Its caller no longer waits for it (aborted or superseded). */
  abandoned: boolean;
  /** Where it was sent, once it was (the worker still starting, it waits). */
  sentTo: Port | null;
}

interface ClientState {
  id: number;
  /** Keys the worker holds for this client, valid for worker `generation`. */
  sent: Set<string>;
  generation: number;
  flight: Flight | null;
  next: Held | null;
}

const aborted = (why: string) => new DOMException(why, 'AbortError');

let port: Promise<Port> | null = null;
/** Counts worker starts: a client's series must be sent again to a new worker. */
let generation = 0;
let nextJob = 1;
const clients = new WeakMap<AnalysisClient, ClientState>();

const partIds = new WeakMap<object, number>();
let nextPart = 1;

/** The name of a channel's loaded series: its id, window and the chunks it is joined from. */
export function seriesRef(s: LoadedSeries): SeriesRef {
  const ids = s.parts.map((p) => {
    let id = partIds.get(p);
    if (id === undefined) partIds.set(p, (id = nextPart++));
    return id;
  });
  return { key: `${s.id}|${s.windowSec}|${ids.join('+')}`, id: s.id, windowSec: s.windowSec };
}

/**
 * The chunks as one pair of columns: new ones to transfer (the view keeps its own), or in this
 * thread a single chunk's own.
 */
function joined(parts: LoadedSeries['parts'], copy: boolean): { times: Float64Array; values: Float64Array } {
  const p = parts[0];
  if (copy && parts.length === 1 && p) return { times: p.times.slice(), values: p.values.slice() };
  return concatColumns(parts);
}

const protocol: RpcProtocol<ToWorker, FromWorker> = {
  replyTo: (m) => (m.type === 'ready' ? null : m.id),
  cancel: (id) => ({ type: 'cancel', id }),
};

/** The flight's answer (or how it failed) to its caller, unless abandoned; then the client's next job goes. */
function settle(c: ClientState, flight: Flight, m: FromWorker | { type: 'lost'; error: unknown }): void {
  if (!flight.abandoned) {
    if (m.type === 'done') flight.held.resolve(m.value);
    else if (m.type === 'failed') flight.held.reject(new Error(m.message));
    else if (m.type === 'lost') flight.held.reject(m.error);
    else flight.held.reject(aborted('cancelled'));
  }
  next(c);
}

async function inThreadPort(): Promise<Port> {
  const { createWorkerLoop } = await import('./worker-loop');
  const loop: RpcEndpoint<ToWorker, FromWorker> = {
    // A turn later, as across threads: the caller's render finishes first.
    postMessage: (m) => void setTimeout(() => handle(m), 0),
    onmessage: null,
    onerror: null,
    terminate: () => undefined,
  };
  const handle = createWorkerLoop((m) => loop.onmessage?.({ data: m } as MessageEvent<FromWorker>));
  // This thread's loop does not stop.
  return { rpc: workerRpc(loop, protocol, { ready: true, onStop: () => null }), crosses: false };
}

function startPort(): Promise<Port> {
  let worker: Worker | null;
  try {
    worker = typeof Worker === 'undefined' ? null : createAnalysisWorker();
  } catch {
    worker = null;
  }
  if (!worker) return inThreadPort();
  const w = worker;
  return new Promise<Port>((resolve) => {
    const rpc: WorkerRpc<ToWorker, FromWorker> = workerRpc(w, protocol, {
      onReady: () => resolve({ rpc, crosses: true }),
      onStop: (started) => {
        // Never started (blocked, failed to load): nothing was sent to it; this thread does the jobs.
        if (!started) return resolve(inThreadPort());
        // Stopped (out of memory, a bug): its jobs are lost, said to their callers; the next job starts another.
        port = null;
        generation++;
        return new Error(t`the analysis worker stopped`);
      },
    });
  });
}

async function send(c: ClientState, held: Held): Promise<void> {
  const flight: Flight = { id: nextJob++, held, abandoned: false, sentTo: null };
  c.flight = flight;
  const p = await (port ??= startPort());
  // Abandoned while the worker was starting: never sent.
  if (flight.abandoned) return next(c);
  if (c.generation !== generation) {
    c.sent = new Set();
    c.generation = generation;
  }
  const columns: SeriesColumns[] = [];
  const transfer: ArrayBuffer[] = [];
  for (const [key, s] of held.sources) {
    if (c.sent.has(key)) continue;
    const cols = joined(s.parts, p.crosses);
    columns.push({ key, id: s.id, windowSec: s.windowSec, ...cols });
    if (p.crosses) transfer.push(cols.times.buffer as ArrayBuffer, cols.values.buffer as ArrayBuffer);
  }
  const live = [...held.sources.keys()];
  c.sent = new Set(live);
  flight.sentTo = p;
  const run: ToWorker = { type: 'run', id: flight.id, client: c.id, job: held.job, columns, live };
  p.rpc.call(flight.id, run, { transfer }).then(
    (m) => settle(c, flight, m),
    // The worker stopped with it ('the analysis worker stopped').
    (error: unknown) => settle(c, flight, { type: 'lost', error }),
  );
}

/** The client's job is over: its next one, if any, goes. */
function next(c: ClientState): void {
  c.flight = null;
  const held = c.next;
  c.next = null;
  if (held) void send(c, held);
}

/** Its caller is told (an AbortError, unless told already) and the worker stops it. */
function cancelFlight(f: Flight): void {
  if (f.abandoned) return;
  f.abandoned = true;
  f.held.reject(aborted('superseded'));
  // Not posted yet (the worker still starting), it never will be (send); posted, the worker says
  // when it has stopped ('cancelled'), and only then does the client's next job go.
  f.sentTo?.rpc.post(protocol.cancel(f.id));
}

function stateOf(client: AnalysisClient): ClientState {
  let c = clients.get(client);
  if (!c) clients.set(client, (c = { id: client.id, sent: new Set(), generation, flight: null, next: null }));
  return c;
}

/** Drops the client's series from the worker, and its jobs. */
export function dropAnalysisClient(client: AnalysisClient): void {
  const c = stateOf(client);
  c.next?.reject(aborted('released'));
  c.next = null;
  if (c.flight) cancelFlight(c.flight);
  c.sent = new Set();
  void port?.then((p) => p.rpc.post({ type: 'release', client: c.id }));
}

/**
 * Job `job` of `client`, reading `sources` (each by its seriesRef key). Supersedes the client's
 * job before it; rejects with an AbortError when `signal` aborts or a newer job comes.
 */
export function runAnalysisJob<K extends keyof JobWire>(
  client: AnalysisClient,
  job: Extract<JobSpec, { job: K }>,
  sources: ReadonlyMap<string, LoadedSeries>,
  signal: AbortSignal,
): Promise<JobWire[K]> {
  const c = stateOf(client);
  return new Promise<JobWire[K]>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const held: Held = { job, sources, resolve: resolve as Held['resolve'], reject };
    signal.addEventListener(
      'abort',
      () => {
        reject(signal.reason);
        if (c.next === held) c.next = null;
        else if (c.flight?.held === held) cancelFlight(c.flight);
      },
      { once: true },
    );
    if (!c.flight) return void send(c, held);
    c.next?.reject(aborted('superseded'));
    c.next = held;
    cancelFlight(c.flight);
  });
}
