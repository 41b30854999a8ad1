/**
 * The frequencies of a packing's contact network, for the band of amplification factors a blow-up lies in
 * (docs/model.md#amplification-factor): the softest single contact, ω = √(k_n/m_r) of the contact with the largest
 * reduced mass, and the stiffest mode of the whole network, the largest ω of K u = ω² M u, where K holds the
 * linearised springs of every contact (k_n along the normal; k_t across it where the contact sticks, none where it
 * slides at the Coulomb limit) acting on the bodies' x, y and φ through the lever arms, and M their masses and moments
 * of inertia. The stiffest mode comes from the power iteration on M⁻¹K with the Rayleigh quotient in the M inner
 * product (Golub and Van Loan, *Matrix Computations*, §8.2.1), started from a seeded random vector. Each has its
 * damping ratio: the softest contact's γ_n/(2√(k_n m_r)), and the stiffest mode's uᵀCu/(2ω uᵀMu) with C the contacts'
 * dashpots (γ_n along the normal, γ_t across a sticking contact) — a dashpot tuned to one contact's ζ_n damps a faster
 * collective mode more, ζ ≈ ζ_n ω/ω_contact (Rayleigh damping, C ∝ K). Linear law only (its stiffness is the same at
 * every overlap). Called once per blow-up, not per step: it allocates.
 */
import { FIXED, LOCK_ROT, LOCK_X, LOCK_Y, PRESCRIBED, DRAGGED } from '../state/body-flags';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';
import { Rng } from '../math/rng';

export interface ContactFrequencies {
  /** √(k_n/m_r) of the contact with the largest reduced mass [rad/s] */
  softest: number;
  /** Its damping ratio γ_n/(2√(k_n m_r)) */
  softestZeta: number;
  /** The network's largest eigenfrequency [rad/s] */
  stiffest: number;
  /** The stiffest mode's damping ratio uᵀCu/(2ω uᵀMu) */
  stiffestZeta: number;
  /**
   * The smallest and largest dashpot-to-spring ratio γ/k over the springs [s]: a mode of frequency ω has
   * ζ = (uᵀCu/uᵀKu) ω/2 between min ω/2 and max ω/2 (Rayleigh quotient bounds)
   */
  dampingPerStiffness: { min: number; max: number };
  /** Contacts in the network, and those whose tangential spring sticks (counted in K) */
  contacts: number;
  sticking: number;
}

/** Iterations of the power method at most, and the relative change of ω² below which it stops */
const MAX_ITERATIONS = 20000, TOLERANCE = 1e-12;
/** A contact sticks when its tangential force is below this fraction of μ|f_n| (at the limit it slides) */
const STICKING = 1 - 1e-9;

/**
 * The contacts `c` of bodies `b` (the committed record: normal, lever arms r_i = rin n + rit t and r_j = rjn n + rjt t,
 * t = ẑ × n, forces on j) with normal stiffness `kn`, tangential `kt` and friction `mu` [N/m, N/m, –]; null without contacts.
 */
