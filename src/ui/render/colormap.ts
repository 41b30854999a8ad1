/** Colour tables for the particle tint, as Pixi's packed particle colour (BGR + alpha << 24). */

/** Viridis-like ramp, 9 control points, dark blue → yellow. */
const RAMP: [number, number, number][] = [
  [68, 1, 84], [72, 40, 120], [62, 74, 137], [49, 104, 142], [38, 130, 142],
  [31, 158, 137], [53, 183, 121], [109, 205, 89], [253, 231, 37],
];

function packBgrOpaque(r: number, g: number, b: number): number {
  // same arithmetic as Particle's tint setter: bgr + (alpha·255 << 24)
  return ((b & 255) << 16 | (g & 255) << 8 | (r & 255)) + (255 << 24);
}

export const SPEED_LUT: number[] = Array.from({ length: 256 }, (_, k) => {
  const s = (k / 255) * (RAMP.length - 1);
  const a = Math.min(RAMP.length - 2, Math.floor(s));
  const f = s - a;
  const c0 = RAMP[a], c1 = RAMP[a + 1];
  return packBgrOpaque(
    Math.round(c0[0] + f * (c1[0] - c0[0])),
    Math.round(c0[1] + f * (c1[1] - c0[1])),
    Math.round(c0[2] + f * (c1[2] - c0[2])),
  );
});

/** Contact count 0, 1, 2, …, 6+ */
export const COUNT_COLORS: number[] = [
  [90, 100, 120], [86, 160, 220], [80, 200, 160], [240, 210, 80], [245, 150, 60], [230, 80, 70], [200, 60, 160],
].map(([r, g, b]) => packBgrOpaque(r, g, b));

export const NEUTRAL_COLOR = packBgrOpaque(170, 190, 215);
export const FIXED_COLOR = packBgrOpaque(110, 110, 110);
export const SELECTED_COLOR = packBgrOpaque(255, 80, 80);

/** A packed particle colour (BGR + alpha << 24, as above) as 0xRRGGBB, for a Graphics tint. */
export function packedToRgb(packed: number): number {
  const r = packed & 255, g = (packed >>> 8) & 255, b = (packed >>> 16) & 255;
  return (r << 16) | (g << 8) | b;
}

/** CSS colour of a ramp position in [0, 1], for the legend. */
export function rampCss(f: number): string {
  const s = Math.max(0, Math.min(1, f)) * (RAMP.length - 1);
  const a = Math.min(RAMP.length - 2, Math.floor(s));
  const t = s - a;
  const c = [0, 1, 2].map((q) => Math.round(RAMP[a][q] + t * (RAMP[a + 1][q] - RAMP[a][q])));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}
