/** The alert state of a tile's channels: loud until acknowledged (click or Enter/Space), then quiet. */
import { describeThreshold } from '../../analysis/event-counts';
import { useAcknowledgedAlerts, useAlertActions } from '../../stores/alert-ack-store';
import { alertMessage, alertText, type WallAlert } from './wall-alerts';
import { formatNumber } from '../../domain/format-number';

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

/**
 * A band of its own between the cameras and the RSAM lines it is about, so it takes its height
 * from the tile's other rows instead of lying over the alerting volcano's cameras.
 */
export function TileAlerts({ alerts }: { alerts: readonly WallAlert[] }) {
  const acked = useAcknowledgedAlerts();
  const { alertAcknowledged } = useAlertActions();
  const told = alerts.map((a) => ({ a, text: alertText(a) }));
  const loud = told.filter(({ a, text }) => text && a.key && !acked.includes(a.key));
  return (
    <>
      {told.map(({ a, text }) =>
        !text || !a.key ? (
          <p key={a.id} className="visually-hidden">
            {quietText(a)}
          </p>
        ) : acked.includes(a.key) ? (
          <p key={a.key} className="visually-hidden">
            Acknowledged: {text}
          </p>
        ) : null,
      )}
      {loud.length > 0 && (
        <div className="wall-alerts">
          {loud.map(({ a }) => {
            const m = alertMessage(a)!;
            // Times and the button are kept whole; the lines break between words around them.
            return (
              <p key={a.key} role="alert" className="wall-alerts__alert">
                <strong>RSAM alert:</strong> {m.lead} {m.since} <span className="wall-nowrap">{m.utc}</span>{' '}
                <span className="wall-nowrap">({m.local})</span>.{' '}
                <button type="button" onClick={() => alertAcknowledged(a.key!)}>
                  Acknowledge
                </button>
              </p>
            );
          })}
        </div>
      )}
    </>
  );
}
