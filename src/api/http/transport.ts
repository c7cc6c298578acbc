/**
 * Who makes a request: a transport answers like fetch, with its body already read the way the
 * caller needs it. `send` (send.ts) puts any transport under the rate budget and the retry policy:
 * fetch in this thread (below), the parse worker (worker/rsam-transport.ts), the download worker
 * (src/ui/downloads/zip-via-worker.ts). Worker-safe: no DOM, no config.
 */
import { readErrorText } from './read-body';

/** A 2xx with its body as the transport read it, or another status with its error body's text. */
export type TransportAnswer<B> =
  | { ok: true; status: number; headers: Headers; body: B }
  /** `text` is null when the error body could not be read. */
  | { ok: false; status: number; headers: Headers; text: string | null };

/** A 2xx answer: what `send` returns. */
export type Answered<B> = Extract<TransportAnswer<B>, { ok: true }>;

/**
 * Rejects as fetch does when no answer came (a TypeError) or the signal aborted, and with BodyLost
 * when a 2xx answer's body broke off while it was read.
 */
export type Transport<B> = (url: string, init: RequestInit) => Promise<TransportAnswer<B>>;

/** A 2xx answer whose body could not be read to its end; its message is what the reading said. */
export class BodyLost extends Error {}

/** fetch in this thread, the body of a 2xx read by `read` (read-body.ts). */
export function fetchTransport<B>(read: (res: Response) => Promise<B>): Transport<B> {
  return async (url, init) => {
    const res = await fetch(url, init);
    const { status, headers } = res;
    if (!res.ok) return { ok: false, status, headers, text: await readErrorText(res) };
    try {
      return { ok: true, status, headers, body: await read(res) };
    } catch (e) {
      if (init.signal?.aborted) throw e;
      throw new BodyLost(String(e));
    }
  };
}
