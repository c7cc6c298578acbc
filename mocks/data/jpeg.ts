/**
 * Small synthetic camera frames (160×120 JPEG via jpeg-js). Infrared: false colour, dark with a
 * glowing summit; visible: sky and mountain, dark at night, grey in fog, near-black when empty.
 * Encoded variants are cached (type × site × variant × flags), so ZIPs of thousands are fast.
 */
import { encode } from 'jpeg-js';
import { rand3, seedOf } from './prng';

export const IMAGE_W = 160;
export const IMAGE_H = 120;

export interface FrameSpec {
  type: 'infrared' | 'visible';
  site: string;
  /** 0..7: visual variety (cloud, glow strength), e.g. from the capture hour. */
  variant: number;
  empty: boolean;
  night: boolean;
  degraded: boolean;
  lowVisibility: boolean;
}

const cache = new Map<string, Uint8Array>();

type Rgb = [number, number, number];

function lerp(a: Rgb, b: Rgb, f: number): Rgb {
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

/** Iron-bow style palette for infrared intensity 0..1. */
function ironbow(v: number): Rgb {
  const stops: Rgb[] = [
    [8, 4, 20],
    [60, 10, 90],
    [170, 30, 80],
    [240, 110, 20],
    [255, 220, 90],
    [255, 255, 235],
  ];
  const x = Math.max(0, Math.min(0.9999, v)) * (stops.length - 1);
  const i = Math.floor(x);
  return lerp(stops[i]!, stops[i + 1]!, x - i);
}

function render(spec: FrameSpec): Uint8Array {
  const seed = seedOf(`${spec.site}/${spec.type}`);
  const px = new Uint8Array(IMAGE_W * IMAGE_H * 4);
  const peakX = IMAGE_W * (0.4 + 0.2 * rand3(seed, 1));
  const peakY = IMAGE_H * (0.3 + 0.1 * rand3(seed, 2));
  const slope = 0.6 + 0.4 * rand3(seed, 3);
  const glow = 0.5 + 0.5 * rand3(seed, spec.variant, 4);
  for (let y = 0; y < IMAGE_H; y++) {
    for (let x = 0; x < IMAGE_W; x++) {
      const ground = peakY + Math.abs(x - peakX) * slope;
      const isMountain = y >= ground;
      const noise = (rand3(seed, y * IMAGE_W + x, spec.variant) - 0.5) * 0.06;
      let c: Rgb;
      if (spec.type === 'infrared') {
        const dx = (x - peakX) / 14;
        const dy = (y - peakY - 3) / 10;
        const hot = Math.exp(-(dx * dx + dy * dy)) * glow;
        const plume = !isMountain && y < peakY ? Math.exp(-(((x - peakX - (peakY - y) * 0.4) / 10) ** 2)) * 0.25 * glow : 0;
        const base = isMountain ? 0.22 - (y - ground) * 0.001 : 0.06 + y * 0.0006;
        let v = base + hot + plume + noise;
        if (spec.degraded && Math.floor(y / 6) % 2 === 0) v = Math.min(1, v * 2.2 + 0.25); // banding
        c = ironbow(v);
      } else {
        const skyTop: Rgb = spec.night ? [6, 8, 22] : [70 + spec.variant * 4, 130, 210];
        const skyBottom: Rgb = spec.night ? [18, 20, 40] : [180, 205, 230];
        const rock: Rgb = spec.night ? [12, 12, 14] : [92, 80, 70];
        const snow: Rgb = spec.night ? [30, 30, 36] : [235, 235, 240];
        c = isMountain ? (y - ground < 8 && y < IMAGE_H * 0.55 ? snow : lerp(rock, [60, 75, 50], (y - ground) / IMAGE_H)) : lerp(skyTop, skyBottom, y / IMAGE_H);
        if (spec.night && !isMountain && rand3(seed, x * 7 + y, 9) < 0.004) c = [220, 220, 200];
        if (spec.lowVisibility) c = lerp(c, spec.night ? [40, 40, 44] : [170, 172, 175], 0.75);
        c = [c[0] * (1 + noise), c[1] * (1 + noise), c[2] * (1 + noise)];
      }
      if (spec.empty) c = [4 + noise * 40, 4 + noise * 40, 4 + noise * 40];
      const o = (y * IMAGE_W + x) * 4;
      px[o] = Math.max(0, Math.min(255, c[0]));
      px[o + 1] = Math.max(0, Math.min(255, c[1]));
      px[o + 2] = Math.max(0, Math.min(255, c[2]));
      px[o + 3] = 255;
    }
  }
  return encodeJpeg(px);
}

/**
 * jpeg-js returns `Buffer.from(bytes)` when `module` exists, which bundlers keep defined in the
 * browser; a scoped stand-in for `Buffer` makes it work there too.
 */
function encodeJpeg(px: Uint8Array): Uint8Array {
  const g = globalThis as { Buffer?: unknown };
  const shim = g.Buffer === undefined;
  if (shim) g.Buffer = { from: (a: ArrayLike<number>) => Uint8Array.from(a) };
  try {
    const out = encode({ width: IMAGE_W, height: IMAGE_H, data: px }, 70).data;
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  } finally {
    if (shim) delete g.Buffer;
  }
}

export function jpegFor(spec: FrameSpec): Uint8Array {
  const key = `${spec.type}|${spec.site}|${spec.variant}|${+spec.empty}${+spec.night}${+spec.degraded}${+spec.lowVisibility}`;
  let out = cache.get(key);
  if (!out) {
    out = render(spec);
    cache.set(key, out);
  }
  return out;
}
