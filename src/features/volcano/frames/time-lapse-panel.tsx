import { plural, select, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Freq, ImageRecord } from '../../../api/imagery/imagery-shapes';
import { HOUR_MS, DAY_MS, formatDuration, type UtcMs } from '../../../domain/time';
import type { ImageType, Volcano } from '../../../domain/volcanoes';
import { ErrorPanel } from '../../../ui/error-panel';
import { frameNear } from './lanes';
import { primaryLabel } from '../time-labels';
import { useLaneFrames, type Camera } from '../use-volcano-data';
import type { DisplayZone } from '../volcano-params';
import { freqLabel } from './sampling';
import { cameraCaption } from './frame-preview';
import { ServiceImage } from '../../../ui/service-image';
import { useLocale } from '../../../i18n/runtime';

/** Finer than the lanes: a time-lapse wants dozens of frames (at most three pages per camera). */
function timeLapseFreq(spanMs: number): Freq {
  if (spanMs <= HOUR_MS) return 'all';
  if (spanMs <= 10 * HOUR_MS) return 'minutely';
  if (spanMs <= 20 * DAY_MS) return 'hourly';
  return 'daily';
}

function stepOf(step: number, steps: number): string {
  return t`Step ${step} of ${steps}`;
}

function frameAlt(type: ImageType, site: string, time: string): string {
  return select(type, {
    infrared: `Infrared frame from ${site} at ${time}`,
    visible: `Visible frame from ${site} at ${time}`,
    other: `${type} frame from ${site} at ${time}`,
  });
}

/** The span, its length, the sampling and the steps, in one sentence. */
function spanLine(from: string, to: string, length: string, sampling: string, steps: number): string {
  return plural(steps, {
    one: `${from} → ${to} (${length}), sampling ${sampling}, # step.`,
    other: `${from} → ${to} (${length}), sampling ${sampling}, # steps.`,
  });
}

interface Props {
  volcano: Volcano;
  cameras: readonly Camera[];
  span: { from: UtcMs; to: UtcMs };
  zone: string;
  tz: DisplayZone;
  /** Playback time for the chart's cursor; null when stopped at the start. */
  onTime: (t: UtcMs | null) => void;
}

const SPEEDS = [2, 5, 10, 20] as const;

/** Both camera types over exactly the selected span, in step; the chart cursor follows. */
export function TimeLapsePanel({ volcano, cameras, span, zone, tz, onTime }: Props) {
  // Its words are worked out in this render; a change of language draws them anew.
  useLocale();
  const freq = timeLapseFreq(span.to - span.from);
  const lanes = useLaneFrames(volcano, cameras, freq, span.from, span.to);
  const timeline = useMemo(() => {
    const ts = new Set<number>();
    for (const l of lanes) for (const r of l.frames) ts.add(r.time.utcMs);
    return [...ts].sort((a, b) => a - b);
  }, [lanes]);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [fps, setFps] = useState<number>(5);
  const onTimeRef = useRef(onTime);
  useEffect(() => {
    onTimeRef.current = onTime;
  });

  const last = timeline.length - 1;
  const i = Math.min(index, Math.max(0, last));
  const stepT = timeline[i];

  useEffect(() => {
    if (!playing) return;
    const id = setInterval(() => {
      setIndex((k) => {
        if (k >= last) {
          setPlaying(false);
          return k;
        }
        return k + 1;
      });
    }, 1000 / fps);
    return () => clearInterval(id);
  }, [playing, fps, last]);

  useEffect(() => {
    onTimeRef.current(stepT ?? null);
  }, [stepT]);
  useEffect(() => () => onTimeRef.current(null), []);

  // Each camera's frame for this step, if one stands for the step's time in its sampling; a frame
  // from long before would show a view the camera no longer had.
  const shown: Array<{ lane: (typeof lanes)[number]; r: ImageRecord | null }> = lanes.map((lane) => {
    if (stepT === undefined) return { lane, r: null };
    const k = frameNear(
      lane.frames.map((r) => r.time.utcMs),
      freq,
      stepT,
    );
    return { lane, r: k >= 0 ? lane.frames[k]! : null };
  });
  const truncated = lanes.some((l) => l.truncated);
  const loading = lanes.some((l) => l.isPending);
  const error = lanes.find((l) => l.error !== null);
  const noFrameNear = (at: UtcMs) => {
    const time = primaryLabel(at, zone, tz);
    return t`no frame near ${time}`;
  };

  return (
    <section className="timelapse" aria-label={t`Time-lapse of the selected span`}>
      <h3>
        <Trans>Time-lapse</Trans>
      </h3>
      <p className="muted">
        {spanLine(
          primaryLabel(span.from, zone, tz),
          primaryLabel(span.to, zone, tz),
          formatDuration(span.to - span.from),
          freqLabel(freq),
          timeline.length,
        )}
      </p>
      {error && <ErrorPanel error={error.error} onRetry={error.retry} context={t`Loading the time-lapse frames`} />}
      {loading && (
        <p role="status">
          <Trans>Loading the frames of the span…</Trans>
        </p>
      )}
      {truncated && (
        <p className="notice" role="status">
          <Trans>
            More frames match than one time-lapse loads; it plays the first ones. Select a shorter span for all of them.
          </Trans>
        </p>
      )}
      <div className="timelapse__frames">
        {shown.map(({ lane, r }) => (
          <figure key={lane.camera.key} className="timelapse__figure">
            {r ? (
              <ServiceImage
                src={r.image_url}
                alt={frameAlt(r.image_type, r.site, primaryLabel(r.time.utcMs, zone, tz))}
              />
            ) : (
              <div className="timelapse__empty">
                <Trans>No frame near this time</Trans>
              </div>
            )}
            <figcaption>
              {cameraCaption(lane.camera.imageType, lane.camera.site)} ·{' '}
              {r ? primaryLabel(r.time.utcMs, zone, tz) : stepT !== undefined ? noFrameNear(stepT) : t`no frames`}
            </figcaption>
          </figure>
        ))}
      </div>
      <div className="button-row timelapse__controls">
        <button
          type="button"
          className="primary"
          disabled={timeline.length < 2}
          onClick={() => {
            if (!playing && i >= last) setIndex(0);
            setPlaying((p) => !p);
          }}
        >
          {playing ? t`Pause` : t`Play time-lapse`}
        </button>
        <button type="button" disabled={i <= 0} onClick={() => setIndex(Math.max(0, i - 1))}>
          <Trans>Previous step</Trans>
        </button>
        <button type="button" disabled={i >= last} onClick={() => setIndex(Math.min(last, i + 1))}>
          <Trans>Next step</Trans>
        </button>
        <label>
          <Trans>Speed</Trans>{' '}
          <select value={fps} onChange={(e) => setFps(Number(e.target.value))}>
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {t`${s} steps/s`}
              </option>
            ))}
          </select>
        </label>
        <label className="timelapse__scrub">
          <Trans>Position</Trans>{' '}
          <input
            type="range"
            min={0}
            max={Math.max(0, last)}
            value={i}
            onChange={(e) => setIndex(Number(e.target.value))}
            aria-valuetext={stepT === undefined ? t`no frames` : primaryLabel(stepT, zone, tz)}
          />
        </label>
        <span role="status" className="muted">
          {stepOf(timeline.length ? i + 1 : 0, timeline.length)}
          {stepT !== undefined ? ` · ${primaryLabel(stepT, zone, tz)}` : ''}
        </span>
      </div>
    </section>
  );
}
