/** The visible range: its bounds, zoom and pan about the cursor, back to the default, and the display zone. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { UtcMs } from '../../domain/time';
import { primaryLabel } from './time-labels';
import { instantBound, MIN_RANGE_MS, type DisplayZone, type VolcanoRange, type TimeBound } from './volcano-params';

export interface RangeNavigation {
  /** Shows from..to, at least MIN_RANGE_MS long and never past now. */
  setRange: (from: UtcMs, to: UtcMs) => void;
  zoomBy: (factor: number) => void;
  pan: (fraction: number) => void;
}

export function useRangeNavigation(
  range: VolcanoRange,
  cursorT: UtcMs | null,
  onRange: (bounds: { from: TimeBound; to: TimeBound }) => void,
): RangeNavigation {
  const setRange = (from: UtcMs, to: UtcMs) => {
    const span = Math.max(MIN_RANGE_MS, to - from);
    const end = Math.min(Date.now(), from + span);
    onRange({ from: instantBound(end - span), to: instantBound(end) });
  };
  // Zoom keeps the cursor where it is when it is on screen, so the frame looked at stays in view.
  const zoomBy = (factor: number) => {
    const c = cursorT !== null && cursorT >= range.from && cursorT <= range.to ? cursorT : (range.from + range.to) / 2;
    const len = (range.to - range.from) * factor;
    setRange(c - len / 2, c + len / 2);
  };
  const pan = (fraction: number) => {
    const len = range.to - range.from;
    setRange(range.from + len * fraction, range.to + len * fraction);
  };
  return { setRange, zoomBy, pan };
}

interface Props {
  range: VolcanoRange;
  zone: string;
  tz: DisplayZone;
  nav: RangeNavigation;
  onDefault: () => void;
  onTz: (tz: DisplayZone) => void;
}

export function RangeToolbar({ range, zone, tz, nav, onDefault, onTz }: Props) {
  const { t } = useLingui();
  return (
    <div className="volcano__toolbar button-row" role="toolbar" aria-label={t`Time range`}>
      <span>
        {primaryLabel(range.from, zone, tz, false)} → {primaryLabel(range.to, zone, tz, false)}
      </span>
      <button type="button" onClick={() => nav.zoomBy(0.5)} disabled={range.to - range.from <= MIN_RANGE_MS}>
        <Trans>Zoom in</Trans>
      </button>
      <button type="button" onClick={() => nav.zoomBy(2)}>
        <Trans>Zoom out</Trans>
      </button>
      <button type="button" onClick={() => nav.pan(-0.5)}>
        <Trans>Earlier</Trans>
      </button>
      <button type="button" onClick={() => nav.pan(0.5)}>
        <Trans>Later</Trans>
      </button>
      <button type="button" onClick={onDefault}>
        <Trans>Last 7 days</Trans>
      </button>
      <label>
        <Trans>Times in</Trans>{' '}
        <select value={tz} onChange={(e) => onTz(e.target.value === 'local' ? 'local' : 'utc')}>
          <option value="utc">UTC</option>
          <option value="local">{t`Site time (${zone})`}</option>
        </select>
      </label>
    </div>
  );
}
