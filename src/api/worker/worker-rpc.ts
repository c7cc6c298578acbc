/**
 * One worker's calls, for both worker pools (the parse pool, pool.ts, and the analysis pool,
 * src/analysis/jobs/analysis-pool.ts): each call is a message with an id; the worker's replies are
 * matched to it by that id (progress until its final reply); calls made before the worker says it
 * is ready wait and go then; a call withdrawn (its AbortSignal) stops being waited for and the worker
 * is told; a worker that fails is terminated and every call waiting on it rejects with the error
 * its pool words for it, knowing whether the worker had started. What a pool does then (its work in
 * this thread, a new worker) and its messages stay the pool's own.
 */
/** What the helper needs of a Worker: a real one, or a pool's stand-in that runs in this thread. */
export interface RpcEndpoint<Req, Rep> {
  postMessage(m: Req, transfer: Transferable[]): void;
  onmessage: ((e: MessageEvent<Rep>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  terminate(): void;
}

/** How a pool's messages read. */
export interface RpcProtocol<Req, Rep> {
  /** The id of the call a reply answers; null for the worker's ready message. */
  replyTo(m: Rep): number | null;
  /** Whether the reply ends its call (every reply, unless said); any other is progress, handed to the call's `onProgress`. */
  isFinal?(m: Rep): boolean;
  /** The message telling the worker that call `id` is no longer wanted. */
  cancel(id: number): Req;
}

export interface CallOptions<Rep> {
  /** Moved to the worker with the message (emptied here). */
  transfer?: Transferable[];
  /** Replies before the final one (a legacy answer's slices). */
  onProgress?: (m: Rep) => void;
  /** Withdraws the call: it rejects with the signal's reason, as fetch does, and the worker is told. */
  signal?: AbortSignal | null | undefined;
}

interface Call<Req, Rep> {
  req: Req;
  transfer: Transferable[];
  onProgress: ((m: Rep) => void) | undefined;
  resolve: (m: Rep) => void;
  reject: (e: unknown) => void;
}

export interface WorkerRpc<Req, Rep> {
  /** Sends `req` as call `id` (now, or once the worker is ready); resolves with its final reply. */
  call(id: number, req: Req, opts?: CallOptions<Rep>): Promise<Rep>;
  /** A message that answers nothing (a release; a cancel whose call still waits for how it ended). */
  post(m: Req, transfer?: Transferable[]): void;
  /** Whether the worker has said it is ready (and not failed since). */
  readonly ready: boolean;
  /** How many calls wait for their final reply. */
  readonly waiting: number;
}

/**
 * Calls over `worker`, whose handlers this takes over. `ready`: it has said so already (or, in this
 * thread, need not). `onReady` runs when it says it is ready; `onStop` when it fails, and returns
 * the error the calls waiting on it reject with: `started`, it had said it was ready, so calls
 * sent to it may have had effects (a request made); otherwise none reached it.
 */
export function workerRpc<Req, Rep>(
  worker: RpcEndpoint<Req, Rep>,
  protocol: RpcProtocol<Req, Rep>,
  opts: { ready?: boolean; onReady?: () => void; onStop: (started: boolean) => unknown },
): WorkerRpc<Req, Rep> {
  const calls = new Map<number, Call<Req, Rep>>();
  const send = (c: Call<Req, Rep>) => worker.postMessage(c.req, c.transfer);
  const rpc = {
    ready: opts.ready ?? false,
    call(id: number, req: Req, { transfer = [], onProgress, signal }: CallOptions<Rep> = {}) {
      return new Promise<Rep>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const c: Call<Req, Rep> = { req, transfer, onProgress, resolve, reject };
        calls.set(id, c);
        // Left in place after the answer (React Query's signals live as long as one fetch):
        // withdrawing a finished call and rejecting a settled promise do nothing. A call not sent
        // yet (the worker still loading) never will be: nothing to tell the worker.
        signal?.addEventListener(
          'abort',
          () => {
            if (calls.delete(id) && rpc.ready) rpc.post(protocol.cancel(id));
            reject(signal.reason);
          },
          { once: true },
        );
        if (rpc.ready) send(c);
      });
    },
    post: (m: Req, transfer: Transferable[] = []) => worker.postMessage(m, transfer),
    get waiting() {
      return calls.size;
    },
  };

  worker.onmessage = (e) => {
    const m = e.data;
    const id = protocol.replyTo(m);
    if (id === null) {
      // WebKit evaluates a worker's entry module again when a chunk it loads later imports that
      // entry (the build shares code through it), and so says 'ready' twice: sending the calls
      // again would repeat their requests and transfer their already-moved bytes (DataCloneError).
      if (rpc.ready) return;
      rpc.ready = true;
      opts.onReady?.();
      for (const c of calls.values()) send(c);
      return;
    }
    const c = calls.get(id);
    if (!c) return; // withdrawn: its reply is dropped
    if (protocol.isFinal?.(m) === false) return c.onProgress?.(m);
    calls.delete(id);
    c.resolve(m);
  };

  worker.onerror = (e) => {
    e.preventDefault();
    worker.terminate();
    const started = rpc.ready;
    rpc.ready = false;
    const error = opts.onStop(started);
    for (const c of calls.values()) c.reject(error);
    calls.clear();
  };

  return rpc;
}
