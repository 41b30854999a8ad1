/**
 * The colour science the palette tests use (test/ui/palette.test.ts), each checked there against published
 * values: WCAG 2.1 relative luminance and contrast ratio, colour-vision deficiency simulated with the
 * Machado, Oliveira & Fernandes (2009) matrices, CIELAB (D65) and the CIEDE2000 colour difference.
 */

export type Rgb = [number, number, number];
export type Lab = [number, number, number];
export type Vision = 'normal' | 'protanopia' | 'deuteranopia' | 'tritanopia';
export const VISIONS: readonly Vision[] = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'];

/** '#rrggbb' as 0–255 channels. */
export function parseHex(css: string): Rgb {
  if (!/^#[0-9a-f]{6}$/i.test(css)) throw new Error(`not a #rrggbb colour: ${css}`);
  const v = parseInt(css.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** An sRGB channel 0–255 in linear light 0–1 (IEC 61966-2-1; WCAG 2.1's definition of relative luminance). */
export function toLinear(c8: number): number {
  const c = c8 / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.1 relative luminance of an sRGB colour. */
export function relativeLuminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map(toLinear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1 contrast ratio (L1 + 0.05) / (L2 + 0.05), lighter over darker: 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = relativeLuminance(a), lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `fg` drawn with opacity `alpha` over `bg` (sRGB-encoded mixing, as canvas and WebGL blend). */
export function over(fg: Rgb, alpha: number, bg: Rgb): Rgb {
  return [0, 1, 2].map((k) => alpha * fg[k] + (1 - alpha) * bg[k]) as Rgb;
}

/**
 * Machado, Oliveira & Fernandes (2009), "A physiologically-based model for simulation of color vision
 * deficiency", IEEE TVCG 15(6): the matrices for severity 1.0 (dichromacy), applied to linear RGB.
 */
export const MACHADO_2009: Record<Exclude<Vision, 'normal'>, number[][]> = {
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
};

/** The linear RGB (0–1) a viewer with `vision` sees for sRGB colour `rgb` (clipped to the gamut). */
export function simulate(rgb: Rgb, vision: Vision): Rgb {
  const lin = rgb.map(toLinear) as Rgb;
  if (vision === 'normal') return lin;
  const m = MACHADO_2009[vision];
  return m.map((row) => Math.min(1, Math.max(0, row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2]))) as Rgb;
}

/** Linear sRGB (0–1) to CIELAB, D65 white (IEC 61966-2-1 primaries; CIE 15:2004). */
export function linearToLab(lin: Rgb): Lab {
  const [r, g, b] = lin;
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
  const z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const fx = f(x), fy = f(y), fz = f(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIELAB of sRGB colour `rgb` as a viewer with `vision` sees it. */
export function labSeen(rgb: Rgb, vision: Vision): Lab {
  return linearToLab(simulate(rgb, vision));
}

const deg = Math.PI / 180;

/**
 * CIEDE2000 colour difference (CIE 142-2001), implemented as Sharma, Wu & Dalal (2005), "The CIEDE2000
 * color-difference formula: implementation notes, supplementary test data, and mathematical observations",
 * Color Res. Appl. 30(1), eqs. 1–17, with kL = kC = kH = 1.
 */
export function ciede2000(lab1: Lab, lab2: Lab): number {
  const [L1, a1, b1] = lab1, [L2, a2, b2] = lab2;
  const Cab = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cab ** 7 / (Cab ** 7 + 25 ** 7)));
  const ap1 = (1 + G) * a1, ap2 = (1 + G) * a2;
  const C1 = Math.hypot(ap1, b1), C2 = Math.hypot(ap2, b2);
  const hue = (b: number, ap: number) => (b === 0 && ap === 0 ? 0 : (Math.atan2(b, ap) / deg + 360) % 360);
  const h1 = hue(b1, ap1), h2 = hue(b2, ap2);
  const dL = L2 - L1, dC = C2 - C1;
  let dh = 0;
  if (C1 * C2 !== 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(C1 * C2) * Math.sin((dh / 2) * deg);
  const Lm = (L1 + L2) / 2, Cm = (C1 + C2) / 2;
  let hm = h1 + h2;
  if (C1 * C2 !== 0) {
    if (Math.abs(h1 - h2) <= 180) hm /= 2;
    else hm = hm < 360 ? (hm + 360) / 2 : (hm - 360) / 2;
  }
  const T = 1 - 0.17 * Math.cos((hm - 30) * deg) + 0.24 * Math.cos(2 * hm * deg) + 0.32 * Math.cos((3 * hm + 6) * deg) - 0.2 * Math.cos((4 * hm - 63) * deg);
  const dTheta = 30 * Math.exp(-(((hm - 275) / 25) ** 2));
  const RC = 2 * Math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7));
  const SL = 1 + (0.015 * (Lm - 50) ** 2) / Math.sqrt(20 + (Lm - 50) ** 2);
  const SC = 1 + 0.045 * Cm;
  const SH = 1 + 0.015 * Cm * T;
  const RT = -Math.sin(2 * dTheta * deg) * RC;
  return Math.sqrt((dL / SL) ** 2 + (dC / SC) ** 2 + (dH / SH) ** 2 + RT * (dC / SC) * (dH / SH));
}

/** CIEDE2000 between two sRGB colours as a viewer with `vision` sees them. */
export function differenceSeen(a: Rgb, b: Rgb, vision: Vision): number {
  return ciede2000(labSeen(a, vision), labSeen(b, vision));
}
