/** The sparkline's log axis: whole decades as its range, and ticks a room can read. */

/** [min, max] widened to whole decades (at least one); [1, 10] when nothing positive is known. */
export function logRange(min: number | null, max: number | null): [number, number] {
  if (min === null || max === null || !(min > 0) || !(max > 0)) return [1, 10];
  const lo = 10 ** Math.floor(Math.log10(min));
  let hi = 10 ** Math.ceil(Math.log10(max));
  if (hi <= lo) hi = lo * 10;
  return [lo, hi];
}

/**
 * Tick values inside [min, max] on a log axis, at most `maxTicks` of them: every decade, with 2× and
 * 5× added when there is room (a range of one or two decades otherwise has only two labels).
 */
export function logTicks(min: number, max: number, maxTicks: number): number[] {
  if (!(min > 0) || !(max > min)) return [];
  const room = Math.max(2, Math.floor(maxTicks));
  const k0 = Math.ceil(Math.log10(min) - 1e-9);
  const k1 = Math.floor(Math.log10(max) + 1e-9);
  const decades: number[] = [];
  for (let k = k0; k <= k1; k++) decades.push(10 ** k);
  if (decades.length > room) {
    const step = Math.ceil(decades.length / room);
    return decades.filter((_, i) => i % step === 0);
  }
  const fine: number[] = [];
  for (let k = k0 - 1; k <= k1; k++)
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** k;
      if (v >= min * (1 - 1e-9) && v <= max * (1 + 1e-9)) fine.push(v);
    }
  return fine.length <= room ? fine : decades;
}
