/** Test fixtures shared by the keyboard cursor's tests: tables of rows and a stand-in plot. */
import type uPlot from 'uplot';
import { nearestX, type ChartData } from './chart-data';
import type { Nearest } from './keyboard-cursor';
import type { AlignedData } from './series-data';

/** A table with rows every `step` s from `t0`: x, and y = the row's index (null where `gap`). */
export function table(t0: number, n: number, step: number, gap: (i: number) => boolean = () => false): AlignedData {
  const x = Float64Array.from({ length: n }, (_, i) => t0 + i * step);
  const y = Array.from({ length: n }, (_, i) => (gap(i) ? null : i));
  return [x, y] as unknown as AlignedData;
}
export const nearestIn =
  (d: ChartData): Nearest =>
  (t) =>
    nearestX(d, t);

export function fakePlot(min: number, max: number) {
  const w = 100;
  const calls: Array<{ left: number; top: number }> = [];
  /** Whether each setCursor fired the hooks and published to synced charts. */
  const flags: Array<[fire?: boolean, pub?: boolean]> = [];
  const u = {
    scales: { x: { min, max } },
    cursor: { left: -10 },
    series: [{}, { scale: 'y' }, { scale: 'y' }],
    posToVal: (p: number) => min + (p / w) * (max - min),
    valToPos: (v: number, scale: string) => (scale === 'x' ? ((v - min) / (max - min)) * w : 1000 - v),
    setCursor(o: { left: number; top: number }, fire?: boolean, pub?: boolean) {
      calls.push(o);
      flags.push([fire, pub]);
      u.cursor.left = o.left;
    },
  };
  return { u: u as unknown as uPlot, calls, flags, cursor: u.cursor };
}
