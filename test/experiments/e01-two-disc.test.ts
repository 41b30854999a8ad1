/**
 * E1, paper 000 Figs. 4–9 (docs/validation.md#e1-two-disc-relaxation): two-disc stress-controlled relaxation,
 * Ek(t) = E₀ exp(−t/t_R) (paper 000 Eq. 12) fitted through the Ek peaks between 10⁻² and 10⁻⁶ of
 * the largest. Reference for the exact linear model: t_R = 0.75/(ζ ω₀) = 59.6 t_c with rotation
 * locked and 3m/γ_n = 119.2 t_c with rotation free [computed, docs/validation.md#e1-two-disc-relaxation].
 * Checks: the geometric scheme gives the same t_R within 1 % at every Δt/t_c from 10⁻¹ to 10⁻⁴ and
 * matches the reference within 1 %; the Cundall spring's t_R grows strictly as Δt falls and reaches
 * the geometric value (within 1 %) only at Δt = 10⁻⁴ t_c.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/cli/run-scenario';
import { builtIn } from '../helpers';

const DTS = [1e-1, 2e-2, 1e-2, 1e-3, 1e-4];
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
    it(`geometric scheme, ${label}: tR independent of Δt and equal to the reference within 1 %`, () => {
      const values = DTS.map((dt) => tR('geometric', rotation, dt));
      for (const v of values) {
        expect(Math.abs(v / REFERENCE[`${rotation}`] - 1)).toBeLessThan(0.01);
        expect(Math.abs(v / values[values.length - 1] - 1)).toBeLessThan(0.01);
      }
    });
    it(`Cundall spring, ${label}: tR grows monotonically as Δt falls, converging only at small Δt`, () => {
      const values = DTS.map((dt) => tR('cundall', rotation, dt));
      for (let k = 1; k < values.length; k++) expect(values[k]).toBeGreaterThan(values[k - 1]);
      const geometric = REFERENCE[`${rotation}`];
      expect(values[0] / geometric).toBeLessThan(0.25); // Δt = 0.1 tc: far off (paper 000 Fig. 5)
      expect(Math.abs(values[3] / geometric - 1)).toBeGreaterThan(0.03); // 1e-3 tc: still ≈ 5 % low
      expect(Math.abs(values[4] / geometric - 1)).toBeLessThan(0.01); // 1e-4 tc: converged
    });
  }
});
