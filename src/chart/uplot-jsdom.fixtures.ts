/**
 * Enough of a browser for uPlot to lay a plot out under jsdom (no canvas, no matchMedia, no
 * Path2D): its layout (bbox, axes shown, scales) is real; nothing is painted.
 */
import { vi } from 'vitest';

const CTX_VALUES = new Set(['canvas', 'font', 'fillStyle', 'strokeStyle', 'lineWidth', 'globalAlpha', 'textAlign']);

/**
 * Stubs what uPlot needs (again in each test: mocks are restored after one). Load uPlot in the test
 * after it: src/chart/plot.tsx stays the one module of the app's code that imports it.
 */
export function stubBrowserForUPlot(): void {
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  vi.stubGlobal(
    'Path2D',
    class {
      moveTo() {}
      lineTo() {}
      rect() {}
      arc() {}
      closePath() {}
      bezierCurveTo() {}
      addPath() {}
    },
  );
  const held: Record<string | symbol, unknown> = {};
  const ctx = new Proxy(held, {
    get: (t, k) => {
      if (k in t) return t[k];
      if (k === 'measureText') return () => ({ width: 10 });
      return typeof k === 'string' && !CTX_VALUES.has(k) ? () => undefined : undefined;
    },
    set: (t, k, v) => {
      t[k] = v;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
}

/** uPlot commits in a microtask: the layout after the calls made so far. */
export const committed = () => new Promise((r) => setTimeout(r, 0));
