/**
 * The axial edge average without trigonometry (test/core/oracles/edge-average.ts, the JavaScript oracle of the kernel's: src/core/wasm/assembly/polygon-plane.ts) against its definition
 * (docs/model.md#contact-plane-for-polygons): θ = ½ atan2(Σ l_k sin 2φ_k, Σ l_k cos 2φ_k), ρ = |Σ l_k e^{2iφ_k}| / Σ l_k,
 * evaluated here with atan2, sin and cos per edge; and the flip's choice against β_a = acos|n_a·b| ≤ 90° − β_a.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/math/rng';
import { edgeAverageAngle } from '../oracles/edge-average';
import { flipNormal } from '../oracles/flip';
import { AXIAL, LITERAL_SIGNED } from '../../../src/core/plane/plane-ids';
import { randomConvex, regular } from '../shapes/polygons';

/** The definition, term by term with trigonometry */
function axialByAngles(xy: Float64Array, n: number): { theta: number; rho: number } {
  let s2 = 0, c2 = 0, total = 0;
  for (let k = 0; k < n; k++) {
    const l = (k + 1) % n, ex = xy[2 * l] - xy[2 * k], ey = xy[2 * l + 1] - xy[2 * k + 1], len = Math.hypot(ex, ey);
    const phi2 = 2 * Math.atan2(ey, ex);
    s2 += len * Math.sin(phi2); c2 += len * Math.cos(phi2); total += len;
  }
  return { theta: 0.5 * Math.atan2(s2, c2), rho: Math.hypot(s2, c2) / total };
}

describe('axial edge average without trigonometry', () => {
  it('gives the direction (cos θ, sin θ) and ρ of the doubled-angle mean within 1e-13 on 2,000 random convex overlaps', () => {
    const rng = new Rng(38), out = new Float64Array(3);
    let worstDir = 0, worstRho = 0, nearVertical = 0;
    for (let t = 0; t < 2000; t++) {
      const xy = randomConvex(rng, rng.uniform(-5, 5), rng.uniform(-5, 5)), n = xy.length / 2;
      const ref = axialByAngles(xy, n);
      edgeAverageAngle(AXIAL, xy, n, out);
      if (ref.rho < 1e-6) continue; // no line: the direction is not defined
      // the line has no direction: compare d with ±(cos θ, sin θ)
      const dot = out[0] * Math.cos(ref.theta) + out[1] * Math.sin(ref.theta);
      worstDir = Math.max(worstDir, Math.hypot(out[0] - Math.sign(dot) * Math.cos(ref.theta), out[1] - Math.sign(dot) * Math.sin(ref.theta)) * Math.min(1, ref.rho));
      worstRho = Math.max(worstRho, Math.abs(out[2] - ref.rho));
      if (Math.abs(out[0]) < 0.1) nearVertical++;
    }
    expect(worstDir).toBeLessThan(1e-13);
    expect(worstRho).toBeLessThan(1e-13);
    expect(nearVertical).toBeGreaterThan(10); // the branch for cos 2θ < 0 is exercised
  });

  it('is a unit vector along a rectangle\'s long side, and isotropic (ρ = 0) for a square and a regular hexagon', () => {
    const out = new Float64Array(3);
    edgeAverageAngle(AXIAL, Float64Array.of(0, 0, 0, -3, 1, -3, 1, 0), 4, out); // 1 × 3, long side vertical
    expect(Math.abs(out[1])).toBeCloseTo(1, 14);
    expect(out[2]).toBeCloseTo(0.5, 14); // (3 + 3 − 1 − 1)/8
    for (const xy of [regular(4, 1, 0, 0, 0.3), regular(6, 2, 1, 1, 0.1)]) {
      edgeAverageAngle(AXIAL, xy, xy.length / 2, out);
      expect(out[2]).toBeLessThan(1e-15);
    }
  });

  it('keeps the literal readings\' angle mean (cos θ, sin θ, ρ = 1)', () => {
    const out = new Float64Array(3), xy = Float64Array.of(0, 0, 2, 1, 1, 2);
    edgeAverageAngle(LITERAL_SIGNED, xy, 3, out);
    let sum = 0, total = 0;
    for (let k = 0; k < 3; k++) {
      const l = (k + 1) % 3, ex = xy[2 * l] - xy[2 * k], ey = xy[2 * l + 1] - xy[2 * k + 1], len = Math.hypot(ex, ey);
      sum += len * Math.atan(ey / ex); total += len;
    }
    expect(out[0]).toBe(Math.cos(sum / total));
    expect(out[1]).toBe(Math.sin(sum / total));
    expect(out[2]).toBe(1);
  });
});

describe('the flip without acos', () => {
  it('chooses the candidate with the smaller folded angle to the centre line, as acos does, on 10,000 random lines', () => {
    const rng = new Rng(7), out = new Float64Array(2);
    let disagree = 0, flips = 0;
    for (let t = 0; t < 10_000; t++) {
      const th = rng.uniform(-Math.PI / 2, Math.PI / 2), b = rng.uniform(0, 2 * Math.PI);
      const dx = Math.cos(th), dy = Math.sin(th), bx = Math.cos(b), by = Math.sin(b);
      const betaA = Math.acos(Math.min(1, Math.abs(-dy * bx + dx * by)));
      const expected = betaA <= Math.PI / 2 - betaA ? 0 : 1;
      const choice = flipNormal(dx, dy, bx, by, -1, 0, out);
      if (choice !== expected && Math.abs(betaA - Math.PI / 4) > 1e-12) disagree++;
      if (choice === 1) flips++;
      expect(out[0] * bx + out[1] * by).toBeGreaterThanOrEqual(0); // oriented along b
    }
    expect(disagree).toBe(0);
    expect(flips).toBeGreaterThan(3000); // both candidates win, about half the time each
  });

  it('keeps last step\'s choice within the hysteresis and leaves it beyond', () => {
    const out = new Float64Array(2), h = (20 * Math.PI) / 180;
    const at = (betaDeg: number) => { const a = (betaDeg * Math.PI) / 180; return [Math.cos(a), Math.sin(a)]; };
    // b along x; d at angle α from b: n_a = ẑ×d is 90° − α from b, so β_a = 90° − α
    const [dx1, dy1] = at(50); // β_a = 40°, β_b = 50°: n_a wins alone; kept as 1 (β_b − β_a = 10° ≤ 20°)
    expect(flipNormal(dx1, dy1, 1, 0, -1, h, out)).toBe(0);
    expect(flipNormal(dx1, dy1, 1, 0, 1, h, out)).toBe(1);
    const [dx2, dy2] = at(70); // β_a = 20°, β_b = 70°: 50° > 20°, the choice changes to n_a
    expect(flipNormal(dx2, dy2, 1, 0, 1, h, out)).toBe(0);
  });
});
