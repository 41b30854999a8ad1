/**
 * The t_R(Δt) panel's plan (src/ui/relaxation/sweep-plan.ts): the runs and assignments of
 * `sim sweep two-disc --dt-over-tc L --set tangential=cundall,geometric --set rotation=true,false`, in its order,
 * and typed lists refused with the field and the range.
 */
import { describe, expect, it } from 'vitest';
import { planSweep, SWEEP_SERIES } from '../../src/ui/relaxation/sweep-plan';

describe('t_R(Δt) sweep plan', () => {
  it('Δt outermost, then tangential, then rotation: the CLI sweep order and assignment text', () => {
    const plan = planSweep(' 0.1, 1e-3 ');
    expect(plan.map((p) => p.assignments.join(' '))).toEqual([
      'dtOverTc=0.1 tangential=cundall rotation=true', 'dtOverTc=0.1 tangential=cundall rotation=false',
      'dtOverTc=0.1 tangential=geometric rotation=true', 'dtOverTc=0.1 tangential=geometric rotation=false',
      'dtOverTc=1e-3 tangential=cundall rotation=true', 'dtOverTc=1e-3 tangential=cundall rotation=false',
      'dtOverTc=1e-3 tangential=geometric rotation=true', 'dtOverTc=1e-3 tangential=geometric rotation=false',
    ]);
    expect(plan.map((p) => SWEEP_SERIES[p.series].tangential)).toEqual(['cundall', 'cundall', 'geometric', 'geometric', 'cundall', 'cundall', 'geometric', 'geometric']);
  });

  it('refuses a bad list, naming the field and the range', () => {
    for (const bad of ['', '0.1,abc', '2', '0x1', '1e-6', '0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1']) {
      expect(() => planSweep(bad)).toThrow(/Δt\/tc list: 1 to 8 numbers from 1e-5 to 1/);
    }
  });
});
