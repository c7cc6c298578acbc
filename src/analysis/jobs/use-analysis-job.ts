/**
 * A view's analysis job, for React: started when its input changes (compared by identity, so
 * memoise it), the one before cancelled. The value shown is only ever the latest input's once it
 * is in; until then the previous input's stays, with `working` set, so the view can say so.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createAnalysisClient, releaseAnalysisClient } from './analysis-jobs';
import type { AnalysisClient } from './job-types';

export interface AnalysisJobState<I, T> {
  /** The answer to `of`: the latest input answered, the current one unless `working` or `error`. */
  value: T | null;
  of: I | null;
  /** The current input's answer is not in yet. */
  working: boolean;
  /** Why the current input could not be worked out. */
  error: string | null;
  /** Works the current input out again (after an error). */
  retry: () => void;
}

export function useAnalysisJob<I, T>(
  input: I | null,
  run: (client: AnalysisClient, input: I, signal: AbortSignal) => Promise<T>,
): AnalysisJobState<I, T> {
  const [client] = useState(createAnalysisClient);
  const asked = useRef(false);
  useEffect(() => () => releaseAnalysisClient(client, asked.current), [client]);
  const [done, setDone] = useState<{ of: I; value: T } | null>(null);
  const [failed, setFailed] = useState<{ of: I; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setFailed(null);
    setAttempt((n) => n + 1);
  }, []);
  useEffect(() => {
    if (input === null) return;
    const ac = new AbortController();
    asked.current = true;
    run(client, input, ac.signal).then(
      (value) => {
        if (!ac.signal.aborted) setDone({ of: input, value });
      },
      (e: unknown) => {
        if (!ac.signal.aborted) setFailed({ of: input, message: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => ac.abort();
  }, [client, input, run, attempt]);
  const error = input !== null && failed?.of === input ? failed.message : null;
  return {
    value: done?.value ?? null,
    of: done?.of ?? null,
    working: input !== null && done?.of !== input && error === null,
    error,
    retry,
  };
}
