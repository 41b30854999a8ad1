/**
 * Hertz–Mindlin (paper 002 §2.1; docs/model.md#hertz-mindlin-law): the stiffnesses against the special cases the
 * paper prints, the δ^{1/4} dashpot's speed-independent restitution, and paper 002's remark 5 — the consistent
 * tangential update keeps second order with the nonlinear model too, the traditional one stays first order — on
 * Case I and Case II (E5, E6's scenes, docs/validation.md#hertz-mindlin-orders), through the convergence ladder.
 * Measured (cdm, finest pair): Case I angle/spin traditional 1.026/1.028, consistent 2.017/2.017 (reference Δt/8);
 * Case II traditional 1.055/1.057/1.055/1.057 (position/velocity/angle/spin; ladder 4096 … 32768: its coarser runs
 * gain energy until the detector stops them), consistent 2.004 on all four.
 */
import { describe, expect, it } from 'vitest';
import { exportLammps } from '../../src/cli/lammps-export';
import { runConvergence, type LadderResult, type Quantity } from '../../src/core/convergence/ladder';
import { dashpots } from '../../src/core/laws/dashpot';
import { hertzMindlinLaw } from '../../src/core/laws/hertz-mindlin';
import { CONTACT_LAWS } from '../../src/core/laws/registry';
import { ContactList } from '../../src/core/state/contact-list';
import { builtIn, worldOf } from '../helpers';

const E = 2e7, NU = 0.25, EW = 5e7, NUW = 0.35, KAPPA = 0.4, G = E / (2 * (1 + NU));
const HM = ['normalLaw=hertz-mindlin', `youngModulus=${E}`, `poissonRatio=${NU}`, `wallYoungModulus=${EW}`, `wallPoissonRatio=${NUW}`, `hmDamping=${KAPPA}`];

describe('Hertz–Mindlin: the stiffnesses paper 002 prints', () => {
  const w = worldOf('head-on', ...HM, 'nuTOverNuN=1');
  const m = w.material();
  /** One contact of the law at overlap d: two discs of radii ri, rj (ri = 0: a wall), reduced mass mr */
  const contact = (d: number, ri: number, rj: number, mr: number) => {
    const c = new ContactList(1);
    c.count = 1; c.law[0] = hertzMindlinLaw.index; c.delta[0] = d; c.lc[0] = Math.min(ri || rj, rj); c.mr[0] = mr; c.un[0] = -0.2;
    c.rin[0] = ri; c.rjn[0] = -rj;
    dashpots(c, m);
    for (const law of CONTACT_LAWS) law.normalForces(c, m);
    return c;
  };
  it('is one row of the registry and reads its own constants', () => {
    expect(CONTACT_LAWS[hertzMindlinLaw.index]).toBe(hertzMindlinLaw);
    expect(m.own.kappa).toBe(KAPPA);
  });
  it('two equal spheres: k_n = E√(2r)/(3(1−ν²)), k_s = 2√2 G √(rδ)/(2−ν), η_n = κ √(m_r k_n) δ^{1/4}, η_s = η_n', () => {
    const r = 0.03, d = 4e-4, mr = 0.7;
    const c = contact(d, r, r, mr);
    const kn = (E * Math.sqrt(2 * r)) / (3 * (1 - NU * NU));
    expect(c.fe[0] / (kn * d ** 1.5) - 1).toBeCloseTo(0, 13);
    expect(c.kt[0] / ((2 * Math.SQRT2 * G * Math.sqrt(r * d)) / (2 - NU)) - 1).toBeCloseTo(0, 13);
    expect(c.gn[0] / (KAPPA * Math.sqrt(mr * kn) * d ** 0.25) - 1).toBeCloseTo(0, 13);
    expect(c.gt[0]).toBe(c.gn[0]);
    expect(c.fn[0]).toBeCloseTo(c.fe[0] + 0.2 * c.gn[0], 12);
  });
  it('a sphere on a wall: k_n = (4/3)√r E E_w/((1−ν²)E_w + (1−ν_w²)E), k_s = 8 G √(rδ)/(2−ν)', () => {
    const r = 0.02, d = 2e-4;
    const c = contact(d, 0, r, 0.3);
    const kn = ((4 / 3) * Math.sqrt(r) * E * EW) / ((1 - NU * NU) * EW + (1 - NUW * NUW) * E);
    expect(c.fe[0] / (kn * d ** 1.5) - 1).toBeCloseTo(0, 13);
    expect(c.kt[0] / ((8 * G * Math.sqrt(r * d)) / (2 - NU)) - 1).toBeCloseTo(0, 13);
  });
  it('with the δ^{1/4} dashpot the restitution does not depend on the impact speed (0.2 and 2 m/s agree to 1e-3)', () => {
    const e = (v: number) => {
      const h = worldOf('head-on', ...HM, `hmSpeed=${v}`, 'hmRadius=0.025', 'dtOverTc=0.002',
        `particles.0.vx=${v / 2}`, `particles.1.vx=${-v / 2}`, 'particles.0.x=-0.0501', 'particles.1.x=0.0501');
      const b = h.bodies;
      let touched = false, apart = false;
      for (let s = 0; s < 20000 && !apart; s++) {
        h.step(1);
        const gap = b.x[1] - b.x[0] - b.radius[0] - b.radius[1];
        if (gap < 0) touched = true; else if (touched) apart = true;
      }
      expect(apart).toBe(true);
      return (b.vx[1] - b.vx[0]) / v;
    };
    const slow = e(0.2), fast = e(2);
    expect(slow).toBeGreaterThan(0.3);
    expect(slow).toBeLessThan(0.95);
    expect(Math.abs(fast / slow - 1)).toBeLessThan(1e-3);
  });
  it('is refused by the LAMMPS export, which names it', () => {
    expect(() => exportLammps(w, 100, 10)).toThrow("the Hertz–Mindlin law ('hertz-mindlin') has no LAMMPS counterpart");
  });
});

