import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint';

type Posted = { cb: () => void; signal?: AbortSignal; reject: (e: unknown) => void };

let frames: FrameRequestCallback[];
let posted: Posted[];

beforeEach(() => {
  frames = [];
  posted = [];
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = () => undefined;
  });
  vi.stubGlobal('scheduler', {
    postTask: (cb: () => void, o: { signal?: AbortSignal }) =>
      new Promise((resolve, reject) => {
        // Like the browser's: the callback's throw rejects the task's promise.
        const run = () => {
          try {
            resolve(cb());
          } catch (e) {
            reject(e);
          }
        };
        posted.push({ cb: run, signal: o.signal, reject });
      }),
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const runFrame = () => frames.splice(0).forEach((f) => f(0));

describe('afterNextPaint', () => {
  it('without precise: a timer after the frame, never a prioritised task', () => {
    const cb = vi.fn();
    afterNextPaint(cb);
    vi.runAllTimers();
    expect(cb).not.toHaveBeenCalled();
    runFrame();
    expect(posted).toHaveLength(0);
    vi.runAllTimers();
    expect(cb).toHaveBeenCalledOnce();
  });

  it('precise: a user-blocking task posted from the frame, aborted by the cancel', () => {
    const cb = vi.fn();
    const cancel = afterNextPaint(cb, { precise: true });
    runFrame();
    expect(posted).toHaveLength(1);
    cancel();
    expect(posted[0]!.signal?.aborted).toBe(true);
  });

  it('precise: an error thrown by the callback is reported, an abort is not', async () => {
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    afterNextPaint(
      () => {
        throw new Error('boom');
      },
      { precise: true },
    );
    runFrame();
    posted[0]!.cb();
    await vi.waitFor(() => expect(reported).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' })));

    const cancel = afterNextPaint(() => undefined, { precise: true });
    runFrame();
    cancel();
    posted[1]!.reject(new DOMException('aborted', 'AbortError'));
    await Promise.resolve();
    await Promise.resolve();
    expect(reported).toHaveBeenCalledOnce();
  });
});
