/**
 * The one module that writes uPlot options, for every chart of the app: a builder per concern
 * (scales, axes, series, cursor and hooks) and one `getConfig()`, in the shape of grafana-ui's
 * UPlotConfigBuilder; also the time zone of the time axis and its tick labels. The series colours
 * are palette.ts's, for the theme shown: a view rebuilds its options when the theme changes.
 * No React. Its output is a `PlotConfig`, the only thing src/chart/plot.tsx builds a plot from.
 * Statistics (smoothing, medians) are in src/analysis; the CSV export in ./export and the report
 * figures (PNG, SVG) in ./figure/figure-save, loaded on the first click.
 */
import { toWall } from '../domain/local-time';
import type uPlot from 'uplot';
import type { Extent } from './chart-data';
import { cssVar } from './chart-theme';
import { blankWhileStandIn } from './prime-axes';
import { timeAxisSplits } from './time-splits';

/**
 * uPlot draws axis labels from a Date's *local* fields: this returns a Date whose local fields show
 * the wall clock of `zone` (read through Intl, src/domain/local-time.ts), so ticks and labels
 * follow the zone, DST included. Not date-fns-tz: the chart is on every chart route's first paint,
 * and a UTC chart (the seismic view's default) then loads no zone library at all.
 */
export function tzDate(zone: string): (ts: number) => Date {
  return (ts) => {
    const w = new Date(toWall(zone, ts * 1000));
    return new Date(
      w.getUTCFullYear(),
      w.getUTCMonth(),
      w.getUTCDate(),
      w.getUTCHours(),
      w.getUTCMinutes(),
      w.getUTCSeconds(),
      w.getUTCMilliseconds(),
    );
  };
}

const DAY_S = 86_400;
/**
 * 24-hour, ISO-ordered tick labels, in uPlot's table form: the smallest tick increment a row serves,
 * its label, then what is added when the year, month, day, hour, minute or second changed since
 * the tick before (null: nothing).
 */
type LabelRow = readonly [number, string, ...(string | null)[]];
export const TIME_FORMATS: readonly LabelRow[] = [
  [365 * DAY_S, '{YYYY}', null, null, null, null, null, null],
  [28 * DAY_S, '{YYYY}-{MM}', '\n{YYYY}', null, null, null, null, null],
  [DAY_S, '{MM}-{DD}', '\n{YYYY}', null, null, null, null, null],
  [3600, '{HH}:{mm}', '\n{YYYY}-{MM}-{DD}', null, '\n{MM}-{DD}', null, null, null],
  [60, '{HH}:{mm}', '\n{YYYY}-{MM}-{DD}', null, '\n{MM}-{DD}', null, null, null],
  [1, ':{ss}', '\n{YYYY}-{MM}-{DD} {HH}:{mm}', null, '\n{MM}-{DD} {HH}:{mm}', null, '\n{HH}:{mm}', null],
];

/** Where each field sits in an ISO string, and where its prefix ends (year … second). */
const SLICES: Record<string, readonly [number, number]> = {
  YYYY: [0, 4],
  MM: [5, 7],
  DD: [8, 10],
  HH: [11, 13],
  mm: [14, 16],
  ss: [17, 19],
};
const PREFIX_ENDS = [4, 7, 10, 13, 16, 19];

/**
 * Tick labels read straight from the wall clock of `zone`. uPlot's own labels come from the Date
 * `tzDate` builds in the browser's zone, and a wall time inside the browser's own spring-forward
 * gap does not exist there: a viewer in Berlin saw 02:30 UTC on 30 March 2025 labelled "03:30".
 */
