/**
 * The measured growth factor of a blow-up (src/worker/growth-fit.ts, issue 36): a line through ln Ek over the steps.
 * Synthetic series with a known ρ: one growing mode (Ek oscillates inside its envelope, zero twice a period), a
 * monotonic growth (every step fitted), a start below `from` × low left out, and noise that bends the line (r² < 1).
 */
import { describe, expect, it } from 'vitest';
import { fitGrowth, MIN_PEAKS } from '../../src/worker/growth-fit';

/** Ek of one mode growing by ρ a step with phase θ a step: A² ρ^{2n} sin²(θn + φ) */
function oneMode(rho: number, theta: number, steps: number, phi = 0.3): Float64Array {
  return Float64Array.from({ length: steps }, (_, n) => 1e-20 * rho ** (2 * n) * Math.sin(theta * n + phi) ** 2);
}

describe('growth factor from ln Ek over the steps', () => {
  it('one mode inside its envelope: ρ from the local maxima, to 1 % of ln ρ, a straight line', () => {
    for (const [rho, theta] of [[1.067, 0.35], [1.19, 1.0], [1.02, 1.1]] as const) {
      const steps = Math.ceil(Math.log(1e6) / (2 * Math.log(rho)));
      const ek = oneMode(rho, theta, steps);
      const fit = fitGrowth(ek, steps, 500, 1e-20, 1)!;
      expect(fit).not.toBeNull();
      expect(fit.points).toBeGreaterThanOrEqual(MIN_PEAKS);
      expect(fit.points).toBeLessThan(steps / 2); // the maxima, not every step
      expect(Math.abs(Math.log(fit.rho) / Math.log(rho) - 1)).toBeLessThan(1e-2);
      expect(fit.r2).toBeGreaterThan(0.995);
      expect(fit.fromStep).toBeGreaterThanOrEqual(500);
      expect(fit.toStep).toBeLessThan(500 + steps);
      // the growth along the fitted line: ρ² per step between its ends
      expect(Math.log(fit.span) / (2 * (fit.toStep - fit.fromStep) * Math.log(rho))).toBeCloseTo(1, 1);
    }
  });

  it('Ek that grows every step has too few maxima: every step is fitted, exactly', () => {
    const ek = Float64Array.from({ length: 200 }, (_, n) => 3e-9 * 1.05 ** (2 * n));
    const fit = fitGrowth(ek, 200, 0, 3e-9, 1)!;
    expect(fit.points).toBe(200);
    expect(fit.rho).toBeCloseTo(1.05, 12);
    expect(fit.r2).toBeCloseTo(1, 12);
    expect(fit.span / 1.05 ** 398).toBeCloseTo(1, 9);
  });

  it('starts where Ek first reaches `from` × low: a flat start does not bend the line', () => {
    const flat = 100, ek = new Float64Array(flat + 150);
    for (let n = 0; n < flat; n++) ek[n] = 1e-12;
    for (let n = 0; n < 150; n++) ek[flat + n] = 1e-12 * 1.1 ** (2 * n);
    const fit = fitGrowth(ek, ek.length, 0, 1e-12, 100)!;
    expect(fit.fromStep).toBeGreaterThanOrEqual(flat + 24); // 1.1^48 ≈ 97 < 100
    expect(fit.rho).toBeCloseTo(1.1, 10);
    // from the low itself the flat part is fitted too, and the line is no longer straight
    const all = fitGrowth(ek, ek.length, 0, 1e-12, 1)!;
    expect(all.r2).toBeLessThan(0.95);
    expect(all.rho).toBeLessThan(1.09);
  });

  it('noise: r² below 1; too few points: no fit', () => {
    let s = 7;
    const noise = (): number => ((s = (s * 16807) % 2147483647) / 2147483647 - 0.5) * 4;
    const ek = Float64Array.from({ length: 100 }, (_, n) => Math.exp(0.1 * n + noise()));
    const fit = fitGrowth(ek, 100, 0, ek[0], 0)!;
    expect(fit.r2).toBeLessThan(0.99);
    expect(fitGrowth(new Float64Array([1, 2]), 2, 0, 1, 1)).toBeNull();
    expect(fitGrowth(new Float64Array([1, 2, 4, 8]), 4, 0, 1, 100)).toBeNull(); // never reaches 100 × low
  });
});
