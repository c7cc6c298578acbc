/**
 * The report figure's PNG: the figure's SVG (figure-svg.ts) drawn into a canvas at `scale` × its
 * CSS size, so the PNG and the SVG are one drawing (same columns, caption and labels) and the PNG's
 * pixel size is the chosen resolution exactly. An SVG with no outside references drawn from a blob
 * URL leaves the canvas readable.
 */
import { t } from '@lingui/core/macro';
import type { BuiltFigure } from './figure-svg';

export function figurePng(f: BuiltFigure, scale: number): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([f.svg], { type: 'image/svg+xml' }));
  return new Promise<Blob>((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const out = document.createElement('canvas');
      out.width = Math.round(f.width * scale);
      out.height = Math.round(f.height * scale);
      const ctx = out.getContext('2d');
      if (!ctx) return reject(new Error(t`This browser cannot draw a canvas for the PNG.`));
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, out.width, out.height);
      ctx.drawImage(img, 0, 0, out.width, out.height);
      out.toBlob((b) => (b ? resolve(b) : reject(new Error(t`The PNG could not be encoded.`))), 'image/png');
    };
    img.onerror = () => reject(new Error(t`The figure could not be drawn.`));
    img.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}
