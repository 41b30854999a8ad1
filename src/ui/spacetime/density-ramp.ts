/**
 * The space–time picture's colour map (issue 36 item 4): viridis (van der Walt & Smith, matplotlib), perceptually
 * uniform, its lightness rising from dark violet (no grain) to yellow (the densest), so dense plugs read at a glance
 * and in grey too. Nine stops of the published map at 0, 1/8, …, 1, linear between them.
 */

const STOPS = ['#440154', '#472d7b', '#3b528b', '#2c728e', '#21918c', '#28ae80', '#5ec962', '#addc30', '#fde725'];

const rgb = (css: string): [number, number, number] => { const v = parseInt(css.slice(1), 16); return [(v >> 16) & 255, (v >> 8) & 255, v & 255]; };
const STOP_RGB = STOPS.map(rgb);

/** The map at f in [0, 1] (clamped), as 8-bit RGB. */
export function densityColour(f: number): [number, number, number] {
  const s = Math.max(0, Math.min(1, Number.isFinite(f) ? f : 0)) * (STOP_RGB.length - 1);
  const a = Math.min(STOP_RGB.length - 2, Math.floor(s)), t = s - a;
  return [0, 1, 2].map((q) => Math.round(STOP_RGB[a][q] + t * (STOP_RGB[a + 1][q] - STOP_RGB[a][q]))) as [number, number, number];
}

/** The map as a CSS gradient, empty → densest, for the panel's legend. */
export function densityCss(): string {
  return `linear-gradient(90deg, ${STOPS.join(', ')})`;
}
