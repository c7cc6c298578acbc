/**
 * The one owner of every uPlot instance in the app (the only runtime import of uplot, and the
 * only `new uPlot`): a config from the options builder (chart-options.ts), full-resolution data
 * and the container's size in; create, setData, setSize, rebuild on a new config, destroy on
 * unmount out. The instance stays here: a view reaches it through the handle (`ref`), which
 * moves the x range, the keyboard cursor and draws the chart for an export. It draws at the resolution of the screen: uPlot
 * gets `decimate(data)` for the visible x range and the plot's pixel width, recomputed on every
 * zoom, pan and resize, so a zoom redraw costs the same for a day or a year. The container says
 * `data-points` (points at full resolution), `data-drawn` (points drawn), `data-drawn-from` (the
 * full-resolution points those were cut from) and `data-strokes` (each series' colour, as the plot
 * was last built: a theme toggle's rebuild shows there). Built in a task of its own (build-queue.ts).
 */
import { useEffect, useImperativeHandle, useMemo, useRef, type HTMLAttributes, type Ref } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartExtent, chartPoints, emptyRows, isDrawable, type ChartData } from './chart-data';
import { decimate } from './decimate';
import type { AlignedData } from './series-data';
import { useElementSize } from '../ui/hooks/use-element-size';
import { scheduleBuild } from './build-queue';
import { cutDeadline, drawAfterCut } from './draw-apart';
import { primeScales, yStandIn } from './prime-axes';
import type { PlotConfig } from './chart-options';
import type { CursorContext } from './keyboard-cursor';

export type XRange = readonly [min: number, max: number];

/** The keyboard cursor's code comes on a chart's first focus: it is no chart view's first-paint code. */
export const loadKeyboardCursor = () => import('./keyboard-cursor');

/** A size in CSS px. */
export interface PlotSize {
  width: number;
  height: number;
}

/** What a view may do with its plot; the uPlot instance itself stays in this module. */
export interface PlotHandle {
  /** Shows [min, max] of x, re-decimated for it in the same draw. */
  setX: (range: XRange) => void;
  /** The x range shown, null before the plot has one. */
  shownX: () => XRange | null;
  /** Draws again without new data: for draw hooks that read state of their own (bands, a marker). */
  redraw: () => void;
  /** Whether the cursor is on the plot (put there by the pointer or the keyboard). */
  cursorShown: () => boolean;
  /** Moves the keyboard cursor (keyboard-cursor.ts `cursorKey`) for a cursor key. */
  cursorKey: (key: string, c: CursorContext) => Promise<void>;
  /**
   * The chart drawn into a canvas of its own, in device pixels: as it is shown, or with `size` (CSS
   * px) drawn anew at that size, the same x range, config and data (its hooks that draw only).
   * Rejects before the plot is built.
   */
  toCanvas: (size?: PlotSize) => Promise<HTMLCanvasElement>;
}

export interface PlotProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** From `ChartOptionsBuilder.getConfig()`; memoise: a new one rebuilds the instance. */
  config: PlotConfig;
  /** Full-resolution columns (x ascending, unix seconds; gaps as null), or series of blocks. */
  data: ChartData;
  /** Visible x range (controlled); null or absent = the data's extent. */
  xRange?: XRange | null;
  /** Fixed height in CSS px; absent = the container's height. */
  height?: number;
  minWidth?: number;
  minHeight?: number;
  /** Draw new data in the next animation frame, a task of its own (large progressive loads). */
  deferData?: boolean;
  /** Called with the number of points handed to uPlot after each re-decimation. */
  onDrawn?: (drawn: number) => void;
  ref?: Ref<PlotHandle>;
}

const extent = chartExtent;

/** The rows to draw for [min, max] on `columns` pixel columns, and the points left for later. */
function rowsFor(
  data: ChartData,
  min: number,
  max: number,
  columns: number,
  deadline: number,
): { rows: AlignedData; leftPoints: number } {
  return isDrawable(data)
    ? data.cut(min, max, columns, deadline)
    : { rows: decimate(data, min, max, columns), leftPoints: 0 };
}

/** Rows with no points, one column per series: what a plot is built with before its first cut. */
const noRows = (d: ChartData): AlignedData =>
  isDrawable(d) ? emptyRows(d) : ([new Float64Array(0), ...d.slice(1).map(() => [])] as unknown as AlignedData);

const near = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) < 1e-6;

/** The x range a plot shows; null before it has one. */
function visible(u: uPlot): XRange | null {
  const { min, max } = u.scales.x ?? {};
  return min != null && max != null ? [min, max] : null;
}

/** A copy of a plot's canvas: what an export holds stays as it was drawn. */
function copyOf(u: uPlot): HTMLCanvasElement {
  const c = u.root.querySelector('canvas')!;
  const out = document.createElement('canvas');
  out.width = c.width;
  out.height = c.height;
  out.getContext('2d')?.drawImage(c, 0, 0);
  return out;
}

