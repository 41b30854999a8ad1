/**
 * E1, paper 000 Figs. 4–9 (docs/validation.md#e1-two-disc-relaxation): two-disc stress-controlled relaxation,
 * Ek(t) = E₀ exp(−t/t_R) (paper 000 Eq. 12) fitted through the Ek peaks between 10⁻² and 10⁻⁶ of
 * the largest. Reference for the exact linear model: t_R = 0.75/(ζ ω₀) = 59.6 t_c with rotation
 * locked and 3m/γ_n = 119.2 t_c with rotation free (docs/validation.md#e1-two-disc-relaxation).
 * Checks: the geometric scheme gives the same t_R within 1 % at every Δt/t_c of the ladder and matches the
 * reference within 1 %; the Cundall spring's t_R grows strictly as Δt falls, and its error is first order:
 * the extra relaxation rate 1/t_R − 1/t_R,geometric falls in proportion to Δt (observed order 1.00 between
 * 10⁻² and 10⁻³ t_c), so t_R reaches the geometric value within 1 % only at Δt ≈ 10⁻⁴ t_c (still 4.6 % low at
 * 10⁻³). CI runs the ladder 10⁻¹, 10⁻², 10⁻³ (a 10⁻⁴ t_c run alone costs 16.5 million steps) and predicts
 * the 10⁻⁴ value from the measured order; `npm run validate` runs 10⁻¹ … 10⁻⁴ and asserts it directly.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/cli/run-scenario';
import { builtIn } from '../helpers';
import { FULL, tier } from '../tier';

const DTS = tier([1e-1, 1e-2, 1e-3], [1e-1, 2e-2, 1e-2, 1e-3, 1e-4]);
const REFERENCE = { true: 119.2, false: 59.6 } as const;

function tR(tangential: string, rotation: boolean, dtOverTc: number): number {
  const { summary } = runScenario(builtIn('two-disc', `tangential=${tangential}`, `rotation=${rotation}`, `dtOverTc=${dtOverTc}`));
  expect(summary.status).toBe('ok');
  expect(summary.relaxation?.decaying).toBe(true);
  expect(summary.relaxation!.peaks).toBeGreaterThan(50);
  return summary.relaxation!.tROverTc;
}

describe('E1 two-disc relaxation (paper 000 Figs. 5–9)', () => {
  for (const rotation of [true, false]) {
    const label = rotation ? 'rotation free' : 'rotation locked';
    let runs: number[] | undefined; // run once, read by both tests
    const geometricRuns = (): number[] => (runs ??= DTS.map((dt) => tR('geometric', rotation, dt)));
    it(`geometric scheme, ${label}: tR independent of Δt and equal to the reference within 1 %`, () => {
      const geometric = geometricRuns();
      for (const v of geometric) {
        expect(Math.abs(v / REFERENCE[`${rotation}`] - 1)).toBeLessThan(0.01);
        expect(Math.abs(v / geometric[geometric.length - 1] - 1)).toBeLessThan(0.01);
      }
    });
    it(`Cundall spring, ${label}: tR grows monotonically as Δt falls, its error first order, converging only at Δt ≈ 1e-4 tc`, () => {
      const values = DTS.map((dt) => tR('cundall', rotation, dt));
      for (let k = 1; k < values.length; k++) expect(values[k]).toBeGreaterThan(values[k - 1]);
      const geometric = geometricRuns();
      const limit = geometric[geometric.length - 1]; // the Δt-independent value the spring must converge to
      const at = (dt: number): number => values[DTS.indexOf(dt)];
      expect(at(1e-1) / limit).toBeLessThan(0.25); // Δt = 0.1 tc: far off (paper 000 Fig. 5)
      expect(Math.abs(at(1e-3) / limit - 1)).toBeGreaterThan(0.03); // 1e-3 tc: still ≈ 5 % low
      // the spring's extra relaxation rate, 1/tR − 1/tR(geometric), is first order in Δt
      const excess = (v: number): number => 1 / v - 1 / limit;
      const order = Math.log10(excess(at(1e-2)) / excess(at(1e-3)));
      expect(order).toBeGreaterThan(0.9);
      expect(order).toBeLessThan(1.1);
      // so at 1e-4 tc it is within 1 % (measured 0.5 % low): predicted from the order, or run under validate
      const at1e4 = FULL ? at(1e-4) : 1 / (1 / limit + excess(at(1e-3)) * 10 ** -order);
      expect(Math.abs(at1e4 / limit - 1)).toBeLessThan(0.01);
      expect(Math.abs(at1e4 / limit - 1)).toBeGreaterThan(0.001); // but not yet exact: the error is still first order
    });
  }
});
