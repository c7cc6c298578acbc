/** The volcano view's RSAM card: the chart, its bands and its legend. */
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useMemo } from 'react';
import { useLocale } from '../../i18n/runtime';
import { alignSeries, insertGaps, type AlignedData } from '../../chart/series-data';
import { FigureExport } from '../../chart/figure/figure-export';
import { seriesColor, seriesColorName } from '../../chart/palette';
import { useShownTheme } from '../../stores/theme-store';
import type { FigureSpec } from '../../chart/figure/figure-save';
import { zoneFileTag } from '../../domain/local-time';
import { nameInstant, nameSlug } from '../../domain/zip-name';
import { formatUtcLabel, MINUTE_MS, type UtcMs } from '../../domain/time';
import { formatLocalLabel } from '../../domain/zoned-time';
import { ErrorPanel } from '../../ui/error-panel';
import type { ShownEvent } from './events/use-range-events';
import { RsamChart, type Band, type PlotBox } from './rsam-chart';
import type { useRsam } from './use-volcano-data';
import type { VolcanoRange } from './volcano-params';
import type { Span } from './frames/quality';

/** The span's bounds in the chart's zone, named. */
function spanText(s: Span, zone: string): string {
  const label = (ms: UtcMs) => (zone === 'UTC' ? formatUtcLabel(ms, false) : formatLocalLabel(ms, zone, false));
  const from = label(s.from);
  const to = label(s.to);
  return t`${from} to ${to}`;
}

/** Shading of the chart: spans every camera was blind, events, and the selected span. */
function chartBands(blind: readonly Span[], events: readonly ShownEvent[], span: Span | null): Band[] {
  const b: Band[] = blind.map((s) => ({ from: s.from / 1000, to: s.to / 1000, kind: 'blind' }));
  for (const e of events) b.push({ from: e.from / 1000, to: Math.max(e.to, e.from + MINUTE_MS) / 1000, kind: 'event' });
  if (span) b.push({ from: span.from / 1000, to: span.to / 1000, kind: 'span' });
  return b;
}

/** Unix seconds as text naming its zone, as the figure's caption says its range and time of export. */
function fmtIn(zone: string, s: number): string {
  return zone === 'UTC' ? formatUtcLabel(s * 1000) : formatLocalLabel(s * 1000, zone);
}

/** The chart's accessible name: `RSAM of AV.CLES..BHZ and AV.CLCL..BHZ`. */
function rsamOf(ids: readonly string[]): string {
  // One message per pair, so a language says its own "and": A and B and C.
  const channels = ids.length ? ids.reduce((a, b) => t`${a} and ${b}`) : '';
  return t`RSAM of ${channels}`;
}

/** A palette colour's name (src/chart/palette.ts writes them in English) in the language shown. */
function colourWords(name: string): string {
  switch (name) {
    case 'orange':
      return t`orange`;
    case 'sky-blue':
      return t`sky-blue`;
    case 'green':
      return t`green`;
    case 'yellow':
      return t`yellow`;
    case 'blue':
      return t`blue`;
    case 'vermillion':
      return t`vermillion`;
    case 'reddish-purple':
      return t`reddish-purple`;
  }
  return name;
}

/** A key's colour for a screen reader: `orange line:`. */
function lineOf(name: string): string {
  const colour = colourWords(name);
  return t`${colour} line:`;
}

/** The selected span's key, with its bounds. */
function spanKey(span: Span | null, zone: string): string {
  if (!span) return t`blue hatching between solid blue edges: the selected span, none chosen.`;
  const bounds = spanText(span, zone);
  return t`blue hatching between solid blue edges: the selected span (${bounds}).`;
}

interface Props {
  volcanoName: string;
  rsam: ReturnType<typeof useRsam>;
  displayZone: string;
  range: VolcanoRange;
  blind: readonly Span[];
  events: readonly ShownEvent[];
  span: Span | null;
  /** Drawn when the pointer is not over the chart (a picked frame, the time-lapse). */
  marker: UtcMs | null;
  onHover: (t: UtcMs | null) => void;
  onZoom: (from: UtcMs, to: UtcMs) => void;
  onPlotBox: (box: PlotBox) => void;
}

