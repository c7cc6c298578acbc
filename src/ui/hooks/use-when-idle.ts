import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser's first idle period after mount, or `timeoutMs` at the latest: for a part
 * of a view that can wait until what the address asked for has drawn. It then renders in a
 * transition, in slices. Where requestIdleCallback is missing (Safari), after a short timer.
 */
export function useWhenIdle(timeoutMs = 1000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    const done = () => startTransition(() => setIdle(true));
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(done, { timeout: timeoutMs });
      return () => cancelIdleCallback(id);
    }
    const t = setTimeout(done, Math.min(timeoutMs, 100));
    return () => clearTimeout(t);
  }, [idle, timeoutMs]);
  return idle;
}
