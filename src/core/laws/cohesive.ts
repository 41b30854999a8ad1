/**
 * Linear spring–dashpot with linear reversible adhesion reaching beyond contact, for wet grains and powders
 * (docs/model.md#cohesive-law: a linear reversible adhesion added to the linear law):
 *   δ ≥ 0:        f_e = k_n δ − f_a                 U = ½ k_n δ² − f_a δ − ½ f_a δ_c
 *   −δ_c < δ < 0: f_e = −f_a − k_c δ                U = −½ k_c (δ + δ_c)²
 *   δ ≤ −δ_c:     f_e = 0                           U = 0             δ_c = f_a/k_c  (the pull-off range)
 *   f_n = f_e − γ_n u_n  with γ_n from εn (laws/dashpot.ts), over the whole range; F = dU/dδ
 * f_a, the pull at touching, is `cohesion` [N]; k_c = (kcOverKn)·k_n ≤ k_n, so the step limit and t_c are the
 * linear law's. The colliders keep pairs (and walls) within δ_c (its declared range); the Coulomb cap reads f_e
 * (no friction while pulled). With `clampNormal` the dashpot never pulls harder than the spring does. No history.
 * LAMMPS: refused (its granular styles have no adhesion reaching beyond contact on a linear spring).
 */
import { num } from '../param-rows/param-info';
import type { ContactList } from '../state/contact-list';
import type { ContactLaw } from './contact-law';
import type { MaterialCoefficients } from './material';
import { contactTime, dampingRatio } from './restitution';

/** Its row in laws/registry.ts */
const COHESIVE = 3;

const COHESIVE_PARAMS = {
  cohesion: num({ path: 'material.cohesion', default: 1, restarts: true, solver: 'soft', advanced: true },
    'cohesion fa', 'N', 0, 1e6, false, 'cohesive law: the pull between two touching grains (the largest adhesive force); it falls linearly to zero over the pull-off range fa/kc', 0, 10),
  kcOverKn: num({ path: 'material.kcOverKn', default: 0.5, restarts: true, solver: 'soft', advanced: true },
    'cohesion kc/kn', '', 1e-3, 1, false, 'cohesive law: stiffness of the pull beyond contact, as a fraction of kn (the pull-off range is fa/kc)', 0.01, 1),
} as const;

export const cohesiveLaw: ContactLaw<typeof COHESIVE_PARAMS> = {
  id: 'cohesive',
  index: COHESIVE,
  description: 'linear spring–dashpot with a linear adhesive pull fa reaching fa/kc beyond contact (wet grains)',
  overlap: 'depth',
  history: [],
  fused: false,
  lammps: { refused: "LAMMPS's granular pair styles have no linear adhesion reaching beyond contact (pair granular's jkr and dmt are Hertzian)" },
  choice: {
    name: 'cohesive',
    shapes: ['disc'],
    params: COHESIVE_PARAMS,
    reads: ['kn', 'ktOverKn', 'en'],
    units: {},
    linearSpring: false,
    damping: 'restitution',
    fixedRestitution: false,
    coefficients(p, mrRef) {
      const zetaN = dampingRatio(p.en), kc = p.kcOverKn * p.kn, range = p.cohesion / kc;
      // its own force constants, which its kernels read as m.own
      return { zetaN, rate: 0, tc: contactTime(p.kn, mrRef, zetaN), kLinear: p.kn, range, own: { fa: p.cohesion, kc, range } };
    },
    caption: (p, fmt) => `kn = ${fmt(p.kn)} N/m · fa = ${fmt(p.cohesion)} N · kc/kn = ${fmt(p.kcOverKn)}`,
  },

  normalForces(c: ContactList, m: MaterialCoefficients): number {
    const n = c.count;
    let power = 0;
    const law = c.law, delta = c.delta, un = c.un, gn = c.gn, fe = c.fe, fn = c.fn;
    const { fa, kc, range } = m.own;
    const kn = m.kn, clamp = m.clampNormal;
    for (let k = 0; k < n; k++) {
      if (law[k] !== COHESIVE) continue;
      const g = gn[k], d = delta[k];
      const e = d >= 0 ? kn * d - fa : d > -range ? -fa - kc * d : 0;
      fe[k] = e;
      const f = e - g * un[k], floor = e < 0 ? e : 0;
      if (clamp && f < floor) fn[k] = floor;
      else { fn[k] = f; power += g * un[k] * un[k]; }
    }
    return power;
  },

  elasticForce(d: number, _lc: number, m: MaterialCoefficients): number {
    const { fa, kc, range } = m.own;
    return d >= 0 ? m.kn * d - fa : d > -range ? -fa - kc * d : 0;
  },

  energy(d: number, _lc: number, m: MaterialCoefficients): number {
    const { fa, kc, range } = m.own;
    if (d >= 0) return 0.5 * m.kn * d * d - fa * d - 0.5 * fa * range;
    return d > -range ? -0.5 * kc * (d + range) * (d + range) : 0;
  },
};
