/**
 * Since when each request has been failing: the first failure of its current run, kept until it
 * answers again. React Query records only the latest error's time (each retry moves it), so the
 * start of the run is remembered here.
 */
import { useState } from 'react';
import type { UtcMs } from '../../domain/time';

export interface FailingNow {
  /** The request's identity (its channel, its camera). */
  key: string;
  failing: boolean;
  /** When this failure was seen (the query's errorUpdatedAt); absent: now. */
  at?: UtcMs;
}

export type SinceMap = Readonly<Record<string, UtcMs>>;

/** The runs after one look at every request; `prev` itself when nothing started or ended. */
export function nextSince(prev: SinceMap, requests: readonly FailingNow[]): SinceMap {
  const next: Record<string, UtcMs> = {};
  for (const r of requests) if (r.failing) next[r.key] = prev[r.key] ?? r.at ?? Date.now();
  const keys = Object.keys(next);
  const same = keys.length === Object.keys(prev).length && keys.every((k) => prev[k] === next[k]);
  return same ? prev : next;
}

/** `nextSince` kept as state and adjusted while rendering (a value derived from a history of renders). */
export function useFailingSince(requests: readonly FailingNow[]): SinceMap {
  const [since, setSince] = useState<SinceMap>({});
  const next = nextSince(since, requests);
  if (next !== since) setSince(next);
  return next;
}
