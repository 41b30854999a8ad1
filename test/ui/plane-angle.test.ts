/**
 * The contact-plane angle as the chart shows it (src/ui/charts/plane-angle.ts, docs/user-guide.md#contact-plane-chart-for-polygons):
 * degrees modulo 180°, unwrapped to within 90° of the previous sample so that a wrap is never a jump, gaps
 * bridged, and jump markers only where the line really turns by more than 5° between two samples.
 */
import { describe, expect, it } from 'vitest';
import { isJump, JUMP_DEG, jumpMarkers, mod180Deg, planeAngleDeg, unwrapNear, unwrapSeries } from '../../src/ui/charts/plane-angle';

const rad = (deg: number) => (deg * Math.PI) / 180;

describe('modulo 180°', () => {
  it('maps a normal and its opposite to the same line angle in [0°, 180°)', () => {
    for (const d of [0, 45, 90, 135, 179.5, -0.5, -45, -90, -135, -179.9, 180, 270, 359, -360]) {
      const m = mod180Deg(rad(d));
      expect(m).toBeGreaterThanOrEqual(0);
      expect(m).toBeLessThan(180);
      expect(mod180Deg(rad(d + 180))).toBeCloseTo(m, 9);
      expect(Math.abs(Math.sin(rad(m - d)))).toBeLessThan(1e-12); // the same line
    }
    expect(mod180Deg(rad(45))).toBeCloseTo(45, 12);
    expect(mod180Deg(rad(-135))).toBeCloseTo(45, 12);
    expect(mod180Deg(rad(-0.5))).toBeCloseTo(179.5, 12);
    expect(mod180Deg(-1e-17)).toBeLessThan(180); // round-off at the top end
  });

  it('keeps NaN (not in contact)', () => {
    expect(mod180Deg(NaN)).toBeNaN();
    expect(planeAngleDeg(NaN, 10)).toBeNaN();
  });
});

describe('unwrapping', () => {
  it('moves a value by multiples of 180° to within 90° of the reference', () => {
    expect(unwrapNear(179, 1)).toBeCloseTo(-1, 12);
    expect(unwrapNear(1, 179)).toBeCloseTo(181, 12);
    expect(unwrapNear(10, 370)).toBeCloseTo(370, 12);
    expect(unwrapNear(100, NaN)).toBe(100);
    for (const ref of [-400, -90, 0, 33, 89.9, 200, 1e4]) {
      for (const d of [0, 1, 45, 89, 91, 135, 179.99]) {
        const u = unwrapNear(d, ref);
        expect(u - ref).toBeGreaterThanOrEqual(-90);
        expect(u - ref).toBeLessThan(90);
        expect(Math.abs(Math.sin(rad(u - d)))).toBeLessThan(1e-9);
      }
    }
  });

  it('a normal turning steadily through the ±90°/180° wraps draws one straight line', () => {
    // a line turning by 2° a sample for three full turns: atan2 of its normal wraps at ±180°, the
    // modulo at 0°/180°, yet the shown values go up by 2° every sample
    const raw = Array.from({ length: 540 }, (_, k) => Math.atan2(Math.sin(rad(-170 + 2 * k)), Math.cos(rad(-170 + 2 * k))));
    const shown = unwrapSeries(raw);
    for (let k = 1; k < shown.length; k++) expect(shown[k] - shown[k - 1]).toBeCloseTo(2, 9);
    expect(shown[0]).toBeCloseTo(10, 9);
    expect(jumpMarkers(shown).every((v) => Number.isNaN(v))).toBe(true);
  });

  it('a flip between the normal and its opposite is no change at all', () => {
    const shown = unwrapSeries([rad(88), rad(-92), rad(88), rad(268), rad(-92.5)]);
    expect(Array.from(shown)).toEqual([88, 88, 88, 88, 87.5].map((v) => expect.closeTo(v, 9)));
  });

  it('goes on across a gap from the last value shown', () => {
    const shown = unwrapSeries([rad(178), rad(179), NaN, NaN, rad(1), rad(3)]);
    expect(shown[2]).toBeNaN();
    expect(shown[3]).toBeNaN();
    expect(shown[4]).toBeCloseTo(181, 9);
    expect(shown[5]).toBeCloseTo(183, 9);
  });

  it('starts near a given reference', () => {
    expect(unwrapSeries([rad(170)], 0)[0]).toBeCloseTo(-10, 9);
  });
});

describe('jump markers', () => {
  it('mark a sample that turned by more than 5° from the one before, with its value', () => {
    expect(JUMP_DEG).toBe(5);
    const shown = [10, 12, 18, 18.5, 13.4, 9, NaN, 40, 41, 131];
    const m = jumpMarkers(shown);
    expect(Array.from(m, (v) => (Number.isNaN(v) ? null : v))).toEqual([null, null, 18, null, 13.4, null, null, null, null, 131]);
  });

  it('a gap is not a jump, nor is exactly 5°', () => {
    expect(isJump(NaN, 50)).toBe(false);
    expect(isJump(10, NaN)).toBe(false);
    expect(isJump(10, 15)).toBe(false);
    expect(isJump(10, 15.001)).toBe(true);
    expect(isJump(10, 4.9)).toBe(true);
    expect(isJump(10, 12, 1)).toBe(true);
  });

  it('a wrap is never a jump, a 90° flip of the plane is', () => {
    const wrap = unwrapSeries([rad(179), rad(-179), rad(181.5), rad(-178)]);
    expect(jumpMarkers(wrap).every((v) => Number.isNaN(v))).toBe(true);
    const flip = unwrapSeries([rad(30), rad(31), rad(120), rad(120.5)]);
    const m = jumpMarkers(flip);
    expect(m[2]).toBeCloseTo(120, 9);
    expect([m[0], m[1], m[3]].every((v) => Number.isNaN(v))).toBe(true);
  });
});
