/**
 * The event counts as a table, bin by bin: what the bars show, readable without a pointer and by a
 * screen reader, with each provisional bin marked. Long ranges of hours are left to the CSV.
 */
import type { EventCounts } from '../../../analysis/event-counts';
import { formatNumber } from '../../../domain/format-number';
import { isoIn } from './forecast-text';

/** More rows than this (two weeks of hours, a year of days) are not a table to read. */
const MAX_ROWS = 400;

export function CountsTable({ counts, bin, zone }: { counts: EventCounts; bin: 'hour' | 'day'; zone: string }) {
  const bins = counts.bins;
  if (bins.length > MAX_ROWS)
    return (
      <p className="muted">
        {formatNumber(bins.length)} {bin}s are too many for a table here: the CSV export holds every one.
      </p>
    );
  return (
    // Scrolls when long: focusable, so the keyboard can scroll it too.
    <div className="counts-table" tabIndex={0} role="region" aria-label={`Events per ${bin}, table`}>
      <table>
        <caption>Events per {bin}</caption>
        <thead>
          <tr>
            <th scope="col">{bin === 'hour' ? 'Hour' : 'Day'} from</th>
            <th scope="col">Events</th>
            <th scope="col">Windows above</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {bins.map((b) => (
            <tr key={b.start}>
              <th scope="row">{isoIn(zone, b.start)}</th>
              <td>{formatNumber(b.events)}</td>
              <td>{formatNumber(b.windows)}</td>
              <td>{b.provisional ? 'provisional: the data end before it does' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