export function timeAxisValues(zone: string, oneLine = false): uPlot.Axis.DynamicValues {
  return (_u, splits, _axis, _space, incr) => {
    const row = TIME_FORMATS.find((r) => incr >= r[0]) ?? TIME_FORMATS[TIME_FORMATS.length - 1]!;
    let prev = '';
    return splits.map((split) => {
      // The wall clock's fields, written as if UTC.
      const iso = new Date(toWall(zone, split * 1000)).toISOString();
      const changed = PREFIX_ENDS.findIndex((end, i) => row[2 + i] && iso.slice(0, end) !== prev.slice(0, end));
      const first = prev === '';
      prev = iso;
      // One line (the wall's sparklines): a tick that starts a new day shows the day in place of
      // its time, so a range of days does not read 00:00 … 00:00 with nothing to tell them apart.
      const tpl = oneLine
        ? !first && changed >= 0 && changed <= 2 && row[0] < DAY_S
          ? '{MM}-{DD}'
          : row[1]
        : row[1] + (changed < 0 ? '' : row[2 + changed]);
      return tpl.replace(/\{(\w+)\}/g, (_, k: string) => iso.slice(...SLICES[k]!));
    });
  };
}

/** uPlot options without the size, which the plot takes from its container. */
type SizelessOptions = Omit<uPlot.Options, 'width' | 'height'>;

/** The theme's colours for axes, read from CSS when a builder is made (chart-theme.ts). */
interface AxisColours {
  /** Tick labels and axis titles: the page's muted text. */
  text: string;
  /** Grid lines and ticks: the border colour. */
  grid: string;
}

export interface ScaleProps {
  /** Unix seconds. */
  time?: boolean;
  /** uPlot's `auto`: the range follows the data (false: only `setScale` sets it). */
  auto?: boolean;
  /** Logarithmic, base 10. */
  log?: boolean;
  /** The range from the data's [min, max] (nulls while it has none). */
  range?: (min: number | null, max: number | null) => [number, number];
}

class ScaleBuilder {
  constructor(private readonly props: ScaleProps) {}
  getConfig(): uPlot.Scale {
    const { time, auto, log, range } = this.props;
    const s: uPlot.Scale = {};
    if (time) s.time = true;
    if (auto !== undefined) s.auto = auto;
    if (log) Object.assign(s, { distr: 3, log: 10 });
    if (range) s.range = (_u, min, max) => range(min, max);
    return s;
  }
}

export interface AxisProps {
  /** The scale the axis shows (uPlot's default: x for the first axis, y for the others). */
  scale?: string;
  /** Right-hand (1) instead of the default side. */
  side?: uPlot.Axis.Side;
  label?: string;
  labelSize?: number;
  /** Room for the tick labels, CSS px. */
  size?: number;
  /** Least room between ticks, CSS px. */
  space?: number;
  show?: boolean;
  /** Grid lines across the plot (default true). */
  grid?: boolean;
  /** Width of the tick marks, CSS px (default 1). */
  tickWidth?: number;
  /** CSS font of the tick labels (uPlot's default when absent). */
  font?: string;
  /** Tick labels; a value axis defaults to the app's number format. */
  values?: uPlot.Axis['values'];
  splits?: uPlot.Axis['splits'];
}

class AxisBuilder {
  constructor(
    private readonly props: AxisProps,
    private readonly colours: AxisColours,
    private readonly time: boolean,
  ) {}
  getConfig(): uPlot.Axis {
    const { grid = true, tickWidth = 1, values, ...p } = this.props;
    const { text, grid: line } = this.colours;
    const a: uPlot.Axis = {
      stroke: text,
      grid: grid ? { stroke: line, width: 1 } : { show: false },
      ticks: { stroke: line, width: tickWidth },
    };
    for (const [k, v] of Object.entries(p)) if (v !== undefined) Object.assign(a, { [k]: v });
    // A value axis' labels stay blank while its scale holds a stand-in range (prime-axes.ts).
    a.values = this.time ? values : blankWhileStandIn(values);
    return a;
  }
}

export interface SeriesProps {
  /** Accessible and exported name; uPlot's legend is never shown (the views draw their own). */
  label?: string;
  color: string;
  /** Line width in CSS px (default 1: see below). */
  width?: number;
  /** The scale of its values (default y). */
  scale?: string;
  /** Dash pattern in px, e.g. a fitted line over the data. */
  dash?: number[];
  /** Bars (event counts per bin) instead of a line. */
  kind?: 'line' | 'bars';
}