export function VolcanoRsamCard({ volcanoName, rsam, displayZone, range, blind, events, span, marker, ...on }: Props) {
  const data = useMemo((): AlignedData => {
    // One column per channel always: uPlot's series are built from the channel list.
    const parts = rsam.channels.map((c) => (c.series ? insertGaps(c.series) : { x: new Float64Array(0), y: [] }));
    return alignSeries(parts);
  }, [rsam.channels]);
  const bands = useMemo(() => chartBands(blind, events, span), [blind, events, span]);
  const ids = rsam.channels.map((c) => c.id);
  const legendId = useId();
  // The legend's swatches in the shown theme's palette, as the chart's lines (and named for a screen reader).
  const theme = useShownTheme();
  const hasPoints = rsam.channels.some((c) => (c.series?.times.length ?? 0) > 0);
  // The words below are worked out here, outside a hook: a change of language draws them anew.
  useLocale();
  const channelList = ids.join(', ');
  const count = ids.length;

  /**
   * The chart as a report figure (chart/figure/): the same columns, one panel whose key names each
   * channel, on the same logarithmic axis, over the view's range; the volcano in its caption.
   */
  const figureSpec = (): FigureSpec => {
    const x = [range.from / 1000, range.to / 1000] as const;
    return {
      title: t`RSAM at ${volcanoName}: ${channelList}`,
      panels: [
        {
          label: plural(count, {
            one: `${volcanoName}, RSAM of # channel`,
            other: `${volcanoName}, RSAM of # channels`,
          }),
          data,
          series: ids.map((label, i) => ({ label, color: i })),
          yLabel: t`RSAM (counts)`,
          log: true,
        },
      ],
      x,
      zone: displayZone,
      volcano: volcanoName,
      channels: ids,
      fmt: (s) => fmtIn(displayZone, s),
      method: [
        t`RSAM counts as the service gave them, on a logarithmic axis. The view’s shading (events, every camera blind, the selected span) is not drawn.`,
      ],
      fileBase: `rsam_${nameSlug(volcanoName)}_${nameInstant(range.from)}_${nameInstant(range.to, true)}_${zoneFileTag(displayZone)}`,
    };
  };

  return (
    <div className="volcano-chart card" data-testid="volcano-chart">
      <h2 className="visually-hidden">
        <Trans>Seismic amplitude (RSAM)</Trans>
      </h2>
      {rsam.error !== null && (
        <ErrorPanel error={rsam.error} onRetry={rsam.retry} context={t`Loading RSAM for ${volcanoName}`} />
      )}
      {rsam.isPending && (
        <p role="status">
          <Trans>Loading RSAM…</Trans>
        </p>
      )}
      <div className="button-row">
        <FigureExport spec={figureSpec} disabled={!hasPoints} />
      </div>
      <RsamChart
        data={data}
        labels={ids}
        zone={displayZone}
        range={[range.from / 1000, range.to / 1000]}
        bands={bands}
        marker={marker === null ? null : marker / 1000}
        onCursor={(t) => on.onHover(t === null ? null : Math.round(t * 1000))}
        onZoom={(a, b) => on.onZoom(a * 1000, b * 1000)}
        onPlotBox={on.onPlotBox}
        label={rsamOf(ids)}
        describedBy={legendId}
      />
      <p id={legendId} className="muted volcano-chart__legend">
        {ids.map((id, i) => (
          <span key={id} className="volcano-chart__key">
            <span className="volcano-chart__swatch" style={{ background: seriesColor(i, theme) }} aria-hidden="true" />
            <span className="visually-hidden">{`${i > 0 ? ', ' : ''}${lineOf(seriesColorName(i, theme))} `}</span>
            {id}
          </span>
        ))}{' '}
        {t`· red shading: events · grey shading: every camera blind ·`}{' '}
        <span className="volcano-chart__span-key" aria-hidden="true" /> {spanKey(span, displayZone)}{' '}
        {t`Drag across the chart to zoom. Focused, Shift+← → step a cursor that reads the values, Shift+Home / End go to the first / last point, Escape hides it.`}
      </p>
    </div>
  );
}
