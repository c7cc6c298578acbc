/** The alert state of a tile's channels: loud until acknowledged (click or Enter/Space), then quiet. */
import { describeThreshold } from '../../analysis/threshold';
import { formatNumber } from '../../domain/format-number';
import type { Acks } from '../../stores/alert-ack-store';
import { alertMessage, type AlertMessage, type WallAlert } from './wall-alerts';

const fmt = (v: number) => formatNumber(Math.round(v));

function quietText(a: WallAlert): string {
  const s = a.state;
  return `Alert rule ${a.id} above ${describeThreshold(a.rule.threshold)}: ${
    s.kind === 'quiet'
      ? `below (${fmt(s.value)} counts)`
      : s.kind === 'unknown' && s.reason === 'stale'
        ? 'unknown, RSAM too old to judge'
        : 'unknown, no RSAM to judge'
  }`;
}

/** A tile's alerts, each with its message worked out once, and which of them wait for an acknowledgement. */
export interface ToldAlert {
  a: WallAlert;
  m: AlertMessage | null;
  loud: boolean;
}

export function tellAlerts(alerts: readonly WallAlert[], acked: Acks): ToldAlert[] {
  return alerts.map((a) => {
    const m = alertMessage(a);
    return { a, m, loud: !!m && !!a.key && !(a.key in acked) };
  });
}

/**
 * What a screen reader finds of the rules with no open episode: each one's state. An open episode
 * is said under its channel's line (ChannelAlert, AckNote).
 */
export function AlertNotes({ told }: { told: readonly ToldAlert[] }) {
  return told.map(({ a, m }) =>
    !m || !a.key ? (
      <p key={a.id} className="visually-hidden">
        {quietText(a)}
      </p>
    ) : null,
  );
}

/**
 * An unacknowledged alert, under the line of the channel it is about (the channel's id and value
 * above the line; the tile's other channels are left alone). The live region holds only
 * what stays the same for the episode, so it is said once, when the episode starts.
 */
export function ChannelAlert({ m, onAcknowledge }: { m: AlertMessage; onAcknowledge: () => void }) {
  return (
    <div className={`wall-alert${m.below ? ' wall-alert--below' : ''}`}>
      {/* Times and the button are kept whole; the lines break between words around them. Words a
          narrow tile has no room for are read, not shown (the id is the channel's, just above). */}
      <span role="alert">
        <strong>RSAM alert:</strong> <span className="wall-alert__extra">{m.id} </span>
        {m.rule} <span className="wall-alert__extra">{m.whole}</span>
        <span className="wall-alert__since">
          {m.since} <span className="wall-nowrap">{m.utc}</span>{' '}
          <span className="wall-alert__extra wall-nowrap">({m.local})</span>
        </span>
      </span>
      {m.below && <span className="wall-alert__now"> {m.now}.</span>}{' '}
      <button type="button" onClick={onAcknowledge}>
        Acknowledge
      </button>
    </div>
  );
}
