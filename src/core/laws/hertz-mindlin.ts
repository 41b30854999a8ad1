/**
 * Hertz–Mindlin, paper 002 §2.1's nonlinear model (Tsuji et al.'s; docs/model.md#hertz-mindlin-law), on discs read
 * as spheres of their radius:
 *   f_n = k δ^{3/2} − η_n u_n ,  k = (4/3) Ê √r̂ ,  η_n = κ √(m_r k) δ^{1/4} ,  U_n = (2/5) k δ^{5/2}
 *   k_t = 8 Ĝ √(r̂ δ)  (Mindlin, no slip; the Coulomb cap then acts as for every law)
 *   two discs: r̂ = a_i a_j/(a_i + a_j), Ê = [(1−ν²)/E + (1−ν²)/E]⁻¹, Ĝ = G/(2(2−ν)), G = E/(2(1+ν))
 *   a wall:    r̂ = a_j, Ê = [(1−ν²)/E + (1−ν_w²)/E_w]⁻¹, Ĝ = G/(2−ν) (the wall rigid in shear, as the paper takes it)
 * γ_t = (ν_t/ν_n)·η_n (the paper's η_s ≈ η_n at ratio 1), or from εt with the contact's k_t. Its k_t and dashpots
 * are per contact (damping 'contact'); t_c, the step limit and k_t's reference are those of the undamped head-on
 * collision of two discs of effective radius `hmRadius` at `hmSpeed` (laws/hertz-collision.ts), where ζ = κ/√6.
 * The shared kn and kt/kn are not read. No history. LAMMPS: refused (not mapped).
 */
import { num } from '../param-rows/param-info';
import type { ContactList } from '../state/contact-list';
import type { ContactLaw } from './contact-law';
import { dampedNormal } from './dashpot';
import { HERTZ_TC_COEFFICIENT, hertzMaxOverlap, hertzTimeUnit } from './hertz-collision';
import type { LawConstants, MaterialCoefficients } from './material';

/** Its row in laws/registry.ts */
const HERTZ_MINDLIN = 4;

const HM_PARAMS = {
  youngModulus: num({ path: 'material.youngModulus', default: 1e7, restarts: true, solver: 'soft', advanced: true },
    'Young modulus E', 'Pa', 1, 1e13, true, 'Hertz–Mindlin: the grains\' Young modulus', 1e3, 1e11),
  poissonRatio: num({ path: 'material.poissonRatio', default: 0.3, restarts: true, solver: 'soft', advanced: true },
    'Poisson ratio ν', '', 0, 0.5, false, 'Hertz–Mindlin: the grains\' Poisson ratio'),
  wallYoungModulus: num({ path: 'material.wallYoungModulus', default: 1e7, restarts: true, solver: 'soft', advanced: true },
    'wall Young modulus Ew', 'Pa', 1, 1e13, true, 'Hertz–Mindlin: the walls\' Young modulus (normal contacts with a wall)', 1e3, 1e11),
  wallPoissonRatio: num({ path: 'material.wallPoissonRatio', default: 0.3, restarts: true, solver: 'soft', advanced: true },
    'wall Poisson ratio νw', '', 0, 0.5, false, 'Hertz–Mindlin: the walls\' Poisson ratio'),
  hmDamping: num({ path: 'material.hmDamping', default: 0.5, restarts: true, solver: 'soft', advanced: true },
    'Hertz–Mindlin damping κ', '', 0, 10, false, 'Hertz–Mindlin: η_n = κ √(m_r k) δ^{1/4} (paper 002: chosen empirically, usually in [0.01, 1]); the restitution does not depend on the impact speed', 0, 2),
  hmSpeed: num({ path: 'material.hmSpeed', default: 1, restarts: true, solver: 'soft', advanced: true },
    'Hertz–Mindlin reference speed', 'm/s', 1e-6, 1e4, true, 'Hertz–Mindlin: the impact speed at which tc (and so Δt/tc and the stability limit) is quoted', 1e-3, 10),
  hmRadius: num({ path: 'material.hmRadius', default: 0.005, restarts: true, solver: 'soft', advanced: true },
    'Hertz–Mindlin reference radius', 'm', 1e-9, 1e3, true, 'Hertz–Mindlin: the effective radius a_i a_j/(a_i + a_j) of the contact tc is quoted for', 1e-4, 1),
} as const;

/** Into out: the effective radius r̂, Ê and Ĝ of a contact between discs of radii ri, rj (ri = 0: a wall) */
function moduli(own: LawConstants, ri: number, rj: number, out: Float64Array): void {
  const wall = ri === 0;
  out[0] = wall ? rj : (ri * rj) / (ri + rj);
  out[1] = wall ? own.eWall : own.ePair;
  out[2] = wall ? own.gWall : own.gPair;
}
const scratch = new Float64Array(3);