/** uPlot's path builders, handed in by plot.tsx: the only module that loads uPlot itself. */
export type PathBuilders = typeof uPlot.paths;

class SeriesBuilder {
  constructor(private readonly props: SeriesProps) {}
  /**
   * A data line as the charts draw it: thin, no point markers, broken at gaps (never bridged).
   * One CSS pixel by default: a wider or fractional line leaves the rasteriser's hairline path,
   * and a year of noisy RSAM (a full-height stroke in every pixel column) then took 190–450 ms to
   * draw without a GPU against ~10 ms at width 1 (measured in headless Chromium, 3 series × 4,400 rows).
   */
  getConfig(paths: PathBuilders): uPlot.Series {
    const { label, color, width = 1, scale, dash, kind } = this.props;
    const s: uPlot.Series = { stroke: color, width, spanGaps: false, points: { show: false } };
    if (label !== undefined) s.label = label;
    if (scale) s.scale = scale;
    if (dash) s.dash = dash;
    if (kind === 'bars')
      Object.assign(s, { paths: paths.bars?.({ size: [0.8, Infinity], align: 1 }), fill: color, width: 0 });
    return s;
  }
}

export interface CursorProps {
  /** Hidden (no cursor, no selection): a chart only to look at. */
  show?: boolean;
  /** Charts sharing a key move their cursors together. */
  sync?: string;
  /** uPlot's dots where the cursor meets each series (default shown). */
  points?: boolean;
  /** What a double-click on the plot does, instead of uPlot's reset of the zoom. */
  onDoubleClick?: () => void;
  /** A drag across x selects [from, to] (unix s) and reports it, the selection cleared; the zoom stays the caller's. */
  onDragX?: (range: Extent) => void;
}

class CursorBuilder {
  constructor(private readonly props: CursorProps) {}
  getConfig(): Pick<SizelessOptions, 'cursor' | 'select'> {
    const { show = true, sync, points, onDoubleClick, onDragX } = this.props;
    if (!show) return { cursor: { show: false }, select: { show: false, left: 0, top: 0, width: 0, height: 0 } };
    const cursor: uPlot.Cursor = {};
    if (sync) cursor.sync = { key: sync, setSeries: false };
    if (onDragX) cursor.drag = { x: true, y: false, setScale: false };
    if (points === false) cursor.points = { show: false };
    if (onDoubleClick)
      cursor.bind = {
        dblclick: () => () => {
          onDoubleClick();
          return null;
        },
      };
    return { cursor };
  }
  /** Drag to zoom, the one of every chart: a drag of 3 px or more across x is a range. */
  hooks(): Partial<uPlot.Hooks.Defs> {
    const { onDragX } = this.props;
    if (!onDragX) return {};
    return {
      setSelect: (u) => {
        const { left, width } = u.select;
        if (width < 3) return;
        const r: Extent = [u.posToVal(left, 'x'), u.posToVal(left + width, 'x')];
        u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
        onDragX(r);
      },
    };
  }
}

type HookName = keyof uPlot.Hooks.Defs;
type HookLists = { [K in HookName]?: NonNullable<uPlot.Hooks.Defs[K]>[] };

/** The hooks that draw on the canvas: the ones a plot drawn for an export keeps (plot.tsx `toCanvas`). */
const DRAWING_HOOKS: readonly HookName[] = ['drawClear', 'drawAxes', 'drawSeries', 'draw'];

/**
 * What a plot is built from: made only by `ChartOptionsBuilder.getConfig()`. A new one rebuilds
 * the plot, so views memoise theirs.
 */
export class PlotConfig {
  /** @param options without size, its hooks still apart; @param series builders (bars need uPlot's paths). */
  constructor(
    private readonly options: Omit<SizelessOptions, 'hooks' | 'series'>,
    private readonly series: readonly SeriesBuilder[],
    private readonly hooks: HookLists,
  ) {}

