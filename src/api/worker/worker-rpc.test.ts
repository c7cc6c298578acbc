import { describe, expect, it, vi } from 'vitest';
import { WorkerFailed } from '../http/transport';
import { workerRpc, type RpcEndpoint, type RpcProtocol } from './worker-rpc';

type Req = { id: number; ask: string } | { id: number; cancel: number };
type Rep = { ready: true } | { id: number; answer: string } | { id: number; progress: number };

const protocol: RpcProtocol<Req, Rep> = {
  replyTo: (m) => ('ready' in m ? null : m.id),
  isFinal: (m) => 'answer' in m,
  cancel: (target) => ({ id: 0, cancel: target }),
};

/** A worker that records what it is sent; the test answers for it. */
class Endpoint implements RpcEndpoint<Req, Rep> {
  onmessage: ((e: MessageEvent<Rep>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  posted: Array<{ m: Req; transfer: Transferable[] }> = [];
  terminated = false;
  postMessage(m: Req, transfer: Transferable[]) {
    this.posted.push({ m, transfer });
  }
  terminate() {
    this.terminated = true;
  }
  say(m: Rep) {
    this.onmessage?.({ data: m } as MessageEvent<Rep>);
  }
  fail() {
    this.onerror?.({ preventDefault: () => undefined } as ErrorEvent);
  }
}

const setup = (ready = false) => {
  const w = new Endpoint();
  const onReady = vi.fn();
  const onStop = vi.fn(
    (started: boolean) =>
      new WorkerFailed(started ? 'stopped' : 'unstarted', `the test worker ${started ? 'stopped' : 'could not start'}`),
  );
  const rpc = workerRpc(w, protocol, { ready, onReady, onStop });
  return { w, rpc, onReady, onStop };
};

describe('workerRpc', () => {
  it('holds calls until the worker is ready, then sends each once with its transfer (ready twice)', async () => {
    const { w, rpc, onReady } = setup();
    const buffer = new ArrayBuffer(8);
    const a = rpc.call(1, { id: 1, ask: 'a' }, { transfer: [buffer] });
    expect(rpc.ready).toBe(false);
    expect(w.posted).toEqual([]);
    w.say({ ready: true });
    w.say({ ready: true });
    expect(w.posted).toEqual([{ m: { id: 1, ask: 'a' }, transfer: [buffer] }]);
    expect(rpc.ready).toBe(true);
    expect(onReady).toHaveBeenCalledTimes(1);
    w.say({ id: 1, answer: 'A' });
    await expect(a).resolves.toEqual({ id: 1, answer: 'A' });
  });

  it('matches replies by id, in any order, with progress before the final one', async () => {
    const { w, rpc } = setup(true);
    const progress: number[] = [];
    const a = rpc.call(1, { id: 1, ask: 'a' }, { onProgress: (m) => 'progress' in m && progress.push(m.progress) });
    const b = rpc.call(2, { id: 2, ask: 'b' });
    expect(rpc.waiting).toBe(2);
    w.say({ id: 2, answer: 'B' });
    w.say({ id: 1, progress: 50 });
    w.say({ id: 1, progress: 100 });
    w.say({ id: 1, answer: 'A' });
    expect(await Promise.all([a, b])).toEqual([
      { id: 1, answer: 'A' },
      { id: 2, answer: 'B' },
    ]);
    expect(progress).toEqual([50, 100]);
    expect(rpc.waiting).toBe(0);
  });

  it('a withdrawn call rejects with its signal’s reason, the worker is told, and its late reply is dropped', async () => {
    const { w, rpc } = setup(true);
    const ac = new AbortController();
    const a = rpc.call(7, { id: 7, ask: 'a' }, { signal: ac.signal });
    const reason = new DOMException('gone', 'AbortError');
    ac.abort(reason);
    await expect(a).rejects.toBe(reason);
    expect(w.posted.map((p) => p.m)).toEqual([
      { id: 7, ask: 'a' },
      { id: 0, cancel: 7 },
    ]);
    expect(rpc.waiting).toBe(0);
    w.say({ id: 7, answer: 'late' });
    expect(rpc.waiting).toBe(0);
  });

  it('a call withdrawn before the worker is ready is never sent, and nothing is said to the worker', async () => {
    const { w, rpc } = setup();
    const ac = new AbortController();
    const a = rpc.call(1, { id: 1, ask: 'a' }, { signal: ac.signal });
    ac.abort();
    await expect(a).rejects.toMatchObject({ name: 'AbortError' });
    w.say({ ready: true });
    expect(w.posted).toEqual([]);
  });

  it('a call whose signal is already aborted rejects at once and sends nothing', async () => {
    const { w, rpc } = setup(true);
    await expect(rpc.call(1, { id: 1, ask: 'a' }, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(w.posted).toEqual([]);
  });

  it('a message posted answers nothing, and a call cancelled that way still waits for how it ended', async () => {
    const { w, rpc } = setup(true);
    const a = rpc.call(3, { id: 3, ask: 'a' });
    rpc.post(protocol.cancel(3));
    expect(w.posted.map((p) => p.m)).toEqual([
      { id: 3, ask: 'a' },
      { id: 0, cancel: 3 },
    ]);
    expect(rpc.waiting).toBe(1);
    w.say({ id: 3, answer: 'cancelled' });
    await expect(a).resolves.toEqual({ id: 3, answer: 'cancelled' });
  });

  it('a worker that fails before it is ready: its calls reject as not started, and it is terminated', async () => {
    const { w, rpc, onReady, onStop } = setup();
    const a = rpc.call(1, { id: 1, ask: 'a' });
    w.fail();
    const e = await a.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(WorkerFailed);
    expect(e).toMatchObject({ how: 'unstarted', message: 'the test worker could not start' });
    expect(onStop).toHaveBeenCalledWith(false);
    expect(onReady).not.toHaveBeenCalled();
    expect(w.terminated).toBe(true);
    expect(w.posted).toEqual([]);
  });

  it('a worker that stops after it started: every waiting call rejects as stopped', async () => {
    const { w, rpc, onStop } = setup(true);
    const a = rpc.call(1, { id: 1, ask: 'a' });
    const b = rpc.call(2, { id: 2, ask: 'b' });
    w.fail();
    for (const p of [a, b])
      await expect(p).rejects.toMatchObject({ how: 'stopped', message: 'the test worker stopped' });
    expect(onStop).toHaveBeenCalledWith(true);
    expect(rpc.ready).toBe(false);
    expect(rpc.waiting).toBe(0);
    expect(w.terminated).toBe(true);
  });
});
