/**
 * Date range: relative presets (kept relative in the URL) or inclusive days typed or picked on a
 * calendar that greys out days without data for the chosen channels (/api/seismic/dates). Days are
 * UTC days, or in local-time mode the local days of the chart's zone, for which the service (whose
 * days are UTC, spec 01 §4.1) is asked for every UTC day they touch.
 * An invalid range is refused here with a message and never sent.
 */
import { lazy, Suspense, useId, useMemo, useState, type FormEvent } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { t as say } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { seismicQueries } from '../../api/seismic';
import type { ChannelRef } from '../../domain/channel-id';
import { localDayOf } from '../../domain/local-time';
import { DAY_MS, formatIsoDay, formatUtcLabel, parseIsoDay, type UtcMs } from '../../domain/time';
import { offsetsCaption } from '../../domain/zone-changes';
import { FormField } from '../../ui/form-field';
import { PRESETS, rangeProblem, resolveRange, type RangeParam } from './seismic-params';

// Folded by default, so it loads (and asks for the days with data) when first unfolded.
const DayCalendar = lazy(() => import('./day-calendar').then((m) => ({ default: m.DayCalendar })));

interface Props {
  range: RangeParam;
  channels: readonly ChannelRef[];
  now: UtcMs;
  onChange: (r: RangeParam) => void;
}

/** The days with data of every channel (null while any channel's list is missing or none is chosen), and why not. */
function combineDays(results: ReadonlyArray<UseQueryResult<UtcMs[]>>): { days: Set<number> | null; lookup?: string } {
  if (!results.length) return { days: null };
  if (results.some((q) => q.isError))
    return { days: null, lookup: say`The days with data could not be looked up, so none are greyed.` };
  if (results.some((q) => !q.data)) return { days: null, lookup: say`Looking up the days with data…` };
  const s = new Set<number>();
  for (const q of results) for (const d of q.data ?? []) s.add(d);
  return { days: s };
}

/** The local days of `zone` that hold some of the UTC days `days` (a local day spans parts of two). */
function localDaysWithData(days: ReadonlySet<number>, zone: string): Set<number> {
  const out = new Set<number>();
  for (const d of days)
    for (let l = localDayOf(zone, d); l <= localDayOf(zone, d + DAY_MS - 1); l += DAY_MS) out.add(l);
  return out;
}

/** A preset's button words: one message each, so a language words each its own way. */
function presetWords(label: (typeof PRESETS)[number]['label']): string {
  switch (label) {
    case '24 h':
      return say`Last 24 h`;
    case '7 d':
      return say`Last 7 d`;
    case '30 d':
      return say`Last 30 d`;
    case '1 y':
      return say`Last 1 y`;
  }
}

