import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../when-idle';

/**
 * False until the browser's first idle moment after mount, or `timeoutMs` at the latest: for a part
 * of a view that can wait until what the address asked for has drawn. It then renders in a
 * transition, in slices.
 */
export function useWhenIdle(timeoutMs = 1000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!idle) return whenIdle(() => startTransition(() => setIdle(true)), timeoutMs);
  }, [idle, timeoutMs]);
  return idle;
}
