/**
 * The words and numbers the analysis panel writes: values, the summary for screen readers and
 * what each series is made of (the forecast's words: forecast-text.ts). Pure, so the wording is
 * unit-tested.
 */
import type { EventCounts } from '../../../analysis/event-counts';
import { formatNumber } from '../../../domain/format-number';
import type { AnalysisResult, Scope } from '../../../analysis/derived/analysis-data';
import type { SeismicViewState } from '../seismic-params';
import { isoIn } from './forecast-text';

/** A derived value: whole numbers as counts, others to three significant digits. */
export function fmtValue(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const a = Math.abs(v);
  if (Number.isInteger(v) || a >= 1000) return formatNumber(Math.round(v));
  return a >= 1 ? v.toFixed(2) : v.toPrecision(3);
}

/** The fit span in words, so the person knows what the forecast was fitted over. */
export function fitSpanText(fit: readonly [number, number], zone: string): string {
  return `Fit span: ${isoIn(zone, fit[0])} to ${isoIn(zone, fit[1])}.`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The counts in sentences: totals, the busiest bin, and what is not final or not counted. */
export function countsText(c: EventCounts, bin: 'hour' | 'day', zone: string): string {
  const events = c.events.length;
  const parts = [
    `${plural(events, 'event')} began in the range (${plural(c.windows, 'window')} above the threshold) over ${plural(c.bins.length, bin)}`,
  ];
  const busiest = c.bins.reduce((m, b) => (b.events > m.events ? b : m), c.bins[0] ?? { events: 0, start: 0 });
  if (busiest.events > 1)
    parts[0] += `; busiest ${bin} from ${isoIn(zone, busiest.start)} with ${plural(busiest.events, 'event')}`;
  if (c.before.length)
    parts.push(
      `${plural(c.before.length, 'more event')} began before the range and went on into it (from ${isoIn(zone, c.before[0]!.start)}): not counted in any ${bin}`,
    );
  if (c.unjudged)
    parts.push(`${plural(c.unjudged, 'window')} could not be judged: less than 6 hours of data in the day before them`);
  const provisional = c.bins.filter((b) => b.provisional);
  if (provisional.length)
    parts.push(
      `the ${bin} from ${isoIn(zone, provisional[0]!.start)} is provisional: the data end at ${isoIn(zone, c.dataEnd)}, before it does, and more may come`,
    );
  const open = c.events.at(-1);
  if (open?.openEnd)
    parts.push(
      `the last event (from ${isoIn(zone, open.start)}) reaches the end of the loaded data: its windows and its end may still grow`,
    );
  return `${parts.join('. ')}.`;
}

export function summaryText(r: AnalysisResult, state: SeismicViewState, zone: string): string {
  if (r.problem) return 'Nothing to summarise yet.';
  if (state.analysis === 'counts' && r.counts) return countsText(r.counts, state.bin, zone);
  return r.names
    .slice(0, state.analysis === 'inverse' ? 1 : undefined)
    .map((n, i) => {
      const s = r.stats[i];
      return s?.count
        ? `${n}: ${formatNumber(s.count)} values, min ${fmtValue(s.min)}, max ${fmtValue(s.max)}, median ${fmtValue(s.median)} ${r.unit}`
        : `${n}: no data`;
    })
    .join('. ');
}

/** The method's parts as one paragraph: phrases joined by semicolons, whole sentences as they are. */
export function methodText(method: readonly string[]): string {
  return method
    .reduce((text, part, i) => {
      if (i === 0) return part;
      return /[.!?]$/.test(text) ? `${text} ${part.charAt(0).toUpperCase()}${part.slice(1)}` : `${text}; ${part}`;
    }, '')
    .replace(/([^.!?])$/, '$1.');
}

/** Which channels the chart is of (and which chosen ones it leaves out), and its smoothing. */
export function scopeText(s: Scope): { channels: string; smoothing: string } {
  const left = s.left.length ? ` only; not included: ${s.left.join(', ')}${s.leftWhy ? ` (${s.leftWhy})` : ''}` : '';
  return {
    channels: s.used.length ? `${s.used.join(', ')}${left}.` : 'none yet.',
    smoothing: `${s.smoothing}${s.smoothingWhy ? ` (${s.smoothingWhy})` : ''}.`,
  };
}
