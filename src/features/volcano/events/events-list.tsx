import { useMemo } from 'react';
import type { ImageRecord } from '../../../api/imagery/imagery-shapes';
import { formatDuration, type UtcMs } from '../../../domain/time';
import { formatNumber } from '../../../domain/format-number';
import type { ShownEvent } from './use-range-events';
import { frameLabel } from '../frames/frame-lanes';
import { lastAtOrBefore } from '../frames/lanes';
import { primaryLabel } from '../time-labels';
import type { LaneData } from '../use-volcano-data';
import type { DisplayZone } from '../volcano-params';
import { ServiceImage } from '../../../ui/service-image';

export interface EventsListProps {
  events: readonly ShownEvent[];
  lanes: readonly LaneData[];
  zone: string;
  tz: DisplayZone;
  selected: { from: UtcMs; to: UtcMs } | null;
  onSelect: (e: ShownEvent) => void;
  onZoom: (e: ShownEvent) => void;
  onPick: (r: ImageRecord) => void;
}

/** First loaded frame of each camera inside the event (or the last one just before it). */
function firstFrames(e: ShownEvent, lanes: readonly LaneData[]): ImageRecord[] {
  return lanes.flatMap((l) => {
    const inside = l.frames.find((r) => r.time.utcMs >= e.from && r.time.utcMs <= e.to);
    if (inside) return [inside];
    const k = lastAtOrBefore(l.frames, (r) => r.time.utcMs, e.from);
    return k >= 0 ? [l.frames[k]!] : [];
  });
}

export function EventsList({ events, lanes, zone, tz, selected, onSelect, onZoom, onPick }: EventsListProps) {
  const frames = useMemo(() => events.map((e) => firstFrames(e, lanes)), [events, lanes]);
  if (events.length === 0) return <p className="muted">No events in this range at this threshold.</p>;
  return (
    <ol className="events" aria-label="Events">
      {events.map((e, i) => {
        const isSel = !!selected && selected.from === e.from && selected.to === e.to;
        const label = `Event ${i + 1}: ${primaryLabel(e.from, zone, tz, false)}`;
        return (
          <li key={e.from} className={`events__item card${isSel ? ' is-selected' : ''}`} aria-label={label}>
            <div className="events__head">
              <strong>{label}</strong>
              <span className="muted">
                {e.beganBefore ? 'began before this range · ' : ''}for {formatDuration(e.to - e.from)}
                {e.openEnd ? ' so far (it reaches the end of the loaded data)' : ''} · {formatNumber(e.windows)}{' '}
                {e.windows === 1 ? 'window' : 'windows'} above · peak {e.peakRatio.toFixed(1)}× the trailing median at{' '}
                {primaryLabel(e.peakTime, zone, tz)} · {e.channels.join(', ')}
              </span>
            </div>
            <div className="events__frames">
              {frames[i]!.map((r) => (
                <button
                  key={r.image_id}
                  type="button"
                  className="events__thumb"
                  onClick={() => onPick(r)}
                  aria-label={`Show ${frameLabel(r, tz)}`}
                >
                  <ServiceImage src={r.image_url} alt="" loading="lazy" />
                </button>
              ))}
            </div>
            <div className="button-row">
              <button
                type="button"
                className={isSel ? undefined : 'primary'}
                aria-pressed={isSel}
                onClick={() => onSelect(e)}
              >
                {isSel ? 'Selected' : `Select event ${i + 1}`}
              </button>
              <button type="button" onClick={() => onZoom(e)}>
                Zoom to event {i + 1}
              </button>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