/** Pixel columns of the plot area (uPlot's bbox is in device pixels). */
function columnsOf(u: uPlot): number {
  return Math.max(1, Math.round(u.bbox.width / (window.devicePixelRatio || 1)));
}

export function Plot(props: PlotProps) {
  const {
    config,
    data,
    xRange,
    height,
    minWidth = 100,
    minHeight = 40,
    deferData,
    onDrawn: _onDrawn,
    ref,
    ...divProps
  } = props;
  const wrapRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const latest = useRef(props);
  // Full-resolution points of the data (data-points), counted once per data and read by show().
  const points = useMemo(() => chartPoints(data), [data]);
  const counted = useRef({ data, n: points });
  useEffect(() => {
    latest.current = props;
    counted.current = { data, n: points };
  });
  // The x range the drawn rows were cut for: a scale change to anything else re-decimates.
  const cutFor = useRef<XRange | null>(null);
  const cutFrom = useRef<ChartData | null>(null);
  const size = useElementSize(wrapRef);

  const sizeOf = (el: HTMLElement) => ({
    width: Math.max(minWidth, el.clientWidth),
    height: latest.current.height ?? Math.max(minHeight, el.clientHeight),
  });

  // A cut that ran out of time goes on in a later task, through the latest `show`.
  const rest = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const showLater = useRef<(u: uPlot, range: XRange | null) => void>(() => undefined);
  // A long cut's draw, waiting for the next frame (draw-apart.ts); a newer show replaces it.
  const drawFrame = useRef(0);
  // Until the axes are laid out (prime-axes.ts), the show queued after them covers every change (a cut
  // before is for a plot area without their room); `muted` quiets the hooks while a show lays them out.
  const primed = useRef(false);
  const muted = useRef(false);

  /**
   * Cuts the full data for `range` at the plot's width and shows it, in one commit. With
   * `drawApart` (new data, not a zoom), a long cut is drawn in the next frame (draw-apart.ts).
   */
  function show(u: uPlot, range: XRange | null, drawApart = false) {
    clearTimeout(rest.current);
    cancelAnimationFrame(drawFrame.current);
    const deadline = cutDeadline();
    // Another plot spent this task's budget: this one cuts and draws in a task of its own.
    if (cutFrom.current && performance.now() > deadline) {
      rest.current = setTimeout(() => showLater.current(u, range), 0);
      return;
    }
    const started = performance.now();
    const full = latest.current.data;
    const r = range ?? extent(full);
    if (r && visible(u) === null) {
      muted.current = true;
      try {
        primeScales(u, r);
      } finally {
        muted.current = false;
      }
    }
    const cut = r
      ? rowsFor(full, r[0], r[1], columnsOf(u), deadline)
      : { rows: isDrawable(full) ? emptyRows(full) : full, leftPoints: 0 };
    const { rows } = cut;
    if (cut.leftPoints > 0) rest.current = setTimeout(() => showLater.current(u, range), 0);
    cutFor.current = r;
    cutFrom.current = full;
    const draw = () => {
      const drawn = chartPoints(rows);
      u.batch(() => {
        u.setData(rows as uPlot.AlignedData, !r);
        if (r) u.setScale('x', { min: r[0], max: r[1] });
        yStandIn(u, !!r && drawn === 0); // no points yet: the axes keep their room (prime-axes.ts)
      });
      if (wrapRef.current) {
        wrapRef.current.dataset.drawn = String(drawn);
        // The full-resolution points the drawn rows were cut from: data-points once all are drawn.
        const n = counted.current.data === full ? counted.current.n : chartPoints(full);
        wrapRef.current.dataset.drawnFrom = String(n - cut.leftPoints);
      }
      latest.current.onDrawn?.(drawn);
    };
    drawFrame.current = drawAfterCut(draw, started, drawApart);
  }

  useEffect(() => {
    showLater.current = (u, range) => show(u, range, true);
  });

  /** The plot drawn off screen at `size`, for an export: the x range shown, rows cut for its width. */
  async function drawnAt(u: uPlot, size: PlotSize): Promise<HTMLCanvasElement> {
    const full = latest.current.data;
    const range = visible(u);
    const opts = latest.current.config.forPlot(size, uPlot.paths, {}, true);
    const off = new uPlot(opts, noRows(full) as uPlot.AlignedData);
    try {
      if (range) {
        // Cut for the whole width: the plot area's is known only once uPlot has laid it out.
        const { rows } = rowsFor(full, range[0], range[1], Math.max(1, Math.round(size.width)), Infinity);
        off.batch(() => {
          off.setData(rows as uPlot.AlignedData, false);
          off.setScale('x', { min: range[0], max: range[1] });
        });
      }
      // uPlot draws in a microtask after the calls above.
      await new Promise((r) => setTimeout(r, 0));
      return copyOf(off);
    } finally {
      off.destroy();
    }
  }

  useImperativeHandle(
    ref,
    () => ({
      setX: (r) => {
        if (plotRef.current) show(plotRef.current, r);
      },
      shownX: () => (plotRef.current ? visible(plotRef.current) : null),
      redraw: () => plotRef.current?.redraw(false),
      cursorShown: () => (plotRef.current?.cursor.left ?? -1) >= 0,
      cursorKey: async (key, c) => {
        const u = plotRef.current;
        if (!u) return;
        const m = await loadKeyboardCursor();
        // Rebuilt or gone while the code loaded: the key was for a plot that is no more.
        if (plotRef.current === u) m.cursorKey(u, key, c);
      },
      toCanvas: (size) => {
        const u = plotRef.current;
        if (!u) return Promise.reject(new Error('The chart is not drawn yet.'));
        return size ? drawnAt(u, size) : Promise.resolve(copyOf(u));
      },
    }),
    [],
  );

  // Build, and rebuild on new options; destroy on unmount. Built in a later task, one plot per task
  // (build-queue.ts); until then data, range and size changes wait for the build, which uses them.
  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    let frame = 0;
    let u: uPlot | null = null;
    primed.current = false;
    let priming: ReturnType<typeof setTimeout> | undefined;
    const resync: uPlot.Hooks.Defs['setScale'] = (u, key) => {
      if (key !== 'x' || !primed.current || muted.current) return;
      const v = visible(u);
      const cut = cutFor.current;
      if (!v || (cut && near(cut[0], v[0]) && near(cut[1], v[1]))) return;
      // uPlot changed x itself (drag, sync): cut the rows for the new range in the next frame.
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const now = visible(u);
        if (now) show(u, now);
      });
    };
    const recut: uPlot.Hooks.Defs['setSize'] = (u) => {
      if (!primed.current || muted.current) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => show(u, visible(u)));
    };
    const cancelBuild = scheduleBuild(() => {
      const opts = config.forPlot(sizeOf(el), uPlot.paths, { setScale: [resync], setSize: [recut] });
      // Built empty; its axes laid out (prime-axes.ts) in the next task, and cut once for the plot area
      // they leave in the one after: building (15–25 ms), the axes and a cut in one task went over 50 ms.
      const built = new uPlot(opts, noRows(latest.current.data) as uPlot.AlignedData, el);
      el.dataset.strokes = opts.series
        .slice(1)
        .map((s) => (typeof s.stroke === 'string' ? s.stroke : ''))
        .join(' ');
      u = built;
      plotRef.current = built;
      const shown = () => latest.current.xRange ?? extent(latest.current.data);
      priming = setTimeout(() => {
        primeScales(built, shown());
        primed.current = true;
        rest.current = setTimeout(() => showLater.current(built, shown()));
      });
    });
    return () => {
      cancelBuild();
      clearTimeout(priming);
      cancelAnimationFrame(frame);
      cancelAnimationFrame(drawFrame.current);
      clearTimeout(rest.current);
      if (!u) return;
      u.destroy();
      plotRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- size and data follow below, without a rebuild
  }, [config]);

  // New data: keep the shown range (progressive loading must not jump) unless xRange says otherwise.
  useEffect(() => {
    const apply = () => {
      const u = plotRef.current;
      if (u && primed.current && cutFrom.current !== latest.current.data) show(u, latest.current.xRange ?? null, true);
    };
    if (!deferData) {
      apply();
      return;
    }
    const frame = requestAnimationFrame(apply);
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  // Controlled range: follow xRange when it differs from what is shown.
  const x0 = xRange?.[0];
  const x1 = xRange?.[1];
  useEffect(() => {
    const u = plotRef.current;
    if (!u || !primed.current) return;
    const want: XRange | null = x0 !== undefined && x1 !== undefined ? [x0, x1] : extent(latest.current.data);
    const v = visible(u);
    if (want && !(v && near(v[0], want[0]) && near(v[1], want[1]))) show(u, want);
  }, [x0, x1]);

  // Container resized: setSize (its hook re-cuts for the new width), from the observer's figures:
  // reading clientWidth here would lay the page out inside React's task (13 ms in a year's first load).
  useEffect(() => {
    const u = plotRef.current;
    if (!u || size.width === 0) return;
    const s = { width: Math.max(minWidth, size.width), height: height ?? Math.max(minHeight, size.height) };
    if (s.width !== u.width || s.height !== u.height) u.setSize(s);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [size.width, size.height, height]);

  return <div ref={wrapRef} {...divProps} data-points={points} />;
}
