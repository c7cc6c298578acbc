/** The alert state of a tile's channels: loud until acknowledged (click or Enter/Space), then quiet. */
import { describeThreshold } from '../../analysis/event-counts';
import { useAcknowledgedAlerts, useAlertActions } from '../../stores/alert-ack-store';
import { alertTime, type WallAlert } from './wall-alerts';
import { formatNumber } from '../../domain/format-number';

const fmt = (v: number) => formatNumber(Math.round(v));

export function TileAlerts({ alerts }: { alerts: readonly WallAlert[] }) {
  const acked = useAcknowledgedAlerts();
  const { alertAcknowledged } = useAlertActions();
  if (alerts.length === 0) return null;
  return (
    <div className="wall-alerts">
      {alerts.map((a) => {
        const s = a.state;
        if (s.kind !== 'alert' || !a.key) {
          return (
            <p key={a.id} className="visually-hidden">
              Alert rule {a.id} above {describeThreshold(a.rule.threshold)}:{' '}
              {s.kind === 'quiet'
                ? `below (${fmt(s.value)} counts)`
                : s.kind === 'unknown' && s.reason === 'stale'
                  ? 'unknown, RSAM too old to judge'
                  : 'unknown, no RSAM to judge'}
            </p>
          );
        }
        const limit =
          a.rule.threshold.kind === 'counts'
            ? `above ${fmt(s.limit)} counts`
            : `above ${fmt(s.limit)} counts (${describeThreshold(a.rule.threshold)})`;
        const text = `${a.id} at ${fmt(s.value)} counts, ${limit}, since ${alertTime(s.since, a.vnum)}`;
        if (acked.includes(a.key))
          return (
            <p key={a.key} className="visually-hidden">
              Acknowledged: {text}
            </p>
          );
        return (
          <div key={a.key} role="alert" className="wall-alerts__alert">
            <strong>RSAM alert:</strong> {text}.{' '}
            <button type="button" onClick={() => alertAcknowledged(a.key!)}>
              Acknowledge
            </button>
          </div>
        );
      })}
    </div>
  );
}