  /**
   * The options for a plot of `size` (CSS px), with the plot owner's own hooks after the chart's.
   * `drawingOnly`: only the hooks that draw (a plot drawn off screen for an export must not report
   * its box, cursor or selection as the chart's).
   */
  forPlot(
    size: { width: number; height: number },
    paths: PathBuilders,
    own: HookLists = {},
    drawingOnly = false,
  ): uPlot.Options {
    const hooks: HookLists = {};
    for (const name of new Set([...Object.keys(this.hooks), ...Object.keys(own)]) as Set<HookName>) {
      if (drawingOnly && !DRAWING_HOOKS.includes(name)) continue;
      const list = [...(this.hooks[name] ?? []), ...(own[name] ?? [])];
      if (list.length) (hooks as Record<string, unknown[]>)[name] = list;
    }
    return {
      ...this.options,
      ...size,
      series: [{}, ...this.series.map((s) => s.getConfig(paths))],
      hooks: hooks as uPlot.Hooks.Arrays,
    };
  }
}

/**
 * Writes a chart's uPlot options, one concern at a time: `new ChartOptionsBuilder(zone)`, then
 * scales, axes, series, cursor and hooks, then `getConfig()`. Every chart hides uPlot's legend (the
 * views draw their own, with units and the zone) and takes its axis colours from the theme when
 * the builder is made: a chart whose config is rebuilt follows a theme change.
 */
export class ChartOptionsBuilder {
  private readonly scales = new Map<string, ScaleBuilder>();
  private readonly axes: AxisBuilder[] = [];
  private readonly series: SeriesBuilder[] = [];
  private cursor = new CursorBuilder({});
  private readonly hooks: HookLists = {};
  private padding: uPlot.Padding | undefined;
  private readonly colours: AxisColours = {
    text: cssVar('--fg-muted', '#a9b4c0'),
    grid: cssVar('--border', '#2c3643'),
  };

  /** @param zone IANA zone of the time axis: its ticks, labels and Dates read its wall clock. */
  constructor(private readonly zone: string) {}

  addScale(key: string, props: ScaleProps): this {
    this.scales.set(key, new ScaleBuilder(props));
    return this;
  }

  /** The time axis (x) in the builder's zone: ticks at wall-clock times, labels read from them. */
  addTimeAxis(props: Omit<AxisProps, 'values' | 'splits' | 'scale'> & { oneLine?: boolean } = {}): this {
    const { oneLine, ...axis } = props;
    const values = timeAxisValues(this.zone, oneLine);
    this.axes.push(new AxisBuilder({ ...axis, values, splits: timeAxisSplits(this.zone) }, this.colours, true));
    return this;
  }

  /** A value axis (y unless `scale` says another). */
  addAxis(props: AxisProps): this {
    this.axes.push(new AxisBuilder(props, this.colours, false));
    return this;
  }

  addSeries(props: SeriesProps): this {
    this.series.push(new SeriesBuilder(props));
    return this;
  }

  setCursor(props: CursorProps): this {
    this.cursor = new CursorBuilder(props);
    return this;
  }

  /** Room around the plot area, CSS px (top, right, bottom, left; null: uPlot's own). */
  setPadding(padding: uPlot.Padding): this {
    this.padding = padding;
    return this;
  }

  addHook<K extends HookName>(name: K, hook: NonNullable<uPlot.Hooks.Defs[K]>): this {
    ((this.hooks[name] ??= []) as NonNullable<uPlot.Hooks.Defs[K]>[]).push(hook);
    return this;
  }

  getConfig(): PlotConfig {
    const scales: uPlot.Scales = {};
    for (const [key, s] of this.scales) scales[key] = s.getConfig();
    const hooks: HookLists = { ...this.hooks };
    for (const [name, hook] of Object.entries(this.cursor.hooks()) as [HookName, never][])
      (hooks as Record<string, unknown[]>)[name] = [...(hooks[name] ?? []), hook];
    const options: Omit<SizelessOptions, 'hooks' | 'series'> = {
      tzDate: tzDate(this.zone),
      legend: { show: false },
      ...this.cursor.getConfig(),
      scales,
      axes: this.axes.map((a) => a.getConfig()),
    };
    if (this.padding) options.padding = this.padding;
    return new PlotConfig(options, [...this.series], hooks);
  }
}
