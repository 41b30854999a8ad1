/**
 * The heap's angle of repose from its free surface (src/core/diagnostics/heap-angle.ts, docs/model.md#heap-angle-of-repose)
 * on synthetic heaps: columns of discs stacked up to a surface with known flank slopes (12°, 31°, 54°, asymmetric),
 * with and without noise in the positions and radii, with stray discs on the floor and on the top; each flank within 1°.
 */
import { describe, expect, it } from 'vitest';
import { heapAngles } from '../../src/core/diagnostics/heap-angle';
import { Rng } from '../../src/core/math/rng';

interface Discs { x: number[]; y: number[]; r: number[] }

const deg = Math.PI / 180;

/**
 * Columns of discs (diameter d, pitch d) stacked from the floor y = 0 while a disc's top stays under the surface
 * y = H − tan(left)·(−x) left of x = 0 and H − tan(right)·x right of it, plus a single layer on the floor out to
 * `spread` beyond the heap's feet. `noise`: positions jittered by up to noise·r, radii by up to noise·r.
 */
function heap(left: number, right: number, o: { H?: number; d?: number; spread?: number; noise?: number; seed?: number } = {}): Discs {
  const d = o.d ?? 0.01, H = o.H ?? 50 * d, noise = o.noise ?? 0, rng = new Rng(o.seed ?? 1);
  const xl = -H / Math.tan(left * deg), xr = H / Math.tan(right * deg), spread = o.spread ?? 10 * d;
  const out: Discs = { x: [], y: [], r: [] };
  for (let x = Math.floor((xl - spread) / d) * d; x <= xr + spread; x += d) {
    const surface = x < 0 ? H + Math.tan(left * deg) * x : H - Math.tan(right * deg) * x;
    for (let j = 0; ; j++) {
      const y = d / 2 + j * d;
      if (j > 0 && y + d / 2 > surface) break; // the floor layer is there everywhere
      const r = (d / 2) * (1 + noise * rng.uniform(-1, 1));
      out.x.push(x + noise * (d / 2) * rng.uniform(-1, 1));
      out.y.push(y + noise * (d / 2) * rng.uniform(-1, 1));
      out.r.push(r);
    }
  }
  return out;
}

const angles = (h: Discs) => heapAngles(h.x, h.y, h.r, h.x.length);

describe('heap angle of repose from the free surface', () => {
  for (const slope of [12, 31, 54]) {
    it(`a symmetric heap with ${slope}° flanks: both within 1°, fits close to a line`, () => {
      const a = angles(heap(slope, slope));
      for (const f of [a.left, a.right]) {
        expect(Math.abs(f.angle - slope)).toBeLessThan(1);
        expect(f.points).toBeGreaterThan(10);
        expect(f.linearity).toBeGreaterThan(0.99);
        expect(f.rms).toBeLessThan(0.01); // below a diameter
      }
      expect(Math.abs(a.peakX)).toBeLessThan(0.01 + 0.01 / Math.tan(slope * deg)); // on the top step of the staircase
      expect(a.floorY).toBeCloseTo(0, 12);
    });
  }

  it('asymmetric flanks (31° left, 54° right, and the mirror 12° / 31°): each its own angle within 1°; the fitted segments lie on their side', () => {
    const a = angles(heap(31, 54));
    expect(Math.abs(a.left.angle - 31)).toBeLessThan(1);
    expect(Math.abs(a.right.angle - 54)).toBeLessThan(1);
    expect(Math.max(a.left.x0, a.left.x1)).toBeLessThan(a.peakX);
    expect(Math.min(a.right.x0, a.right.x1)).toBeGreaterThan(a.peakX);
    expect(a.left.y1).toBeGreaterThan(a.left.y0);
    const b = angles(heap(54, 12));
    expect(Math.abs(b.left.angle - 54)).toBeLessThan(1);
    expect(Math.abs(b.right.angle - 12)).toBeLessThan(1);
  });

  it('noise: positions and radii jittered by ±30 % of a radius, five seeds, 12°, 31° and 54°: within 1°', () => {
    for (const slope of [12, 31, 54]) {
      for (let seed = 1; seed <= 5; seed++) {
        const a = angles(heap(slope, slope, { noise: 0.3, seed }));
        expect(Math.abs(a.left.angle - slope)).toBeLessThan(1);
        expect(Math.abs(a.right.angle - slope)).toBeLessThan(1);
      }
    }
  });

  it('a disc on the peak, a disc far out on the floor and a gap in the surface do not move the angles', () => {
    const h = heap(31, 31);
    const clean = angles(h);
    h.x.push(0); h.y.push(0.5 + 0.015); h.r.push(0.005); // sticking out of the top
    h.x.push(3); h.y.push(0.005); h.r.push(0.005); // far out on the floor, beyond empty columns
    const stray = angles(h);
    expect(Math.abs(stray.left.angle - clean.left.angle)).toBeLessThan(0.05);
    expect(Math.abs(stray.right.angle - clean.right.angle)).toBeLessThan(0.05);
    expect(Math.abs(stray.right.angle - 31)).toBeLessThan(1);
  });

  it('too few surface points give NaN, not a number; no bodies give NaN', () => {
    const a = angles({ x: [0, 0.01, 0.02], y: [0.005, 0.005, 0.005], r: [0.005, 0.005, 0.005] });
    expect(a.left.angle).toBeNaN();
    expect(a.right.angle).toBeNaN();
    expect(heapAngles([], [], [], 0).left.angle).toBeNaN();
  });
});