function orders(r: LadderResult, quantities: readonly Quantity[]): number[] {
  return quantities.map((q) => {
    const o = r.quantities.find((x) => x.quantity === q)!.order;
    expect(o, `${q} order`).not.toBeNull();
    return o as number;
  });
}

describe("paper 002's remark 5: Hertz–Mindlin keeps the consistent update's second order (cdm)", () => {
  it('Case I (centre locked at δ = 1 mm on a rigid wall, k_s = 8G√(Rδ)/(2−ν) = 1002 N/m): traditional ≈ 1, consistent ≈ 2 (θ and ω)', () => {
    const caseI = ['normalLaw=hertz-mindlin', 'youngModulus=1.75e4', 'poissonRatio=0.3', 'wallYoungModulus=1e12', 'hmDamping=0', 'hmRadius=1', 'mu=100'];
    const trad = runConvergence(builtIn('case-i', ...caseI, 'tangential=traditional'), { referenceFactor: 8 });
    const cons = runConvergence(builtIn('case-i', ...caseI, 'tangential=consistent'), { referenceFactor: 8 });
    // the closed form is the linear law's: against a fine consistent run instead
    expect(cons.reference).toMatch(/^run with/);
    for (const o of orders(trad, ['angle', 'spin'])) expect(Math.abs(o - 1)).toBeLessThan(0.1);
    for (const o of orders(cons, ['angle', 'spin'])) expect(Math.abs(o - 2)).toBeLessThan(0.1);
  });
  it('Case II (the disc rocking on its sticking contact, static overlap ≈ 1 mm, ζ = κ/√6 = 0.1): traditional ≈ 1, consistent ≈ 2 for position, velocity, angle and spin', () => {
    const caseII = ['normalLaw=hertz-mindlin', 'youngModulus=1.339e6', 'wallYoungModulus=1.339e6', 'poissonRatio=0.3', 'wallPoissonRatio=0.3',
      'hmDamping=0.2449', 'hmRadius=0.1', 'hmSpeed=0.5'];
    const all: Quantity[] = ['position', 'velocity', 'angle', 'spin'];
    // the traditional update's coarser runs (1024 … 4096 steps) gain energy until the detector stops them
    const trad = runConvergence(builtIn('case-ii', ...caseII, 'tangential=traditional'), { steps: [4096, 8192, 16384, 32768], referenceFactor: 8 });
    const cons = runConvergence(builtIn('case-ii', ...caseII, 'tangential=consistent'));
    expect(trad.runs.slice(-3).every((s) => s === 'ok')).toBe(true);
    for (const o of orders(trad, all)) expect(Math.abs(o - 1)).toBeLessThan(0.1);
    for (const o of orders(cons, all)) expect(Math.abs(o - 2)).toBeLessThan(0.1);
  });
});
