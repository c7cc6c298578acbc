import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same (by `same`) for `ms`: a burst of changes, e.g. a drag through
 * zooms, yields one update at its end.
 */
export function useDebounced<T>(value: T, ms: number, same: (a: T, b: T) => boolean = Object.is): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    if (same(v, value)) return;
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, v, ms, same]);
  return v;
}
