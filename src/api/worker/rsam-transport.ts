/**
 * RSAM chunks as transports for `send` (http/send.ts): the rate budget, the retries and the error
 * wording stay there, whichever thread receives the body. Both answer a 2xx with the body decoded
 * (columns, or the reason it is not RSAM), and with `keep` the chunk may be kept in the browser's cache.
 */
import type { CacheTarget } from '../cache/rsam-cache';
import type { Decoded } from '../decode/decoded';
import { readBytes } from '../http/read-body';
import { fetchTransport, type Transport } from '../http/transport';
import { decodeAndKeepRsam, fetchRsamInWorker } from './pool';
import type { RsamSeries } from '../decode/rsam-series';

export type RsamTransport = Transport<Decoded<RsamSeries>>;

const asBytes = fetchTransport(readBytes);

/** This thread requests the chunk; its bytes are decoded by a parse worker (or here, where none runs). */
export function rsamFetchedHere(keep?: CacheTarget): RsamTransport {
  return async (url, init, bound) => {
    const got = await asBytes(url, init, bound);
    return got.ok ? { ...got, body: await decodeAndKeepRsam(got.body, keep) } : got;
  };
}

/**
 * A parse worker requests the chunk, so its body never reaches this thread; where no worker can,
 * this thread does (rsamFetchedHere).
 */
export function rsamFetchedByWorkerElseHere(keep?: CacheTarget): RsamTransport {
  return async (url, init, bound) =>
    (await fetchRsamInWorker(url, init, bound, keep)) ?? rsamFetchedHere(keep)(url, init, bound);
}
