/** The events section: the threshold field, the rule in words, and the detected events. */
import { useState } from 'react';
import { DEFAULT_MERGE_SEC } from './events';
import { EventsList, type EventsListProps } from './events-list';
import { MAX_N, MIN_N } from './volcano-params';

/**
 * The rule in words, for the page: what detectEvents (events.ts) does, no more and no less. Here,
 * not beside it, so the view's first paint, which finds the events, does not carry the sentence.
 */
export function eventRule(n: number, mergeSec = DEFAULT_MERGE_SEC): string {
  return (
    `Every RSAM window above ${n}× its running one-day median belongs to an event, a single window ` +
    `included; windows above it less than ${Math.round(mergeSec / 60)} minutes apart, on any channel, are one event.`
  );
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
