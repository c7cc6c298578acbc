import { useEffect, useState, type RefObject } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

/**
 * The content-box size of `ref`'s element in CSS pixels, followed with a ResizeObserver; 0 × 0
 * until its first report. That report comes after the browser's own layout of the frame: measured
 * in the effect instead, the page just committed was laid out in React's commit task (~15 ms).
 */
export function useElementSize(ref: RefObject<HTMLElement | null>): ElementSize {
  const [size, setSize] = useState<ElementSize>({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const width = el.clientWidth;
      const height = el.clientHeight;
      // Same numbers, same object: a parent that re-renders on every observer callback would churn.
      setSize((s) => (s.width === width && s.height === height ? s : { width, height }));
    };
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}