export function contactFrequencies(b: BodyState, c: ContactList, kn: number, kt: number, mu: number): ContactFrequencies | null {
  if (c.count === 0) return null;
  const n = b.n, dof = 3 * n;
  // the inverse mass of each coordinate, 0 where it cannot move (fixed, prescribed, held, locked, no rotation)
  const inv = new Float64Array(dof), mass = new Float64Array(dof);
  for (let k = 0; k < n; k++) {
    const f = b.flags[k], moves = (f & (FIXED | PRESCRIBED | DRAGGED)) === 0;
    inv[3 * k] = moves && !(f & LOCK_X) ? b.invMass[k] : 0;
    inv[3 * k + 1] = moves && !(f & LOCK_Y) ? b.invMass[k] : 0;
    inv[3 * k + 2] = moves && !(f & LOCK_ROT) ? b.invInertia[k] : 0;
    mass[3 * k] = mass[3 * k + 1] = b.mass[k];
    mass[3 * k + 2] = b.inertia[k];
  }
  const ktOf = new Float64Array(c.count);
  let softest = Infinity, softestZeta = NaN, sticking = 0, ratioMin = Infinity, ratioMax = 0;
  for (let q = 0; q < c.count; q++) {
    const omega = Math.sqrt(kn / c.mr[q]);
    if (omega < softest) { softest = omega; softestZeta = c.gn[q] / (2 * Math.sqrt(kn * c.mr[q])); }
    ratioMin = Math.min(ratioMin, c.gn[q] / kn);
    ratioMax = Math.max(ratioMax, c.gn[q] / kn);
    if (kt > 0 && Math.abs(c.ft[q]) < STICKING * mu * Math.abs(c.fn[q])) {
      ktOf[q] = kt;
      sticking++;
      ratioMin = Math.min(ratioMin, c.gt[q] / kt);
      ratioMax = Math.max(ratioMax, c.gt[q] / kt);
    }
  }
  /** contact q's relative normal and tangential displacement of j's contact point from i's under u, into rel */
  const rel = new Float64Array(2);
  const relative = (u: Float64Array, q: number): void => {
    const i = c.i[q], j = c.j[q], nx = c.nx[q], ny = c.ny[q], tx = -ny, ty = nx;
    let dn = 0, dt = 0;
    if (j >= 0) {
      dn += u[3 * j] * nx + u[3 * j + 1] * ny - u[3 * j + 2] * c.rjt[q];
      dt += u[3 * j] * tx + u[3 * j + 1] * ty + u[3 * j + 2] * c.rjn[q];
    }
    if (i >= 0) {
      dn -= u[3 * i] * nx + u[3 * i + 1] * ny - u[3 * i + 2] * c.rit[q];
      dt -= u[3 * i] * tx + u[3 * i + 1] * ty + u[3 * i + 2] * c.rin[q];
    }
    rel[0] = dn; rel[1] = dt;
  };
  // K u, then M⁻¹: each contact's spring on the relative displacement of its two contact points
  const apply = (u: Float64Array, out: Float64Array): void => {
    out.fill(0);
    for (let q = 0; q < c.count; q++) {
      const i = c.i[q], j = c.j[q], nx = c.nx[q], ny = c.ny[q], tx = -ny, ty = nx;
      relative(u, q);
      const fn = kn * rel[0], ft = ktOf[q] * rel[1]; // on j; −(fn, ft) on i
      if (j >= 0) {
        out[3 * j] += fn * nx + ft * tx; out[3 * j + 1] += fn * ny + ft * ty; out[3 * j + 2] += ft * c.rjn[q] - fn * c.rjt[q];
      }
      if (i >= 0) {
        out[3 * i] -= fn * nx + ft * tx; out[3 * i + 1] -= fn * ny + ft * ty; out[3 * i + 2] -= ft * c.rin[q] - fn * c.rit[q];
      }
    }
    for (let d = 0; d < dof; d++) out[d] *= inv[d];
  };
  const rng = new Rng(1);
  let u = new Float64Array(dof), v = new Float64Array(dof);
  for (let d = 0; d < dof; d++) u[d] = inv[d] > 0 ? rng.next() - 0.5 : 0;
  let lambda = 0;
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    apply(u, v);
    // Rayleigh quotient uᵀKu / uᵀMu (v = M⁻¹Ku), and v normalised as the next u
    let num = 0, den = 0, norm = 0;
    for (let d = 0; d < dof; d++) { num += mass[d] * u[d] * v[d]; den += mass[d] * u[d] * u[d]; norm += mass[d] * v[d] * v[d]; }
    if (!(den > 0) || !(norm > 0)) break;
    const next = num / den;
    const done = Math.abs(next - lambda) <= TOLERANCE * next;
    lambda = next;
    if (done) break;
    const s = 1 / Math.sqrt(norm);
    for (let d = 0; d < dof; d++) v[d] *= s;
    const w = u; u = v; v = w;
  }
  const stiffest = Math.sqrt(Math.max(lambda, 0));
  // the mode's damping: uᵀCu over 2ω uᵀMu
  let cu = 0, mu2 = 0;
  for (let q = 0; q < c.count; q++) {
    relative(u, q);
    cu += c.gn[q] * rel[0] * rel[0] + (ktOf[q] > 0 ? c.gt[q] * rel[1] * rel[1] : 0);
  }
  for (let d = 0; d < dof; d++) mu2 += mass[d] * u[d] * u[d];
  return {
    softest, softestZeta, stiffest, stiffestZeta: stiffest > 0 ? cu / (2 * stiffest * mu2) : NaN,
    dampingPerStiffness: { min: ratioMin, max: ratioMax }, contacts: c.count, sticking,
  };
}
