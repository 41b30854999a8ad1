/**
 * The particle colour tables (src/ui/render/colormap.ts) are Pixi's packed particle colours, BGR +
 * alpha << 24; a polygon's Graphics tint takes the same colour as 0xRRGGBB (packedToRgb).
 */
import { describe, expect, it } from 'vitest';
import { hexNumber, SCENE } from '../../src/ui/palette';
import { COUNT_COLORS, countsCss, FIXED_COLOR, NEUTRAL_COLOR, packedToRgb, SPEED_LUT } from '../../src/ui/render/colormap';

describe('packedToRgb', () => {
  it('turns BGR + alpha into 0xRRGGBB', () => {
    expect(packedToRgb(0x33 << 16 | 0x22 << 8 | 0x11)).toBe(0x112233);
    expect(packedToRgb((0xcc << 16 | 0xbb << 8 | 0xaa) + 255 * 2 ** 24)).toBe(0xaabbcc); // opaque: above 2³¹
    expect(packedToRgb(255 * 2 ** 24)).toBe(0);
    expect(packedToRgb(0xffffffff)).toBe(0xffffff);
  });

  it('gives the palette\'s colours (src/ui/palette.ts)', () => {
    expect(packedToRgb(SPEED_LUT[0])).toBe(0x2a788e); // viridis at 0.4 (42, 120, 142)
    expect(packedToRgb(SPEED_LUT[255])).toBe(0xfde725); // and its yellow end (253, 231, 37)
    expect(packedToRgb(NEUTRAL_COLOR)).toBe(hexNumber(SCENE.neutral));
    expect(packedToRgb(FIXED_COLOR)).toBe(hexNumber(SCENE.fixed));
    expect(COUNT_COLORS.map(packedToRgb)).toEqual(SCENE.contactCounts.map(hexNumber));
  });

  it('the contact legend: the seven colours in order, in equal steps from 0 to 100 %', () => {
    const stops = [...countsCss().matchAll(/(#[0-9a-f]{6}) ([\d.]+)% ([\d.]+)%/g)].map((m) => [m[1], Number(m[2]), Number(m[3])] as const);
    expect(stops.map((s) => s[0])).toEqual(SCENE.contactCounts);
    stops.forEach(([, from, to], k) => {
      expect(from).toBeCloseTo((100 * k) / 7, 2);
      expect(to).toBeCloseTo((100 * (k + 1)) / 7, 2);
    });
  });

  it('inverts the particle packing (b << 16 | g << 8 | r) + 255 · 2²⁴ for every channel value', () => {
    for (let v = 0; v < 256; v += 17) {
      const [r, g, b] = [v, 255 - v, (v * 7) & 255];
      expect(packedToRgb((b << 16 | g << 8 | r) + (255 << 24))).toBe(r << 16 | g << 8 | b);
    }
  });
});
