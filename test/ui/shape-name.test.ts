/**
 * A body's name by its shape (src/ui/render/shape-name.ts): polygons by their corners, a four-cornered one a square or
 * a rectangle only when its corners are right angles.
 */
import { describe, expect, it } from 'vitest';
import { polygonName } from '../../src/ui/render/shape-name';

const regular = (n: number, turn = 0.3) => Array.from({ length: n }, (_, k) => [Math.cos(turn + (2 * Math.PI * k) / n), Math.sin(turn + (2 * Math.PI * k) / n)]).flat();

describe('polygonName', () => {
  it('names by corners: triangle, pentagon, hexagon, … and an n-gon beyond octagons', () => {
    expect(polygonName(regular(3))).toBe('triangle');
    expect(polygonName(regular(5))).toBe('pentagon');
    expect(polygonName(regular(6))).toBe('hexagon');
    expect(polygonName(regular(8))).toBe('octagon');
    expect(polygonName(regular(11))).toBe('11-gon');
  });

  it('a four-cornered polygon: square (turned too), rectangle, or quadrilateral', () => {
    expect(polygonName(regular(4, 0.785))).toBe('square');
    expect(polygonName([-0.05, -0.05, 0.05, -0.05, 0.05, 0.05, -0.05, 0.05])).toBe('square');
    expect(polygonName([0, 0, 2, 0, 2, 1, 0, 1])).toBe('rectangle');
    expect(polygonName([0, 0, 2, 0, 1.5, 1, 0, 1])).toBe('quadrilateral');
  });
});
