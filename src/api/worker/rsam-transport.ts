/**
 * RSAM chunks as transports for `send` (http/send.ts): the rate budget, the retries and the error
 * wording stay there, whichever thread receives the body. Both answer a 2xx with the body decoded
 * (columns, or the reason it is not RSAM), and with `keep` the chunk may be kept in the browser's cache.
 */
import type { CacheTarget } from '../cache/rsam-cache';
import type { Decoded } from '../decode/decoded';
import { readBytes } from '../http/read-body';
import { fetchTransport, type Transport } from '../http/transport';
import { decodeRsamBytes, fetchRsamInWorker } from './pool';
import type { WorkerRsam } from './parse-messages';

export type RsamTransport = Transport<Decoded<WorkerRsam>>;

const asBytes = fetchTransport(readBytes);

/** This thread requests the chunk; its bytes are decoded by a parse worker (or here, where none runs). */
export function rsamFetchedHere(keep?: CacheTarget): RsamTransport {
  return async (url, init, bound) => {
    const got = await asBytes(url, init, bound);
    return got.ok ? { ...got, body: await decodeRsamBytes(got.body, keep) } : got;
  };
}

/**
 * A parse worker requests the chunk, so its body never reaches this thread; where no worker can,
 * this thread does (rsamFetchedHere).
 */
export function rsamFetchedByWorker(keep?: CacheTarget): RsamTransport {
  return async (url, init, bound) =>
    (await fetchRsamInWorker(url, init, bound, keep)) ?? rsamFetchedHere(keep)(url, init, bound);
}
