/**
 * E2, paper 000 §3 and Fig. 3 (docs/validation.md#e2-shear-cell): the 256-polygon shear cell at Δt/t_c = 13/2500 and
 * 13/500, frictionless and with μ = 0.5, through `sim delta-ek`'s own code. Checks: μ = 0, the two step sizes
 * agree (the relative cumulative |ΔEk| stays below 1 %); μ = 0.5, they separate further (the Cundall spring's
 * Δt-dependent dissipation). CI runs the first 25 t_c (measured 0.005 % and 0.18 %: 38 times apart); the paper's
 * and `npm run validate`'s 100 t_c measured 0.46 % and 0.94 % (the integrator's error plus the slow parting of two
 * chaotic trajectories narrows the gap as the run goes on).
 */
import { describe, expect, it } from 'vitest';
import { deltaEk } from '../../src/cli/delta-ek';
import { builtIn } from '../helpers';
import { tier } from '../tier';

const DURATION_OVER_TC = tier(25, 100);

const run = (mu: number) => {
  const at = (dt: number) => builtIn('shear-cell', `mu=${mu}`, `dtOverTc=${dt}`, `durationOverTc=${DURATION_OVER_TC}`);
  return deltaEk([at(13 / 2500), at(13 / 500)]);
};

describe('E2 shear cell (paper 000 Fig. 3e)', () => {
  it('frictionless: the two step sizes agree; with μ = 0.5 they separate', () => {
    const free = run(0), rough = run(0.5);
    for (const r of [free, rough]) {
      expect(r.status).toBe('ok');
      expect(r.rows).toBeGreaterThan(DURATION_OVER_TC / 2); // a row per ≈ 1.25 t_c
      expect(r.csv.split('\n')[0]).toBe('t,Ek_a,Ek_b,dEk,cumulative_dEk,cumulative_abs_dEk');
    }
    expect(free.relativeCumulative).toBeLessThan(0.01);
    expect(rough.relativeCumulative).toBeGreaterThan(1.5 * free.relativeCumulative);
  });
});