function elastic(d: number, m: MaterialCoefficients, ri = 0, rj = 0): number {
  if (d <= 0) return 0;
  moduli(m.own, ri, rj, scratch);
  return (4 / 3) * scratch[1] * Math.sqrt(scratch[0]) * d * Math.sqrt(d);
}

export const hertzMindlinLaw: ContactLaw<typeof HM_PARAMS> = {
  id: 'hertz-mindlin',
  index: HERTZ_MINDLIN,
  description: 'Hertz–Mindlin (paper 002 §2.1): f_n = (4/3)Ê√r̂ δ^{3/2} − κ√(m_r k) δ^{1/4} u_n, k_t = 8Ĝ√(r̂δ), from E, ν and the walls\' Ew, νw',
  overlap: 'depth',
  history: [],
  fused: false,
  lammps: { refused: 'the export writes gran/hooke/history and gran/hertz/history only; its counterpart (pair granular with hertz/material and tangential mindlin) is not mapped yet' },
  choice: {
    name: 'Hertz–Mindlin',
    shapes: ['disc'],
    params: HM_PARAMS,
    reads: [],
    units: {},
    linearSpring: false,
    damping: 'contact',
    fixedRestitution: false,
    coefficients(p, mrRef) {
      const nu = p.poissonRatio, E = p.youngModulus, G = E / (2 * (1 + nu));
      const ePair = E / (2 * (1 - nu * nu)), eWall = 1 / ((1 - nu * nu) / E + (1 - p.wallPoissonRatio ** 2) / p.wallYoungModulus);
      // the reference contact: two discs of effective radius hmRadius meeting head-on at hmSpeed, undamped
      const k = (4 / 3) * ePair * Math.sqrt(p.hmRadius);
      const tc = HERTZ_TC_COEFFICIENT * hertzTimeUnit(k, mrRef, p.hmSpeed), deltaMax = hertzMaxOverlap(k, mrRef, p.hmSpeed);
      const kLinear = 1.5 * k * Math.sqrt(deltaMax), gPair = G / (2 * (2 - nu));
      // η_n/(2√(m_r kLinear)) = κ √k δ^{1/4}/(2 √(1.5 k √δ)) = κ/√6 at every overlap
      return {
        zetaN: p.hmDamping / Math.sqrt(6), rate: 0, tc, kLinear, speed: p.hmSpeed, deltaMax,
        kt: 8 * gPair * Math.sqrt(p.hmRadius * deltaMax),
        own: { ePair, eWall, gPair, gWall: G / (2 - nu), kappa: p.hmDamping },
      };
    },
    caption: (p, fmt) => `E = ${fmt(p.youngModulus)} Pa · ν = ${fmt(p.poissonRatio)} · κ = ${fmt(p.hmDamping)}`,
  },

  normalForces(c: ContactList, m: MaterialCoefficients): number {
    const n = c.count;
    let power = 0;
    const law = c.law, delta = c.delta, gn = c.gn, gt = c.gt, kt = c.kt, fe = c.fe, fn = c.fn, mr = c.mr, rin = c.rin, rjn = c.rjn;
    const own = m.own, kappa = own.kappa, clamp = m.clampNormal, fromRatio = m.gtFromRatio, ratio = m.gtRatio, zt2 = 2 * m.zetaT;
    const viscous = m.viscousShear; // Haff–Werner keeps its own γ_t = γ_S m_r (laws/dashpot.ts)
    const s = scratch;
    for (let k = 0; k < n; k++) {
      if (law[k] !== HERTZ_MINDLIN) continue;
      const d = delta[k];
      if (d <= 0) { fe[k] = 0; fn[k] = 0; gn[k] = 0; kt[k] = 0; continue; }
      moduli(own, rin[k], -rjn[k], s);
      const r = s[0], sd = Math.sqrt(d), kh = (4 / 3) * s[1] * Math.sqrt(r);
      const e = kh * d * sd, ks = 8 * s[2] * Math.sqrt(r * d);
      const g = kappa * Math.sqrt(mr[k] * kh) * Math.sqrt(sd);
      kt[k] = ks;
      gn[k] = g;
      if (!viscous) gt[k] = fromRatio ? ratio * g : zt2 * Math.sqrt(mr[k] * ks);
      power += dampedNormal(c, k, e, clamp);
    }
    return power;
  },

  elasticForce(d: number, _lc: number, m: MaterialCoefficients, ri?: number, rj?: number): number {
    return elastic(d, m, ri, rj);
  },

  energy(d: number, _lc: number, m: MaterialCoefficients, ri?: number, rj?: number): number {
    return 0.4 * elastic(d, m, ri, rj) * d;
  },
};
