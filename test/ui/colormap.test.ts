/**
 * The particle colour tables (src/ui/render/colormap.ts) are Pixi's packed particle colours, BGR +
 * alpha << 24; a polygon's Graphics tint takes the same colour as 0xRRGGBB (packedToRgb).
 */
import { describe, expect, it } from 'vitest';
import { COUNT_COLORS, FIXED_COLOR, NEUTRAL_COLOR, packedToRgb, SPEED_LUT } from '../../src/ui/render/colormap';

describe('packedToRgb', () => {
  it('turns BGR + alpha into 0xRRGGBB', () => {
    expect(packedToRgb(0x33 << 16 | 0x22 << 8 | 0x11)).toBe(0x112233);
    expect(packedToRgb((0xcc << 16 | 0xbb << 8 | 0xaa) + 255 * 2 ** 24)).toBe(0xaabbcc); // opaque: above 2³¹
    expect(packedToRgb(255 * 2 ** 24)).toBe(0);
    expect(packedToRgb(0xffffffff)).toBe(0xffffff);
  });

  it('gives the colours of the tables', () => {
    expect(packedToRgb(SPEED_LUT[0])).toBe(0x440154); // viridis' dark end (68, 1, 84)
    expect(packedToRgb(SPEED_LUT[255])).toBe(0xfde725); // and its yellow end (253, 231, 37)
    expect(packedToRgb(NEUTRAL_COLOR)).toBe(0xaabed7);
    expect(packedToRgb(FIXED_COLOR)).toBe(0x6e6e6e);
    expect(packedToRgb(COUNT_COLORS[1])).toBe(0x56a0dc);
  });

  it('inverts the particle packing (b << 16 | g << 8 | r) + 255 · 2²⁴ for every channel value', () => {
    for (let v = 0; v < 256; v += 17) {
      const [r, g, b] = [v, 255 - v, (v * 7) & 255];
      expect(packedToRgb((b << 16 | g << 8 | r) + (255 << 24))).toBe(r << 16 | g << 8 | b);
    }
  });
});
