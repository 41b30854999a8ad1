/** The measuring tools' arithmetic (src/ui/measure/measure-geometry.ts) against hand-worked cases. */
import { describe, expect, it } from 'vitest';
import { angleAt, degreesText, distance, lengthText, slope, toScreen, toWorld } from '../../src/ui/measure/measure-geometry';

describe('measuring tools: geometry', () => {
  const view = { s: 250, ox: 40, oy: 300 };
  it('canvas ↔ world through the view: inverse of each other, y up in the world and down on the canvas', () => {
    expect(toScreen(view, { x: 0.2, y: 0.4 })).toEqual({ x: 90, y: 200 });
    const w = toWorld(view, { x: 90, y: 200 });
    expect(w.x).toBeCloseTo(0.2, 15);
    expect(w.y).toBeCloseTo(0.4, 15);
  });
  it('a 3-4-5 ruler is 5 long', () => {
    expect(distance({ x: 1, y: 1 }, { x: 4, y: 5 })).toBe(5);
  });
  it('the angle between arms, whichever order and quadrant', () => {
    const v = { x: 0, y: 0 };
    expect(angleAt(v, { x: 1, y: 0 }, { x: 1, y: Math.sqrt(3) })).toBeCloseTo(60, 12);
    expect(angleAt(v, { x: 1, y: Math.sqrt(3) }, { x: 1, y: 0 })).toBeCloseTo(60, 12);
    expect(angleAt(v, { x: -1, y: -0.0001 }, { x: -1, y: 0.0001 })).toBeCloseTo(0.011459, 5); // across ±180°
    expect(angleAt(v, { x: 1, y: 0 }, { x: -1, y: 0 })).toBeCloseTo(180, 12);
  });
  it("an arm's slope against the horizontal, pointing left or right", () => {
    expect(slope({ x: 0, y: 0 }, { x: 1, y: 1 })).toBeCloseTo(45, 12);
    expect(slope({ x: 0, y: 0 }, { x: -1, y: Math.tan(Math.PI / 6) })).toBeCloseTo(30, 12);
    expect(slope({ x: 0, y: 0 }, { x: -1, y: -Math.tan(Math.PI / 6) })).toBeCloseTo(30, 12);
  });
  it('labels: mm, cm, m with three digits; degrees to 0.1°; never NaN on screen', () => {
    expect(lengthText(0.00523)).toBe('5.23 mm');
    expect(lengthText(0.5)).toBe('50.0 cm');
    expect(lengthText(12.345)).toBe('12.3 m');
    expect(lengthText(NaN)).toBe('–');
    expect(degreesText(31.249)).toBe('31.2°');
    expect(degreesText(Infinity)).toBe('–');
  });
});
