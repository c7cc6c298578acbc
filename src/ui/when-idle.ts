/**
 * Runs `fn` at the browser's next idle moment, or after `timeoutMs` at the latest; returns a cancel.
 * Where requestIdleCallback is missing (Safari), after a short timer instead.
 */
export function whenIdle(fn: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const t = setTimeout(fn, Math.min(timeoutMs, 100));
  return () => clearTimeout(t);
}
