/**
 * The observatory proxy's own status (docs/deploy.md, "The status endpoint"): its shared budget per
 * endpoint and its cache. The proxy, not the service: no rate budget applies, but the answer is read
 * bounded and checked like any other.
 */
import { t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { ApiError, isAbortError, tooLargeDetail } from './http/errors';
import { validate } from './decode/validate';
import { readText, TooLarge } from './http/read-body';
import { int } from './decode/schema-parts';

const LABEL = 'observatory proxy status';
const MAX_BYTES = 64 * 1024;

// Only valibot pieces the app's first chunk already has (vite.config.ts puts valibot there).
const count = v.pipe(
  int,
  v.check((n) => n >= 0, 'must not be negative'),
);
/** Epoch ms of the proxy's clock, or null. */
const instant = v.nullable(count);
const short = <T extends { length: number }>(max: number) =>
  v.check((x: T) => x.length <= max, `must hold at most ${max}`);

export const proxyStatusSchema = v.object({
  proxy: v.picklist(['observatory']),
  now: count,
  startedAt: count,
  windowMarginSeconds: count,
  queueMinutes: count,
  endpoints: v.pipe(
    v.array(
      v.object({
        name: v.pipe(v.string(), short(100)),
        limit: count,
        sentThisMinute: count,
        waiting: count,
        waitingFromYou: count,
        nextAt: instant,
        sentTotal: count,
        refusedQueueFull: count,
        refusedByService: count,
        heldUntil: instant,
      }),
    ),
    short(50),
  ),
  cache: v.object({
    maxBytes: count,
    usedBytes: v.nullable(count),
    measuredAt: instant,
    answers: v.record(v.string(), count),
    hitBytes: count,
  }),
});

type RawStatus = v.InferOutput<typeof proxyStatusSchema>;

/**
 * The status with its instants moved to this browser's clock (the proxy's may differ: a countdown
 * read against it would be off by the difference).
 */
export interface ProxyStatus extends RawStatus {
  /** When this browser received it. */
  receivedAt: number;
}

function toLocal(raw: RawStatus, receivedAt: number): ProxyStatus {
  const shift = (t: number | null) => (t === null ? null : t - raw.now + receivedAt);
  return {
    ...raw,
    endpoints: raw.endpoints.map((e) => ({ ...e, nextAt: shift(e.nextAt), heldUntil: shift(e.heldUntil) })),
    cache: { ...raw.cache, measuredAt: shift(raw.cache.measuredAt) },
    receivedAt,
  };
}

export async function fetchProxyStatus(url: string, signal?: AbortSignal): Promise<ProxyStatus> {
  let res: Response;
  try {
    res = await fetch(url, { signal, cache: 'no-store' });
  } catch (e) {
    if (signal?.aborted || isAbortError(e))
      throw new ApiError({ kind: 'aborted', endpoint: LABEL, url, detail: t`The request was cancelled` });
    const why = String(e);
    throw new ApiError({ kind: 'network', endpoint: LABEL, url, detail: t`no answer from the proxy (${why})` });
  }
  if (!res.ok) {
    void res.body?.cancel();
    throw new ApiError({ kind: 'http', endpoint: LABEL, url, status: res.status, detail: `HTTP ${res.status}` });
  }
  let text: string;
  try {
    text = await readText(res, { maxBytes: MAX_BYTES, label: LABEL });
  } catch (e) {
    if (signal?.aborted || isAbortError(e))
      throw new ApiError({ kind: 'aborted', endpoint: LABEL, url, detail: t`The request was cancelled` });
    const why = String(e);
    const detail = e instanceof TooLarge ? tooLargeDetail(e) : t`the answer was cut off (${why})`;
    throw new ApiError({
      kind: e instanceof TooLarge ? 'malformed' : 'network',
      endpoint: LABEL,
      url,
      detail,
      tooLarge: e instanceof TooLarge,
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError({ kind: 'malformed', endpoint: LABEL, url, detail: t`the body is not valid JSON` });
  }
  return toLocal(validate(proxyStatusSchema, body, LABEL, url), Date.now());
}

export const observatoryQueries = {
  status: (url: string, refetchMs: number | false) =>
    queryOptions({
      queryKey: ['observatory', 'status', url] as const,
      queryFn: ({ signal }) => fetchProxyStatus(url, signal),
      staleTime: 0,
      refetchInterval: refetchMs,
      retry: false,
    }),
};
