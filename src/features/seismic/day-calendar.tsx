/**
 * A month of UTC days to pick an inclusive range: the first activation picks the start, the
 * second the end. Keyboard as in the WAI-ARIA date-picker grid: one day is in the tab order,
 * arrows move by a day or a week, Home/End to the week's ends, Page Up/Down by a month
 * (with Shift by a year), crossing months as they go.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { DAY_MS, formatIsoDay, startOfUtcDay, type UtcMs } from '../../domain/time';
import { displayLocale } from '../../domain/display-locale';
import { useLingui } from '@lingui/react/macro';

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

/** Monday first, in the display language: English as it always read, others through Intl. */
function weekdays(): readonly string[] {
  const locale = displayLocale();
  if (locale === 'en') return WEEKDAYS;
  const f = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return WEEKDAYS.map((_, i) => f.format(Date.UTC(2024, 0, 1 + i)).replace(/\.$/, ''));
}

function startOfUtcMonth(t: UtcMs): UtcMs {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The same day of another month, kept within that month (31 Jan + 1 month = 28/29 Feb). */
export function addUtcMonths(day: UtcMs, months: number): UtcMs {
  const d = new Date(day);
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
  const f = new Date(first);
  const last = new Date(Date.UTC(f.getUTCFullYear(), f.getUTCMonth() + 1, 0)).getUTCDate();
  return first + (Math.min(d.getUTCDate(), last) - 1) * DAY_MS;
}

/** Where a key moves the focused day, or null for keys the grid does not handle. */
export function dayForKey(day: UtcMs, key: string, shiftKey: boolean): UtcMs | null {
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday first
  switch (key) {
    case 'ArrowLeft':
      return day - DAY_MS;
    case 'ArrowRight':
      return day + DAY_MS;
    case 'ArrowUp':
      return day - 7 * DAY_MS;
    case 'ArrowDown':
      return day + 7 * DAY_MS;
    case 'Home':
      return day - weekday * DAY_MS;
    case 'End':
      return day + (6 - weekday) * DAY_MS;
    case 'PageUp':
      return addUtcMonths(day, shiftKey ? -12 : -1);
    case 'PageDown':
      return addUtcMonths(day, shiftKey ? 12 : 1);
    default:
      return null;
  }
}

interface Props {
  from: UtcMs | null;
  to: UtcMs | null;
  now: UtcMs;
  /** Null while unknown (no channel chosen or dates still loading): nothing is greyed. */
  daysWithData: Set<number> | null;
  /** Why `daysWithData` is null, when it is being looked up or could not be. */
  lookup?: string | undefined;
  onPick: (from: UtcMs, to: UtcMs) => void;
}

export function DayCalendar({ from, to, now, daysWithData, lookup, onPick }: Props) {
  const { t } = useLingui();
  const today = startOfUtcDay(now);
  const [focusDay, setFocusDay] = useState<UtcMs>(() => Math.min(from ?? today, today));
  const [anchor, setAnchor] = useState<UtcMs | null>(null);
  // Focus follows the roving day only after the user moved it, never on first render.
  const moved = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${focusDay}"]`)?.focus();
  }, [focusDay]);

  const month = startOfUtcMonth(focusDay);
  const m = new Date(month);
  const title = `${m.toLocaleString(displayLocale() === 'en' ? 'en-GB' : displayLocale(), { month: 'long', timeZone: 'UTC' })} ${m.getUTCFullYear()}`;
  const daysInMonth = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 0)).getUTCDate();
  const lead = (m.getUTCDay() + 6) % 7;
  const cells: Array<UtcMs | null> = [...Array<null>(lead).fill(null)];
  for (let d = 0; d < daysInMonth; d++) cells.push(month + d * DAY_MS);
  while (cells.length % 7) cells.push(null);
  const weeks: Array<Array<UtcMs | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));

  const pick = (day: UtcMs) => {
    setFocusDay(day);
    if (day > today) return;
    if (anchor === null) {
      setAnchor(day);
      onPick(day, day);
    } else {
      onPick(Math.min(anchor, day), Math.max(anchor, day));
      setAnchor(null);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const next = dayForKey(focusDay, e.key, e.shiftKey);
    if (next === null) return;
    e.preventDefault();
    moved.current = true;
    setFocusDay(next);
  };

  const anchorDay = anchor === null ? '' : formatIsoDay(anchor);
  return (
    <div className="day-calendar">
      <div className="day-calendar__head">
        <button type="button" onClick={() => setFocusDay(addUtcMonths(focusDay, -1))} aria-label={t`Previous month`}>
          ‹
        </button>
        <span aria-live="polite">{title} (UTC)</span>
        <button type="button" onClick={() => setFocusDay(addUtcMonths(focusDay, 1))} aria-label={t`Next month`}>
          ›
        </button>
      </div>
      <table ref={gridRef} role="grid" aria-label={t`Days of ${title} (UTC); days without data are greyed out`}>
        <thead>
          <tr>
            {weekdays().map((w) => (
              <th key={w} scope="col">
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown}>
          {weeks.map((week, wi) => (
            <tr key={wi}>
              {week.map((day, di) => {
                if (day === null) return <td key={di} role="gridcell" />;
                const noData = daysWithData !== null && !daysWithData.has(day);
                const future = day > today;
                const inRange = from !== null && to !== null && day >= from && day <= to;
                const iso = formatIsoDay(day);
                const label = future
                  ? noData
                    ? t`${iso}, no data, in the future`
                    : t`${iso}, in the future`
                  : noData
                    ? t`${iso}, no data`
                    : iso;
                return (
                  <td key={di} role="gridcell">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focusDay ? 0 : -1}
                      className={`day${noData ? ' day--empty' : ''}${inRange ? ' day--in' : ''}`}
                      aria-label={label}
                      aria-pressed={inRange}
                      // Not `disabled`: the arrow keys still pass over future days.
                      aria-disabled={future || undefined}
                      onClick={() => pick(day)}
                    >
                      {new Date(day).getUTCDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        {anchor !== null
          ? t`Start ${anchorDay} chosen: pick the end day.`
          : t`Pick a start day, then an end day. Arrow keys move between days, Page Up and Page Down between months.`}{' '}
        {daysWithData ? t`Greyed days have no data for the chosen channels.` : (lookup ?? '')}
      </p>
    </div>
  );
}
