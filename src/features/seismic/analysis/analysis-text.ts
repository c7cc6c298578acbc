/**
 * The words and numbers the analysis panel writes: values, the summary for screen readers and
 * what each series is made of (the forecast's words: forecast-text.ts). Pure, so the wording is
 * unit-tested.
 */
import { plural, t } from '@lingui/core/macro';
import type { EventCounts } from '../../../analysis/event-counts';
import { formatFixed, formatNumber } from '../../../domain/format-number';
import type { AnalysisResult, Scope } from '../../../analysis/derived/analysis-data';
import type { SeismicViewState } from '../seismic-params';
import { isoIn } from './forecast-text';

/** A derived value: whole numbers as counts, others to three significant digits. */
export function fmtValue(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const a = Math.abs(v);
  if (Number.isInteger(v) || a >= 1000) return formatNumber(Math.round(v));
  if (a >= 1) return formatFixed(v, 2);
  const s = v.toPrecision(3);
  return s.includes('e') ? s : formatFixed(Number(s), s.split('.')[1]?.length ?? 0);
}

/** The fit span in words, so the person knows what the forecast was fitted over. */
export function fitSpanText(fit: readonly [number, number], zone: string): string {
  const from = isoIn(zone, fit[0]);
  const to = isoIn(zone, fit[1]);
  return t`Fit span: ${from} to ${to}.`;
}

/** The counts in sentences: totals, the busiest bin, and what is not final or not counted. */
export function countsText(c: EventCounts, bin: 'hour' | 'day', zone: string): string {
  const events = c.events.length;
  const windows = plural(c.windows, { one: '# window', other: '# windows' });
  const binCount = c.bins.length;
  const over =
    bin === 'hour'
      ? plural(binCount, { one: '# hour', other: '# hours' })
      : plural(binCount, { one: '# day', other: '# days' });
  const parts = [
    plural(events, {
      one: `# event began in the range (${windows} above the threshold) over ${over}`,
      other: `# events began in the range (${windows} above the threshold) over ${over}`,
    }),
  ];
  const busiest = c.bins.reduce((m, b) => (b.events > m.events ? b : m), c.bins[0] ?? { events: 0, start: 0 });
  if (busiest.events > 1) {
    const from = isoIn(zone, busiest.start);
    const most = plural(busiest.events, { one: '# event', other: '# events' });
    parts[0] +=
      bin === 'hour' ? t`; busiest hour from ${from} with ${most}` : t`; busiest day from ${from} with ${most}`;
  }
  if (c.before.length) {
    const from = isoIn(zone, c.before[0]!.start);
    parts.push(
      bin === 'hour'
        ? plural(c.before.length, {
            one: `# more event began before the range and went on into it (from ${from}): not counted in any hour`,
            other: `# more events began before the range and went on into it (from ${from}): not counted in any hour`,
          })
        : plural(c.before.length, {
            one: `# more event began before the range and went on into it (from ${from}): not counted in any day`,
            other: `# more events began before the range and went on into it (from ${from}): not counted in any day`,
          }),
    );
  }
  if (c.unjudged)
    parts.push(
      plural(c.unjudged, {
        one: '# window could not be judged: less than 6 hours of data in the day before them',
        other: '# windows could not be judged: less than 6 hours of data in the day before them',
      }),
    );
  const provisional = c.bins.filter((b) => b.provisional);
  if (provisional.length) {
    const from = isoIn(zone, provisional[0]!.start);
    const end = isoIn(zone, c.dataEnd);
    parts.push(
      bin === 'hour'
        ? t`the hour from ${from} is provisional: the data end at ${end}, before it does, and more may come`
        : t`the day from ${from} is provisional: the data end at ${end}, before it does, and more may come`,
    );
  }
  const open = c.events.at(-1);
  if (open?.openEnd) {
    const from = isoIn(zone, open.start);
    parts.push(
      t`the last event (from ${from}) reaches the end of the loaded data: its windows and its end may still grow`,
    );
  }
  return `${parts.join('. ')}.`;
}

export function summaryText(r: AnalysisResult, state: SeismicViewState, zone: string): string {
  if (r.problem) return t`Nothing to summarise yet.`;
  if (state.analysis === 'counts' && r.counts) return countsText(r.counts, state.bin, zone);
  return r.names
    .slice(0, state.analysis === 'inverse' ? 1 : undefined)
    .map((n, i) => {
      const s = r.stats[i];
      if (!s?.count) return t`${n}: no data`;
      const values = formatNumber(s.count);
      const min = fmtValue(s.min);
      const max = fmtValue(s.max);
      const median = fmtValue(s.median);
      const unit = r.unit;
      return plural(s.count, {
        one: `${n}: ${values} value, min ${min}, max ${max}, median ${median} ${unit}`,
        other: `${n}: ${values} values, min ${min}, max ${max}, median ${median} ${unit}`,
      });
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
  const used = s.used.join(', ');
  const left = s.left.join(', ');
  const why = s.leftWhy ?? '';
  let channels: string;
  if (!s.used.length) channels = t`none yet.`;
  else if (!s.left.length) channels = `${used}.`;
  else channels = why ? t`${used} only; not included: ${left} (${why}).` : t`${used} only; not included: ${left}.`;
  return {
    channels,
    smoothing: `${s.smoothing}${s.smoothingWhy ? ` (${s.smoothingWhy})` : ''}.`,
  };
}
