/** The events section: the threshold field, the rule in words, the count and the detected events. */
import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { eventRuleText } from '../../../analysis/event-rule';
import { formatNumber } from '../../../domain/format-number';
import { localDayOf } from '../../../domain/local-time';
import { EventsList, type EventsListProps } from './events-list';
import { MAX_N, MIN_N, type DisplayZone, type VolcanoRange } from '../volcano-params';
import { useLocale } from '../../../i18n/runtime';

/**
 * How many events the list holds, as the seismic view's event counts count them: those that begin
 * in the range, and apart from them those that began before it.
 */
export function eventCountText(inRange: number, before: number, unjudged: number): string {
  // Each clause is a whole message with its own plural; the clauses are joined by "; " as a list.
  const a = formatNumber(inRange);
  const b = formatNumber(before);
  const c = formatNumber(unjudged);
  const clauses = [
    plural(inRange, { one: `${a} event begin in this range`, other: `${a} events begin in this range` }),
  ];
  if (before)
    clauses.push(
      plural(before, {
        one: `${b} more event began before it and goes on into it`,
        other: `${b} more events began before it and go on into it`,
      }),
    );
  if (unjudged)
    clauses.push(
      plural(unjudged, {
        one: `${c} window could not be judged (less than 6 hours of data in the day before them)`,
        other: `${c} windows could not be judged (less than 6 hours of data in the day before them)`,
      }),
    );
  return `${clauses.join('; ')}.`;
}

/**
 * The seismic view's event counts per day of the same channels, threshold and days (in the same
 * zone: the seismic view reads its days as local days in local time), where the same definition
 * counts them: the address, not the view's code.
 */
export function countsHref(
  channels: readonly string[],
  n: number,
  range: VolcanoRange,
  tz: DisplayZone,
  zone = 'UTC',
): string {
  const day = (ms: number) => new Date(tz === 'local' ? localDayOf(zone, ms) : ms).toISOString().slice(0, 10);
  const sp = new URLSearchParams({
    channels: channels.join(','),
    from: day(range.from),
    to: day(Math.max(range.from, range.to - 1)),
    analysis: 'counts',
    threshold: `${n}x`,
    bin: 'day',
  });
  if (tz === 'local') sp.set('tz', 'local');
  return `/seismic?${sp.toString()}`;
}

const channelsCount = (count: number) => plural(count, { one: '# channel', other: '# channels' });

function ThresholdForm({ n, onN }: { n: number; onN: (n: number) => void }) {
  const { t } = useLingui();
  // The field follows n when the URL changes it, and keeps the user's text otherwise.
  const [text, setText] = useState(String(n));
  const [seen, setSeen] = useState(n);
  if (seen !== n) {
    setSeen(n);
    setText(String(n));
  }
  const valid = Number(text) >= MIN_N && Number(text) <= MAX_N;
  return (
    <form
      className="button-row"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onN(Number(text));
      }}
    >
      <label>
        <Trans>Threshold (× running median)</Trans>{' '}
        <input
          type="number"
          min={MIN_N}
          max={MAX_N}
          step={0.5}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={!valid}
        />
      </label>
      <button type="submit">
        <Trans>Apply</Trans>
      </button>
      {!valid && <span className="field-error">{t`Enter a number from ${MIN_N} to ${MAX_N}.`}</span>}
    </form>
  );
}

interface Props extends EventsListProps {
  volcanoName: string;
  hasSeismic: boolean;
  pending: boolean;
  /** The events shown (if any) are of earlier settings or data: the new ones are being worked out. */
  working: boolean;
  /** Events were worked out at least once. */
  known: boolean;
  /** Why they could not be worked out. */
  error: string | null;
  onRetry: () => void;
  n: number;
  onN: (n: number) => void;
  /** Events of the list that begin in the range (the rest began before it). */
  inRange: number;
  unjudged: number;
  /** The channels the events are found on, and the range shown. */
  channels: readonly string[];
  range: VolcanoRange;
}

export function EventsPanel(props: Props) {
  const {
    volcanoName,
    hasSeismic,
    pending,
    working,
    known,
    error,
    onRetry,
    n,
    onN,
    inRange,
    unjudged,
    channels,
    range,
  } = props;
  const { events, lanes, zone, tz, selected, onSelect, onZoom, onPick } = props;
  const list = { events, lanes, zone, tz, selected, onSelect, onZoom, onPick };
  // The count and the rule are worked out in this render: a change of language draws them anew.
  useLocale();
  const workingOn = channels.length === 1 ? channels[0]! : channelsCount(channels.length);
  return (
    <section className="card volcano__events" aria-labelledby="events-h" aria-busy={pending || working}>
      <h2 id="events-h">
        <Trans>Events</Trans>
      </h2>
      {hasSeismic ? (
        <>
          <ThresholdForm n={n} onN={onN} />
          <p className="muted" data-testid="event-rule">
            {eventRuleText({ kind: 'median', factor: n }, channels)}{' '}
            <Link to={countsHref(channels, n, range, list.tz, list.zone)}>
              <Trans>Count these events per day on the seismic page</Trans>
            </Link>
          </p>
          {pending ? (
            <p role="status">
              <Trans>Looking for events…</Trans>
            </p>
          ) : (
            <>
              <div className="events__working" aria-live="polite">
                {working && <p>{t`Working out events for ${workingOn}…`}</p>}
              </div>
              {error && (
                <div className="notice" role="alert">
                  <p>{t`The events could not be worked out: ${error}.`}</p>
                  <button type="button" onClick={onRetry}>
                    <Trans>Try again</Trans>
                  </button>
                </div>
              )}
              {known && (
                <div className={working ? 'is-working' : undefined}>
                  <p className="events__count">{eventCountText(inRange, list.events.length - inRange, unjudged)}</p>
                  <EventsList {...list} />
                </div>
              )}
            </>
          )}
        </>
      ) : (
        <p className="muted">
          <Trans>Events need seismic data, which {volcanoName} does not have.</Trans>
        </p>
      )}
    </section>
  );
}
