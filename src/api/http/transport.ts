/**
 * Who makes a request: a transport answers like fetch, with its body already read the way the
 * caller needs it, within the ceiling `send` gives it (read-body.ts). `send` (send.ts) puts any
 * transport under the rate budget and the retry policy: fetch in this thread (below), the parse
 * worker (worker/rsam-transport.ts), the download worker (src/downloads/zip-via-worker.ts).
 * Worker-safe: no DOM, no config.
 */
import { readErrorText, TooLarge, type BodyBound } from './read-body';

/**
 * An answer's headers as read: fetch's Headers, or the pairs a worker's answer carried across
 * (names in lower case, as Headers iterates them).
 */
export interface HeaderReader {
  get(name: string): string | null;
  forEach(each: (value: string, name: string) => void): void;
}

/** The headers of a worker's answer, from the pairs it sent. */
export function headersOfPairs(pairs: ReadonlyArray<readonly [string, string]>): HeaderReader {
  const byName = new Map<string, string>();
  for (const [k, v] of pairs)
    byName.set(k.toLowerCase(), byName.has(k.toLowerCase()) ? `${byName.get(k.toLowerCase())}, ${v}` : v);
  return { get: (name) => byName.get(name.toLowerCase()) ?? null, forEach: (each) => byName.forEach(each) };
}

/** A 2xx with its body as the transport read it, or another status with its error body's text. */
export type TransportAnswer<B> =
  | { ok: true; status: number; headers: HeaderReader; body: B }
  /** `text` is null when the error body could not be read. */
  | { ok: false; status: number; headers: HeaderReader; text: string | null };

/** A 2xx answer: what `send` returns. */
export type Answered<B> = Extract<TransportAnswer<B>, { ok: true }>;

/**
 * Rejects as fetch does when no answer came (a TypeError; NoAnswer from a worker) or the signal
 * aborted, with WorkerFailed when the worker doing it stopped or threw, with BodyLost
 * when a 2xx answer's body broke off while it was read, TooLarge when it went past `bound`, and
 * Redirected when the answer was a redirect that was not followed.
 */
export type Transport<B> = (url: string, init: RequestInit, bound: BodyBound) => Promise<TransportAnswer<B>>;

/** A 2xx answer whose body could not be read to its end; its message is what the reading said. */
export class BodyLost extends Error {}

/** No answer came to a request a worker made; its message is what fetch said there. */
export class NoAnswer extends Error {}

/**
 * The worker making or reading the request failed: it stopped (crashed, or was ended by the
 * browser), its job threw, or it never started (the job never reached it: a pool may do it
 * elsewhere, src/api/worker/worker-rpc.ts). Nothing is known of the service from it.
 */
export class WorkerFailed extends Error {
  constructor(
    readonly how: 'stopped' | 'threw' | 'unstarted',
    message: string,
  ) {
    super(message);
    this.name = 'WorkerFailed';
  }
}

/**
 * A redirect not followed: a request that carries credentials says `redirect: 'manual'`, so they
 * never reach another address (the browser then shows only that it was a redirect: no status, no
 * Location). Any other 3xx that reaches a transport could not be followed either.
 */
export class Redirected extends Error {
  constructor(
    /** The 3xx, when the answer shows it (0 for the browser's opaque redirect). */
    readonly status: number,
  ) {
    super(status ? `redirected (HTTP ${status})` : 'redirected');
    this.name = 'Redirected';
  }
}

/**
 * fetch in this thread (or a worker's), the body of a 2xx read by `read` (read-body.ts) within
 * `bound`. No cookies or HTTP authentication unless `init` asks for them: only the token proxy of
 * this deployment does (platform.ts).
 */
export function fetchTransport<B>(read: (res: Response, bound: BodyBound) => Promise<B>): Transport<B> {
  return async (url, init, bound) => {
    const res = await fetch(url, { credentials: 'omit', ...init });
    const { status, headers } = res;
    if (res.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
      void res.body?.cancel().catch(() => undefined);
      throw new Redirected(res.type === 'opaqueredirect' ? 0 : status);
    }
    if (!res.ok) return { ok: false, status, headers, text: await readErrorText(res) };
    try {
      return { ok: true, status, headers, body: await read(res, bound) };
    } catch (e) {
      if (init.signal?.aborted || e instanceof TooLarge) throw e;
      throw new BodyLost(String(e));
    }
  };
}
