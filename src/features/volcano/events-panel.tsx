/** The events section: the threshold field, the rule in words, and the detected events. */
import { useMemo, useState } from 'react';
import { detectEvents, eventRule, type RsamEvent } from './events';
import { EventsList, type EventsListProps } from './events-list';
import type { ChannelData } from './use-volcano-data';
import { MAX_N, MIN_N, type ResolvedRange } from './volcano-params';

/** Events of the loaded series that overlap the visible range. */
export function useRangeEvents(channels: readonly ChannelData[], n: number, range: ResolvedRange): RsamEvent[] {
  return useMemo(() => {
    const series = channels.flatMap((c) =>
      c.series ? [{ id: c.id, times: c.series.times, values: c.series.values, windowSec: c.series.windowSec }] : [],
    );
    return detectEvents(series, { n }).filter((e) => e.to >= range.from && e.from <= range.to);
  }, [channels, n, range]);
}

function ThresholdForm({ n, onN }: { n: number; onN: (n: number) => void }) {
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
        Threshold (× running median){' '}
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
      <button type="submit">Apply</button>
      {!valid && (
        <span className="field-error">
          Enter a number from {MIN_N} to {MAX_N}.
        </span>
      )}
    </form>
  );
}

interface Props extends EventsListProps {
  volcanoName: string;
  hasSeismic: boolean;
  pending: boolean;
  n: number;
  onN: (n: number) => void;
}

export function EventsPanel({ volcanoName, hasSeismic, pending, n, onN, ...list }: Props) {
  return (
    <section className="card volcano__events" aria-labelledby="events-h">
      <h2 id="events-h">Events</h2>
      {hasSeismic ? (
        <>
          <ThresholdForm n={n} onN={onN} />
          <p className="muted" data-testid="event-rule">
            {eventRule(n)}
          </p>
          {pending ? <p role="status">Looking for events…</p> : <EventsList {...list} />}
        </>
      ) : (
        <p className="muted">Events need seismic data, which {volcanoName} does not have.</p>
      )}
    </section>
  );
}
