import { useEffect, useRef, useState } from 'react';

/**
 * `value`, updated at most every `ms` (leading and trailing edge, compared with Object.is), so a
 * stream of changes re-renders its readers a few times a second; at once when `ms` is 0.
 */
export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const wait = ms === 0 ? 0 : Math.max(0, last.current + ms - Date.now());
    const t = setTimeout(() => {
      last.current = Date.now();
      setShown(() => value);
    }, wait);
    return () => clearTimeout(t);
  }, [value, shown, ms]);
  return ms === 0 ? value : shown;
}
