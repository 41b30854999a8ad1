/** Colour tables for the particle tint, as Pixi's packed particle colour (BGR + alpha << 24), from the palette (../palette.ts). */
import { SCENE } from '../palette';

type Rgb = [number, number, number];

const rgb = (css: string): Rgb => { const v = parseInt(css.slice(1), 16); return [(v >> 16) & 255, (v >> 8) & 255, v & 255]; };

/** The speed ramp's control points, slow → fast (viridis 0.4 … 1). */
const RAMP: Rgb[] = SCENE.speedRamp.map(rgb);

function packBgrOpaque([r, g, b]: Rgb): number {
  // same arithmetic as Particle's tint setter: bgr + (alpha·255 << 24)
  return ((b & 255) << 16 | (g & 255) << 8 | (r & 255)) + (255 << 24);
}

/** The ramp at f in [0, 1], linear between its control points. */
function rampAt(f: number): Rgb {
  const s = Math.max(0, Math.min(1, f)) * (RAMP.length - 1);
  const a = Math.min(RAMP.length - 2, Math.floor(s));
  const t = s - a;
  return [0, 1, 2].map((q) => Math.round(RAMP[a][q] + t * (RAMP[a + 1][q] - RAMP[a][q]))) as Rgb;
}

export const SPEED_LUT: number[] = Array.from({ length: 256 }, (_, k) => packBgrOpaque(rampAt(k / 255)));

/** Contact count 0, 1, 2, …, 6+ */
export const COUNT_COLORS: number[] = SCENE.contactCounts.map((c) => packBgrOpaque(rgb(c)));

export const NEUTRAL_COLOR = packBgrOpaque(rgb(SCENE.neutral));
export const FIXED_COLOR = packBgrOpaque(rgb(SCENE.fixed));

/** A packed particle colour (BGR + alpha << 24, as above) as 0xRRGGBB, for a Graphics tint. */
export function packedToRgb(packed: number): number {
  const r = packed & 255, g = (packed >>> 8) & 255, b = (packed >>> 16) & 255;
  return (r << 16) | (g << 8) | b;
}

/** The speed ramp as a CSS gradient, slow → fast, for the legend. */
export function speedCss(): string {
  return `linear-gradient(90deg, ${SCENE.speedRamp.join(', ')})`;
}

/** The contact counts' colours as a CSS gradient of equal steps, 0 → 6+, for the legend. */
export function countsCss(): string {
  const n = SCENE.contactCounts.length;
  const steps = SCENE.contactCounts.map((c, k) => `${c} ${((100 * k) / n).toFixed(2)}% ${((100 * (k + 1)) / n).toFixed(2)}%`);
  return `linear-gradient(90deg, ${steps.join(', ')})`;
}
