import { useEffect, useMemo, useRef, useState } from 'react';
import type { Freq, ImageRecord } from '../../../api/imagery/imagery-shapes';
import { HOUR_MS, DAY_MS, formatDuration, type UtcMs } from '../../../domain/time';
import { IMAGE_TYPE_LABEL, type Volcano } from '../../../domain/volcanoes';
import { ErrorPanel } from '../../../ui/error-panel';
import { frameNear } from './lanes';
import { primaryLabel } from '../time-labels';
import { useLaneFrames, type Camera } from '../use-volcano-data';
import type { DisplayZone } from '../volcano-params';
import { FREQ_LABEL } from './sampling';
import { ServiceImage } from '../../../ui/service-image';

/** Finer than the lanes: a time-lapse wants dozens of frames (at most three pages per camera). */
function timeLapseFreq(spanMs: number): Freq {
  if (spanMs <= HOUR_MS) return 'all';
  if (spanMs <= 10 * HOUR_MS) return 'minutely';
  if (spanMs <= 20 * DAY_MS) return 'hourly';
  return 'daily';
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
  const t = timeline[i];

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
    onTimeRef.current(t ?? null);
  }, [t]);
  useEffect(() => () => onTimeRef.current(null), []);

  // Each camera's frame for this step, if one stands for the step's time in its sampling; a frame
  // from long before would show a view the camera no longer had.
  const shown: Array<{ lane: (typeof lanes)[number]; r: ImageRecord | null }> = lanes.map((lane) => {
    if (t === undefined) return { lane, r: null };
    const k = frameNear(
      lane.frames.map((r) => r.time.utcMs),
      freq,
      t,
    );
    return { lane, r: k >= 0 ? lane.frames[k]! : null };
  });
  const truncated = lanes.some((l) => l.truncated);
  const loading = lanes.some((l) => l.isPending);
  const error = lanes.find((l) => l.error !== null);

  return (
    <section className="timelapse" aria-label="Time-lapse of the selected span">
      <h3>Time-lapse</h3>
      <p className="muted">
        {primaryLabel(span.from, zone, tz)} → {primaryLabel(span.to, zone, tz)} ({formatDuration(span.to - span.from)}),
        sampling {FREQ_LABEL[freq]}, {timeline.length} steps.
      </p>
      {error && <ErrorPanel error={error.error} onRetry={error.retry} context="Loading the time-lapse frames" />}
      {loading && <p role="status">Loading the frames of the span…</p>}
      {truncated && (
        <p className="notice" role="status">
          More frames match than one time-lapse loads; it plays the first ones. Select a shorter span for all of them.
        </p>
      )}
      <div className="timelapse__frames">
        {shown.map(({ lane, r }) => (
          <figure key={lane.camera.key} className="timelapse__figure">
            {r ? (
              <ServiceImage
                src={r.image_url}
                alt={`${IMAGE_TYPE_LABEL[r.image_type]} frame from ${r.site} at ${primaryLabel(r.time.utcMs, zone, tz)}`}
              />
            ) : (
              <div className="timelapse__empty">No frame near this time</div>
            )}
            <figcaption>
              {IMAGE_TYPE_LABEL[lane.camera.imageType]} · {lane.camera.site} ·{' '}
              {r
                ? primaryLabel(r.time.utcMs, zone, tz)
                : t !== undefined
                  ? `no frame near ${primaryLabel(t, zone, tz)}`
                  : 'no frames'}
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
          {playing ? 'Pause' : 'Play time-lapse'}
        </button>
        <button type="button" disabled={i <= 0} onClick={() => setIndex(Math.max(0, i - 1))}>
          Previous step
        </button>
        <button type="button" disabled={i >= last} onClick={() => setIndex(Math.min(last, i + 1))}>
          Next step
        </button>
        <label>
          Speed{' '}
          <select value={fps} onChange={(e) => setFps(Number(e.target.value))}>
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s} steps/s
              </option>
            ))}
          </select>
        </label>
        <label className="timelapse__scrub">
          Position{' '}
          <input
            type="range"
            min={0}
            max={Math.max(0, last)}
            value={i}
            onChange={(e) => setIndex(Number(e.target.value))}
            aria-valuetext={t === undefined ? 'no frames' : primaryLabel(t, zone, tz)}
          />
        </label>
        <span role="status" className="muted">
          Step {timeline.length ? i + 1 : 0} of {timeline.length}
          {t !== undefined ? ` · ${primaryLabel(t, zone, tz)}` : ''}
        </span>
      </div>
    </section>
  );
}
