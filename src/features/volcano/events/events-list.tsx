import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { ImageRecord } from '../../../api/imagery/imagery-shapes';
import { formatDuration, type UtcMs } from '../../../domain/time';
import { formatFixed, formatNumber } from '../../../domain/format-number';
import type { ShownEvent } from './use-range-events';
import { frameLabel } from '../frames/frame-lanes';
import { lastAtOrBefore } from '../frames/lanes';
import { primaryLabel } from '../time-labels';
import type { LaneData } from '../use-volcano-data';
import type { DisplayZone } from '../volcano-params';
import { ServiceImage } from '../../../ui/service-image';
import { useLocale } from '../../../i18n/runtime';

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

/**
 * One event's facts in one sentence, so a language orders them its own way: began before the range,
 * how long, still open, windows above, peak ratio, its time, the channels.
 */
function eventFacts(e: ShownEvent, zone: string, tz: DisplayZone): string {
  const length = formatDuration(e.to - e.from);
  const windows = formatNumber(e.windows);
  const ratio = formatFixed(e.peakRatio, 1);
  const peak = primaryLabel(e.peakTime, zone, tz);
  const channels = e.channels.join(', ');
  const lasted = e.openEnd
    ? e.beganBefore
      ? t`began before this range · for ${length} so far (it reaches the end of the loaded data)`
      : t`for ${length} so far (it reaches the end of the loaded data)`
    : e.beganBefore
      ? t`began before this range · for ${length}`
      : t`for ${length}`;
  const count = e.windows;
  const above = plural(count, {
    one: `${windows} window above · peak ${ratio}× the trailing median at ${peak}`,
    other: `${windows} windows above · peak ${ratio}× the trailing median at ${peak}`,
  });
  return `${lasted} · ${above} · ${channels}`;
}

const showFrame = (frame: string) => t`Show ${frame}`;

export function EventsList({ events, lanes, zone, tz, selected, onSelect, onZoom, onPick }: EventsListProps) {
  const frames = useMemo(() => events.map((e) => firstFrames(e, lanes)), [events, lanes]);
  useLocale();
  if (events.length === 0)
    return (
      <p className="muted">
        <Trans>No events in this range at this threshold.</Trans>
      </p>
    );
  return (
    <ol className="events" aria-label={t`Events`}>
      {events.map((e, i) => {
        const isSel = !!selected && selected.from === e.from && selected.to === e.to;
        const number = i + 1;
        const start = primaryLabel(e.from, zone, tz, false);
        const label = t`Event ${number}: ${start}`;
        return (
          <li key={e.from} className={`events__item card${isSel ? ' is-selected' : ''}`} aria-label={label}>
            <div className="events__head">
              <strong>{label}</strong>
              <span className="muted">{eventFacts(e, zone, tz)}</span>
            </div>
            <div className="events__frames">
              {frames[i]!.map((r) => (
                <button
                  key={r.image_id}
                  type="button"
                  className="events__thumb"
                  onClick={() => onPick(r)}
                  aria-label={showFrame(frameLabel(r, tz))}
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
                {isSel ? t`Selected` : t`Select event ${number}`}
              </button>
              <button type="button" onClick={() => onZoom(e)}>
                {t`Zoom to event ${number}`}
              </button>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
