/**
 * Lockstep comparison (issue 11, src/core/sim/comparison.ts): variants of one scenario advanced together.
 */
import { describe, expect, it } from 'vitest';
import { fitRelaxation } from '../../src/core/diagnostics/ek-peaks';
import { Comparison } from '../../src/core/sim/comparison';
import { builtIn, worldOf } from '../helpers';

describe('lockstep comparison', () => {
  it('the first variant is bit-identical to the scenario run alone (the machinery perturbs nothing)', () => {
    const spec = builtIn('pile');
    const cmp = new Comparison(spec, [{}, { tangential: 'geometric' }, { mu: 0.1 }]);
    const alone = worldOf('pile');
    for (let k = 1; k <= 5; k++) {
      const T = k * 0.08; // the discs land at about 0.15 s
      cmp.advanceTo(T);
      alone.step(Math.floor((T - alone.t) / alone.dt + 1e-9));
      const a = alone.bodies, c = cmp.worlds[0].bodies;
      expect(cmp.worlds[0].stepCount).toBe(alone.stepCount);
      for (let b = 0; b < a.n; b++) {
        expect(c.x[b]).toBe(a.x[b]);
        expect(c.vy[b]).toBe(a.vy[b]);
        expect(c.omega[b]).toBe(a.omega[b]);
      }
    }
    expect(cmp.divergence(0)).toBe(0);
    expect(cmp.divergence(2)).toBeGreaterThan(0); // μ = 0.1 has gone its own way
  });

  it('Cundall vs geometric on two-disc at Δt = 0.1 tc: each variant fits the README sweep\'s t_R', () => {
    const spec = builtIn('two-disc', 'dtOverTc=0.1');
    const cmp = new Comparison(spec, [{ tangential: 'cundall' }, { tangential: 'geometric' }]);
    const tc = cmp.worlds[0].timeScales().tc;
    const relax = spec.run.relaxation!;
    for (let k = 1; k <= 2500 && !cmp.worlds.every((w) => w.peaks.relaxedBelow(relax.to)); k++) cmp.advanceTo(k * tc);
    const tR = cmp.worlds.map((w) => fitRelaxation(w.peaks, relax.from, relax.to).tR / tc);
    expect(tR[0]).toBeCloseTo(20.24, 1); // README: Cundall, rotation free, 20.24
    expect(tR[1]).toBeCloseTo(119.31, 1); // geometric 119.31
  });

  it('variants with Δt = 0.02 and 0.1 tc meet at common times: the finer takes five steps to each coarse one', () => {
    const cmp = new Comparison(builtIn('head-on'), [{ dtOverTc: 0.02 }, { dtOverTc: 0.1 }]);
    const [fine, coarse] = cmp.worlds;
    cmp.advanceTo(40 * coarse.dt);
    expect(fine.stepCount).toBe(200);
    expect(coarse.stepCount).toBe(40);
    expect(Math.abs(fine.t - coarse.t)).toBeLessThan(1e-12 * coarse.t);
    // a 3:1 ratio that is not exact in binary still meets within one step of each
    const odd = new Comparison(builtIn('head-on'), [{ dtOverTc: 0.03 }, { dtOverTc: 0.01 }]);
    odd.advanceTo(0.004);
    for (const w of odd.worlds) {
      expect(w.t).toBeLessThanOrEqual(0.004 + 1e-15);
      expect(0.004 - w.t).toBeLessThan(w.dt);
    }
  });

  it('a bad variant names itself and the field', () => {
    expect(() => Comparison.parseVariant('tangential=geometric,mu=5000', 1)).toThrow(/variant 2\.mu: must be a number from 0 to 1000, got 5000/);
    expect(() => Comparison.parseVariant('nonsense', 0)).toThrow(/variant 1: expected key=value/);
    expect(() => new Comparison(builtIn('head-on'), [{}, { integrator: 'cdm', tangential: 'geometric-paper' }])).toThrow(/variant 2\.tangential:/);
    expect(() => new Comparison(builtIn('head-on'), [{}, {}, {}, {}, {}])).toThrow(/variants: a comparison has 1 to 4 variants, got 5/);
  });

  it('malformed variants are refused, not read as the scenario (issue 39); only "" is the scenario as it is', () => {
    expect(Comparison.parseVariant('', 0)).toEqual({});
    expect(Comparison.parseVariant(' mu = 0.3 ,tangential=geometric', 0)).toEqual({ mu: 0.3, tangential: 'geometric' });
    for (const text of [',', ' ', 'mu=0.3,,', ',mu=0.3', 'mu=0.3, ,tangential=geometric']) {
      expect(() => Comparison.parseVariant(text, 0), JSON.stringify(text)).toThrow(/^variant 1: an empty entry in /);
    }
    expect(() => Comparison.parseVariant('mu=0.3,mu=0.4', 2)).toThrow(/^variant 3\.mu: given twice in one variant$/);
    // prototype names are unknown parameters, not a silent write to the patch's prototype
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(() => Comparison.parseVariant(`${key}=1`, 1), key).toThrow(new RegExp(`^variant 2\\.${key}: unknown parameter; known: normalLaw`));
    }
  });
});
