/**
 * Saving a report figure as SVG or PNG: the code an export dialog (figure-dialog.tsx) loads on its
 * first save, so no chart route paints with it.
 */
import { getRuntimeConfig } from '../../config/runtime-config';
import { saveBlob } from '../../downloads/save-file';
import { figureCaption, figureSource } from './figure-caption';
import { buildFigureSvg, type Figure } from './figure-svg';
import { figurePng } from './figure-png';

export type FigureFormat = 'png' | 'svg';

/** What a view says of its figure; the caption's source and time of export are added here. */
export interface FigureSpec extends Omit<Figure, 'caption' | 'width'> {
  /** The volcano, for a figure of one (the caption's first line). */
  volcano?: string;
  channels: readonly string[];
  /** Unix seconds to text naming its zone. */
  fmt: (s: number) => string;
  /** What the series are and the analysis' rule, one sentence each. */
  method?: readonly string[];
  /** File name without extension. */
  fileBase: string;
}

/** The figure as it will be saved (its caption included), for a given moment of export. */
export function figureOf(spec: FigureSpec, exportedAt: number, width: number): Figure {
  const source = figureSource(getRuntimeConfig(), window.location.href);
  const caption = figureCaption({
    volcano: spec.volcano,
    channels: spec.channels,
    x: spec.x,
    fmt: spec.fmt,
    method: spec.method,
    source,
    exportedAt,
  });
  return {
    title: spec.title,
    panels: spec.panels,
    x: spec.x,
    zone: spec.zone,
    panelHeight: spec.panelHeight,
    caption,
    width,
  };
}

/**
 * Builds the figure `width` CSS px wide and saves it as `<fileBase>.<format>`; a PNG at `scale` × the
 * figure's size.
 */
export async function saveFigure(spec: FigureSpec, format: FigureFormat, width: number, scale: number): Promise<void> {
  const built = buildFigureSvg(figureOf(spec, Date.now(), width));
  if (format === 'svg') {
    saveBlob(new Blob([built.svg], { type: 'image/svg+xml' }), `${spec.fileBase}.svg`);
    return;
  }
  saveBlob(await figurePng(built, scale), `${spec.fileBase}.png`);
}