export function RangeForm({ range, channels, now, onChange, chartZone = 'UTC' }: Props & { chartZone?: string }) {
  const { t } = useLingui();
  const id = useId();
  const resolved = resolveRange(range, now, chartZone);
  const local = chartZone !== 'UTC';
  const [fromText, setFromText] = useState(formatIsoDay(resolved.fromLocalDay));
  const [toText, setToText] = useState(formatIsoDay(resolved.toLocalDay));
  const [error, setError] = useState<string | null>(null);
  // Re-seed the inputs when the range changes from outside (preset, back button). Compared by its
  // days, not by identity: every URL change (scale, zoom, …) parses a new but equal range object.
  const rangeKey = `${resolved.fromLocalDay}/${resolved.toLocalDay}`;
  const [seenRange, setSeenRange] = useState(rangeKey);
  if (seenRange !== rangeKey) {
    setSeenRange(rangeKey);
    setFromText(formatIsoDay(resolved.fromLocalDay));
    setToText(formatIsoDay(resolved.toLocalDay));
    setError(null);
  }

  const [calendarOpen, setCalendarOpen] = useState(false);
  const withData = useQueries({
    queries: channels.map((c) => ({ ...seismicQueries.dates(c), enabled: calendarOpen })),
    combine: combineDays,
  });
  const daysWithData = useMemo(
    () => (withData.days && local ? localDaysWithData(withData.days, chartZone) : withData.days),
    [withData.days, local, chartZone],
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const f = parseIsoDay(fromText);
    const to = parseIsoDay(toText);
    if (f === null) return setError(t`Enter the start day as YYYY-MM-DD.`);
    if (to === null) return setError(t`Enter the end day as YYYY-MM-DD.`);
    const r: RangeParam = { kind: 'absolute', fromDay: f, toDay: to };
    const problem = rangeProblem(r, now, chartZone);
    if (problem) return setError(problem);
    setError(null);
    onChange(r);
  }

  // The service's days are UTC (spec 01 §4.1): local days are asked for as the UTC days they touch.
  let zoneNote: string | null = null;
  if (local) {
    const offsets = offsetsCaption(chartZone, resolved.fromMs, resolved.toMs);
    const fromLocal = formatIsoDay(resolved.fromLocalDay);
    const toLocal = formatIsoDay(resolved.toLocalDay);
    const fromUtc = formatUtcLabel(resolved.fromMs, false);
    const toUtc = formatUtcLabel(resolved.toMs, false);
    const fromDay = formatIsoDay(resolved.fromDay);
    const toDay = formatIsoDay(resolved.toDay);
    zoneNote = t`Days are local days at ${chartZone} (${offsets}): ${fromLocal} to ${toLocal} is ${fromUtc} to ${toUtc}, so the service is asked for the UTC days ${fromDay} to ${toDay}.`;
  }
  const described = [error ? `${id}-err` : '', zoneNote ? `${id}-zone` : ''].filter(Boolean).join(' ') || undefined;

  const isPreset = (p: (typeof PRESETS)[number]) =>
    range.kind === 'relative' && range.amount === p.amount && range.unit === p.unit;

  return (
    <section className="card range-form" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t`Time range`}</h2>
      <div className="button-row" role="group" aria-label={t`Relative range presets`}>
        {PRESETS.map((p) => (
          <button
            key={p.label}
            type="button"
            aria-pressed={isPreset(p)}
            className={isPreset(p) ? 'primary' : undefined}
            onClick={() => onChange({ kind: 'relative', amount: p.amount, unit: p.unit })}
          >
            {presetWords(p.label)}
          </button>
        ))}
      </div>
      <form className="range-days" onSubmit={submit} noValidate>
        {(
          [
            [local ? t`From (local day, ${chartZone})` : t`From (UTC day)`, fromText, setFromText],
            [local ? t`To (local day, inclusive)` : t`To (UTC day, inclusive)`, toText, setToText],
          ] as const
        ).map(([label, value, setValue]) => (
          <FormField key={label} label={label} describedBy={described} invalid={!!error}>
            {(control) => <input {...control} type="date" value={value} onChange={(e) => setValue(e.target.value)} />}
          </FormField>
        ))}
        <button type="submit">{t`Show these days`}</button>
      </form>
      {zoneNote && (
        <p id={`${id}-zone`} className="muted">
          {zoneNote}
        </p>
      )}
      {error && (
        <p id={`${id}-err`} className="field-error" role="alert">
          {error}
        </p>
      )}
      {/* Folded by default so the chart stays above the fold on a desktop screen. */}
      <details className="range-calendar" onToggle={(e) => setCalendarOpen(e.currentTarget.open)}>
        <summary>{t`Calendar of days with data`}</summary>
        {calendarOpen && (
          <Suspense fallback={<p role="status">{t`Loading the calendar…`}</p>}>
            <DayCalendar
              from={parseIsoDay(fromText)}
              to={parseIsoDay(toText)}
              now={now}
              daysWithData={daysWithData}
              lookup={withData.lookup}
              onPick={(f, to) => {
                setFromText(formatIsoDay(f));
                setToText(formatIsoDay(to));
                setError(null);
              }}
            />
          </Suspense>
        )}
      </details>
    </section>
  );
}
