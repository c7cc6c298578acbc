/**
 * A plot is built without rows (plot.tsx) and cut in a later task for the width of its plot area.
 * uPlot gives an axis room only once its scale has a range, so an empty plot's area was the whole
 * width: the first cut of a year was made for ~12% more pixel columns than the plot had once its
 * axes showed, drawn, then cut and drawn again a frame later (40–60 ms of a year's load here).
 * Priming the scales before the first cut lays the axes out at once; a y scale gets a stand-in
 * range, and its labels stay blank while it has one, so no number shows that the data did not give.
 */
import type uPlot from 'uplot';
import { numberAxisValues } from '../domain/format-number';

type AxisValues = NonNullable<uPlot.Axis['values']>;

/** Plots whose y scales hold stand-in ranges. */
const standing = new WeakSet<uPlot>();

/**
 * `values` of a y axis, blank while its plot's y range is a stand-in. An axis without its own
 * gets the app's number format (uPlot's default would write the stand-in's numbers); a table or a
 * template (for time axes) is left as it is.
 */
export function blankWhileStandIn(values: uPlot.Axis['values']): uPlot.Axis['values'] {
  if (values !== undefined && typeof values !== 'function') return values;
  const real: AxisValues = values ?? numberAxisValues;
  const blanked: AxisValues = (u, splits, ...rest) =>
    standing.has(u) ? splits.map(() => '') : real(u, splits, ...rest);
  return blanked;
}

/**
 * With `on`, every y scale (each scale but x, and those derived from another) to a stand-in range,
 * 1–10 (valid on a log scale too); without, the plot's y labels show again. Called in a batch with
 * the rows: uPlot unsets an auto y scale on a commit that leaves it no points, and its axis would
 * give its room back.
 */
export function yStandIn(u: uPlot, on: boolean): void {
  if (on !== standing.has(u)) {
    if (on) standing.add(u);
    else standing.delete(u);
    // uPlot writes the labels again only when a scale's range changes: data whose range is the
    // stand-in's (a log scale's values within 1–10) would have kept the blanks.
    u.redraw(false, true);
  }
  if (!on) return;
  for (const [key, scale] of Object.entries(u.scales)) {
    if (key !== 'x' && !scale.from) u.setScale(key, { min: 1, max: 10 });
  }
}

/** Sets x to `x` and the y scales to stand-ins, in one commit. Nothing without an x range. */
export function primeScales(u: uPlot, x: readonly [number, number] | null): void {
  if (!x) return;
  u.batch(() => {
    u.setScale('x', { min: x[0], max: x[1] });
    yStandIn(u, true);
  });
}
