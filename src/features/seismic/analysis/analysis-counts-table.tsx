/**
 * The event counts as a table, bin by bin: what the bars show, readable without a pointer and by a
 * screen reader, with each provisional bin marked. Long ranges of hours are left to the CSV.
 */
import type { EventCounts } from '../../../analysis/event-counts';
import { formatNumber } from '../../../domain/format-number';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { isoIn } from './forecast-text';

/** More rows than this (two weeks of hours, a year of days) are not a table to read. */
const MAX_ROWS = 400;

export function CountsTable({ counts, bin, zone }: { counts: EventCounts; bin: 'hour' | 'day'; zone: string }) {
  const { t } = useLingui();
  const bins = counts.bins;
  if (bins.length > MAX_ROWS)
    return (
      <p className="muted">
        {bin === 'hour'
          ? plural(bins.length, {
              one: '# hour is too many for a table here: the CSV export holds every one.',
              other: '# hours are too many for a table here: the CSV export holds every one.',
            })
          : plural(bins.length, {
              one: '# day is too many for a table here: the CSV export holds every one.',
              other: '# days are too many for a table here: the CSV export holds every one.',
            })}
      </p>
    );
  const perBin = bin === 'hour' ? t`Events per hour` : t`Events per day`;
  return (
    // Scrolls when long: focusable, so the keyboard can scroll it too.
    <div className="counts-table" tabIndex={0} role="region" aria-label={t`${perBin}, table`}>
      <table>
        <caption>{perBin}</caption>
        <thead>
          <tr>
            <th scope="col">{bin === 'hour' ? t`Hour from` : t`Day from`}</th>
            <th scope="col">{t`Events`}</th>
            <th scope="col">{t`Windows above`}</th>
            <th scope="col">{t`Note`}</th>
          </tr>
        </thead>
        <tbody>
          {bins.map((b) => (
            <tr key={b.start}>
              <th scope="row">{isoIn(zone, b.start)}</th>
              <td>{formatNumber(b.events)}</td>
              <td>{formatNumber(b.windows)}</td>
              <td>{b.provisional ? t`provisional: the data end before it does` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
