/**
 * Picking a polygon (src/worker/polygon-distance.ts): the signed distance from a point to a convex
 * polygon body is negative inside (minus the distance to the nearest edge), positive outside (to the
 * nearest edge or vertex), with the body's position and angle applied.
 */
import { describe, expect, it } from 'vitest';
import { polygonSignedDistance } from '../../src/worker/polygon-distance';

// a pool with a disc-free prefix: the square is the second polygon, from pair index 3
const TRIANGLE = [0, 0, 1, 0, 0, 1];
const SQUARE = [-1, -1, 1, -1, 1, 1, -1, 1]; // side 2 about the centroid, counter-clockwise
const POOL = [...TRIANGLE, ...SQUARE];
const sq = (px: number, py: number, x = 0, y = 0, phi = 0) => polygonSignedDistance(px, py, x, y, phi, POOL, 3, 4);

describe('polygonSignedDistance', () => {
  it('is minus the distance to the nearest edge inside, 0 on the outline', () => {
    expect(sq(0, 0)).toBeCloseTo(-1, 15);
    expect(sq(0.5, 0.2)).toBeCloseTo(-0.5, 15);
    expect(sq(0.9, 0.9)).toBeCloseTo(-0.1, 15); // near a corner: outside the inscribed circle, inside the square
    expect(sq(1, 0.3)).toBeCloseTo(0, 15);
  });

  it('is the distance to the nearest edge or vertex outside', () => {
    expect(sq(1.5, 0)).toBeCloseTo(0.5, 15);
    expect(sq(0, -3)).toBeCloseTo(2, 15);
    expect(sq(2, 2)).toBeCloseTo(Math.SQRT2, 15); // beyond a corner: to the vertex
    // inside the bounding circle (radius √2) but outside the square
    expect(sq(1.2, 0)).toBeGreaterThan(0);
  });

  it('applies the body position and angle', () => {
    // turned by 45°: the corners point along the axes, at distance √2 from the centre (3, −2)
    const phi = Math.PI / 4;
    expect(sq(3 + 1.3, -2, 3, -2, phi)).toBeLessThan(0); // toward a corner: inside
    expect(sq(3 + 1.1, -2 + 1.1, 3, -2, phi)).toBeCloseTo(Math.hypot(1.1, 1.1) - 1, 12); // along an edge normal
    expect(sq(3 + 1.5, -2, 3, -2, phi)).toBeGreaterThan(0);
  });

  it('reads the polygon from its own place in the pool', () => {
    const tri = (px: number, py: number) => polygonSignedDistance(px, py, 0, 0, 0, POOL, 0, 3);
    expect(tri(0.2, 0.2)).toBeCloseTo(-0.2, 15);
    expect(tri(0.6, 0.6)).toBeCloseTo(Math.SQRT1_2 * 0.2, 12);
    expect(tri(-1, 0.5)).toBeCloseTo(1, 15);
  });
});
