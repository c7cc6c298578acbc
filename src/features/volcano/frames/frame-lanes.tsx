import { plural, select, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useMemo, type KeyboardEvent } from 'react';
import type { ImageRecord } from '../../../api/imagery/imagery-shapes';
import { siteTimeZone, type ImageType } from '../../../domain/volcanoes';
import { ErrorPanel } from '../../../ui/error-panel';
import { placeFrames, timeToX, type Axis } from './lanes';
import { qualityLabel, qualitySummary, type Quality, type Segment } from './quality';
import { primaryLabel } from '../time-labels';
import type { LaneData } from '../use-volcano-data';
import type { DisplayZone } from '../volcano-params';
import { ServiceImage } from '../../../ui/service-image';
import { useLocale } from '../../../i18n/runtime';

const THUMB_W = 64;

// Whole phrases per camera type: in Spanish the adjective follows the noun's gender and number.
function laneName(lane: LaneData, multiSite: boolean): string {
  const type: ImageType = lane.camera.imageType;
  const { site } = lane.camera;
  return multiSite
    ? select(type, {
        infrared: `Infrared frames, ${site}`,
        visible: `Visible frames, ${site}`,
        other: `${type} frames, ${site}`,
      })
    : select(type, { infrared: 'Infrared frames', visible: 'Visible frames', other: `${type} frames` });
}

/** What a lane's frames are while they load: `Loading infrared frames, CLNE`. */
function laneLoading(lane: LaneData, multiSite: boolean): string {
  const type: ImageType = lane.camera.imageType;
  const { site } = lane.camera;
  return multiSite
    ? select(type, {
        infrared: `Loading infrared frames, ${site}`,
        visible: `Loading visible frames, ${site}`,
        other: `Loading ${type} frames, ${site}`,
      })
    : select(type, {
        infrared: 'Loading infrared frames',
        visible: 'Loading visible frames',
        other: `Loading ${type} frames`,
      });
}

/** A camera by type and site, naming its quality strip: `Infrared, CLNE`. */
function cameraName(type: ImageType, site: string): string {
  return select(type, { infrared: `Infrared, ${site}`, visible: `Visible, ${site}`, other: `${type}, ${site}` });
}

/** `· CLNE · 12 shown`. */
function shownCount(site: string, count: number): string {
  return plural(count, { one: `· ${site} · # shown`, other: `· ${site} · # shown` });
}

export function frameLabel(r: ImageRecord, tz: DisplayZone): string {
  const type: ImageType = r.image_type;
  const time = primaryLabel(r.time.utcMs, siteTimeZone(r.site), tz);
  return select(type, {
    infrared: `Infrared frame ${time}`,
    visible: `Visible frame ${time}`,
    other: `${type} frame ${time}`,
  });
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
    : t`${name}: no frames`;
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
              title={qualityLabel(s.quality)}
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
  useLocale();
  return (
    <ul className="quality-legend" aria-label={t`Quality strip colours`}>
      {QUALITY_ORDER.map((q) => (
        <li key={q}>
          <span className={`quality-legend__swatch quality--${q}`} aria-hidden="true" /> {qualityLabel(q)}
        </li>
      ))}
      <li>
        <span className="quality-legend__swatch quality-legend__blind" aria-hidden="true" />{' '}
        <Trans>Chart shading: every camera blind</Trans>
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
  // The lanes' words are worked out outside the macros' hook: a change of language draws them anew.
  useLocale();
  const multiSite = new Set(lanes.map((l) => l.camera.site)).size > 1;
  return (
    <div className="lanes">
      {lanes.map((lane, i) => {
        const name = laneName(lane, multiSite);
        const hl = lane.frames.find((r) => highlightIds.has(r.image_id))?.image_id ?? null;
        return (
          <section key={lane.camera.key} className="lane" aria-label={t`${name} and quality`}>
            <h3 className="lane__title">
              {name} <span className="muted">{shownCount(lane.camera.site, lane.frames.length)}</span>
              {lane.truncated && <span className="muted"> · {t`more frames exist than are loaded; zoom in`}</span>}
              {lane.isFetching && <span className="muted"> · {t`loading…`}</span>}
            </h3>
            {lane.error !== null ? (
              <ErrorPanel error={lane.error} onRetry={lane.retry} context={laneLoading(lane, multiSite)} />
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
                  name={cameraName(lane.camera.imageType, lane.camera.site)}
                />
              </>
            )}
          </section>
        );
      })}
    </div>
  );
}
