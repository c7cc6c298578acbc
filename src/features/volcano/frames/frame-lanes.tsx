import { useMemo, type KeyboardEvent } from 'react';
import type { ImageRecord } from '../../../api/imagery/imagery-shapes';
import { IMAGE_TYPE_LABEL, siteTimeZone } from '../../../domain/volcanoes';
import { ErrorPanel } from '../../../ui/error-panel';
import { placeFrames, timeToX, type Axis } from './lanes';
import { QUALITY_LABEL, qualitySummary, type Quality, type Segment } from './quality';
import { primaryLabel } from '../time-labels';
import type { LaneData } from '../use-volcano-data';
import type { DisplayZone } from '../volcano-params';
import { ServiceImage } from '../../../ui/service-image';

const THUMB_W = 64;

function laneName(lane: LaneData, multiSite: boolean): string {
  const t = IMAGE_TYPE_LABEL[lane.camera.imageType];
  return multiSite ? `${t} frames, ${lane.camera.site}` : `${t} frames`;
}

export function frameLabel(r: ImageRecord, tz: DisplayZone): string {
  return `${IMAGE_TYPE_LABEL[r.image_type]} frame ${primaryLabel(r.time.utcMs, siteTimeZone(r.site), tz)}`;
}

interface LaneProps {
  lane: LaneData;
  name: string;
  axis: Axis;
  left: number;
  tz: DisplayZone;
  highlightId: string | null;
  selectedId: string | null;
  onPick: (r: ImageRecord) => void;
}

function Lane({ lane, name, axis, left, tz, highlightId, selectedId, onPick }: LaneProps) {
  const placed = useMemo(
    () =>
      placeFrames(
        lane.frames,
        (r) => r.time.utcMs,
        axis,
        THUMB_W,
        2,
        (r) => r.image_id === selectedId || r.image_id === highlightId,
      ).map((p) => ({ ...p, label: frameLabel(p.item, tz) })),
    [lane.frames, axis, selectedId, highlightId, tz],
  );
  // Arrow keys walk the frames (ticks are not tab stops, there can be hundreds).
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[Math.max(0, Math.min(buttons.length - 1, i + (e.key === 'ArrowLeft' ? -1 : 1)))];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };
  return (
    <ul className="lane__track" aria-label={name} onKeyDown={onKeyDown} style={{ marginLeft: left, width: axis.width }}>
      {placed.map(({ item: r, x, thumb, label }) => {
        const hl = r.image_id === highlightId;
        const sel = r.image_id === selectedId;
        return (
          <li key={r.image_id} className={thumb ? 'lane__item lane__item--thumb' : 'lane__item'} style={{ left: x }}>
            <button
              type="button"
              className={`lane__frame${hl ? ' is-highlight' : ''}${sel ? ' is-selected' : ''}`}
              aria-label={label}
              aria-pressed={sel}
              aria-current={hl ? 'true' : undefined}
              tabIndex={thumb ? 0 : -1}
              onClick={() => onPick(r)}
              title={label}
            >
              {thumb && <ServiceImage src={r.image_url} alt="" loading="lazy" decoding="async" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

const QUALITY_ORDER: Quality[] = ['ok', 'degraded', 'low-visibility', 'night', 'empty', 'none', 'unknown'];

function QualityStrip({
  segments,
  axis,
  left,
  name,
}: {
  segments: readonly Segment[];
  axis: Axis;
  left: number;
  name: string;
}) {
  // The share of the span the segments cover (the frames' range, which trails zooms by a moment).
  const summary = segments.length
    ? qualitySummary(name, segments, segments[0]!.from, segments[segments.length - 1]!.to)
    : `${name}: no frames`;
  return (
    <>
      <div
        className="quality"
        role="img"
        aria-label={summary}
        data-testid="quality-strip"
        style={{ marginLeft: left, width: axis.width }}
      >
        {segments.map((s) => {
          const x0 = timeToX(s.from, axis);
          const x1 = timeToX(s.to, axis);
          return (
            <span
              key={`${s.from}-${s.quality}`}
              className={`quality__seg quality--${s.quality}`}
              style={{ left: x0, width: Math.max(1, x1 - x0) }}
              title={QUALITY_LABEL[s.quality]}
            />
          );
        })}
      </div>
      <p className="quality__summary muted" aria-hidden="true" style={{ marginLeft: left }}>
        {summary}
      </p>
    </>
  );
}

export function QualityLegend() {
  return (
    <ul className="quality-legend" aria-label="Quality strip colours">
      {QUALITY_ORDER.map((q) => (
        <li key={q}>
          <span className={`quality-legend__swatch quality--${q}`} aria-hidden="true" /> {QUALITY_LABEL[q]}
        </li>
      ))}
      <li>
        <span className="quality-legend__swatch quality-legend__blind" aria-hidden="true" /> Chart shading: every camera
        blind
      </li>
    </ul>
  );
}

interface LanesProps {
  lanes: readonly LaneData[];
  segments: readonly (readonly Segment[])[];
  axis: Axis;
  left: number;
  tz: DisplayZone;
  highlightIds: ReadonlySet<string>;
  selectedId: string | null;
  onPick: (r: ImageRecord) => void;
}

export function FrameLanes({ lanes, segments, axis, left, tz, highlightIds, selectedId, onPick }: LanesProps) {
  const multiSite = new Set(lanes.map((l) => l.camera.site)).size > 1;
  return (
    <div className="lanes">
      {lanes.map((lane, i) => {
        const name = laneName(lane, multiSite);
        const hl = lane.frames.find((r) => highlightIds.has(r.image_id))?.image_id ?? null;
        return (
          <section key={lane.camera.key} className="lane" aria-label={`${name} and quality`}>
            <h3 className="lane__title">
              {name}{' '}
              <span className="muted">
                · {lane.camera.site} · {lane.frames.length} shown
              </span>
              {lane.truncated && <span className="muted"> · more frames exist than are loaded; zoom in</span>}
              {lane.isFetching && <span className="muted"> · loading…</span>}
            </h3>
            {lane.error !== null ? (
              <ErrorPanel error={lane.error} onRetry={lane.retry} context={`Loading ${name.toLowerCase()}`} />
            ) : (
              <>
                <Lane
                  lane={lane}
                  name={name}
                  axis={axis}
                  left={left}
                  tz={tz}
                  highlightId={hl}
                  selectedId={selectedId}
                  onPick={onPick}
                />
                <QualityStrip
                  segments={segments[i] ?? []}
                  axis={axis}
                  left={left}
                  name={`${IMAGE_TYPE_LABEL[lane.camera.imageType]}, ${lane.camera.site}`}
                />
              </>
            )}
          </section>
        );
      })}
    </div>
  );
}
