/**
 * The GSSSS spring updates of paper 002 (docs/model.md#traditional-and-consistent-updates): the spring ξ is advanced
 * with the same markers as the particles, from u_t^n and ü_t^n of the committed state at t_n.
 *
 * consistent (second order; paper 002 Eqs. 27–31, Eq. 33 for CDM; exact ü_t with the 2D
 * frame-rotation term of docs/model.md#the-tangential-acceleration, which paper 002 Eq. 7 lacks):
 *   trial   ξ̃ = ξ_n + W1 Δt u_t^n + W2Λ2 Δt² ü_t^n                  (then the cap with f̃_n at q̃, ṽ)
 *   commit  ξ_{n+1} = ξ_n + Δt u_t^n + ½Δt² ü_t^n + λ3 Δt² (ü_t^{n+1} − ü_t^n)
 * traditional (paper 002's "usual practice", first order for every member):
 *   trial   ξ̃ = ξ_n + W1 Δt u_t^n ;   commit  ξ_{n+1} = ξ_n + Δt u_t^n
 * Both cap the stored spring at t_{n+1} with f_n^{n+1} and u_t^{n+1} of the new state (paper 002 §2.2
 * rule 3). u_t^n and ü_t^n are kept in the history slots h0, h1 between trial and commit.
 * Discs and walls only (polygons would need the backward-difference ü_t of docs/model.md#the-tangential-acceleration).
 */
import { capSprings } from '../contacts/coulomb-cap';
import type { TangentialId } from '../param-rows/param-ids';
import { ContactList } from '../state/contact-list';
import { ContactKinematics, DELTA, TW, UN, UT, UTDOT } from './contact-kinematics';
import type { TangentialContext, TangentialScheme } from './tangential-scheme';

function gssssSpring(id: TangentialId, withAcceleration: boolean, description: string): TangentialScheme {
  const kin = new ContactKinematics();
  /** The contacts' normal state at t_{n+1} (overlap, u_n, u_t), for the law's force and the cap; reused */
  const committed = new ContactList();
  return {
    id,
    description,
    requirement: 'needs a GSSSS integrator (cdm, v0-110, u0-010, v0-010 or gssss)',
    worksWith: (markers) => markers !== null,
    history: [
      { field: 'xi', meaning: 'spring ξ [m]' },
      { field: 'h0', meaning: 'u_t at t_n, from trial to commit [m/s]' },
      { field: 'h1', meaning: 'ü_t at t_n, from trial to commit [m/s²]' },
    ],

    trial(c: ContactList, ctx: TangentialContext): void {
      const m = ctx.markers!, dt = ctx.dt;
      const cv = m.W1 * dt, ca = withAcceleration ? m.W2L2 * dt * dt : 0;
      const xi = c.xi, xiE = c.xiEval, ci = c.i, cj = c.j, h0 = c.h0, h1 = c.h1, io = kin.io;
      io[TW] = ctx.tState;
      for (let k = 0; k < c.count; k++) {
        kin.atCommittedState(ctx.bodies, ctx.walls, ctx.periodic, ci[k], cj[k]);
        const ut = io[UT], utDot = io[UTDOT];
        h0[k] = ut;
        h1[k] = utDot;
        xiE[k] = xi[k] + cv * ut + ca * utDot;
      }
    },

    commit(c: ContactList, ctx: TangentialContext): void {
      const m = ctx.markers!, dt = ctx.dt, dt2 = dt * dt, mat = ctx.material, n = c.count;
      const half = withAcceleration ? 0.5 * dt2 : 0, l3 = withAcceleration ? m.lambda3 * dt2 : 0;
      const xi = c.xi, ci = c.i, cj = c.j, h0 = c.h0, h1 = c.h1, gn = c.gn, gt = c.gt, kt = c.kt, rin = c.rin, rjn = c.rjn, io = kin.io;
      // the normal state at t_{n+1} goes through the law's own batched force (f_n = f_e − γ_n u_n, clamped)
      committed.reserve(n);
      committed.count = n;
      const law = ctx.law.index, sd = committed.delta, sun = committed.un, sut = committed.ut, slaw = committed.law, sgn = committed.gn;
      // and what a law with a stiffness or dashpot of its own per contact reads (Hertz–Mindlin: the radii; it then sets k_t, γ)
      const sgt = committed.gt, skt = committed.kt, srin = committed.rin, srjn = committed.rjn, smr = committed.mr, smrE = c.mr;
      io[TW] = ctx.tState;
      for (let k = 0; k < n; k++) {
        kin.atCommittedState(ctx.bodies, ctx.walls, ctx.periodic, ci[k], cj[k]);
        xi[k] = xi[k] + dt * h0[k] + half * h1[k] + l3 * (io[UTDOT] - h1[k]); // summed left to right, as before: same bits
        sd[k] = io[DELTA]; sun[k] = io[UN]; sut[k] = io[UT]; slaw[k] = law; sgn[k] = gn[k];
        sgt[k] = gt[k]; skt[k] = kt[k]; srin[k] = rin[k]; srjn[k] = rjn[k]; smr[k] = smrE[k];
      }
      ctx.law.normalForces(committed, mat);
      capSprings(xi, committed.fe, committed.fn, sut, sgt, skt, n, mat);
    },
  };
}

export const consistentSpring = gssssSpring('consistent', true,
  'consistent GSSSS update (paper 002 Eqs. 27–33), exact ü_t with the 2D frame-rotation term: second order');
export const traditionalSpring = gssssSpring('traditional', false,
  'traditional update ξ += Δt u_t^n (paper 002 "usual practice"): first order for every member');
