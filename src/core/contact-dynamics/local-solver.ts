/**
 * The Signorini–Coulomb problem of one contact with every other force held fixed
 * (docs/model.md#local-solvers; paper 004 Eqs. 3–6; [Jean99] Eqs. 25, 29–34).
 *
 * Input: b = u⁰ − u*, the relative velocity at t+Δt that the contact would have without its own force
 * (u⁰), minus the target normal velocity u*_n (−g⁺/Δt for the quasi-inelastic shock law, paper 004
 * Eq. 6; Newton restitution may raise it, docs/model.md#local-solvers); the contact's W matrix (Δu = Δt W R); μ; Δt.
 * Output: the force R = (R_n, R_t) on j such that u = b + Δt W R satisfies
 *   R_n ≥ 0, u_n ≥ 0, R_n u_n = 0   (Signorini)   and   |R_t| ≤ μ R_n, sliding opposes R_t (Coulomb).
 * The hot loop passes its numbers in one Float64Array (`solveLocal(io)`): doubles given as call
 * arguments to a function V8 does not inline are boxed on the heap, once per contact and sweep.
 * `solveDecoupled` / `solveCoupled` are the same kernels with scalar arguments, for tests and docs.
 */

/** Slots of the `io` array: inputs b_n, b_t, W_nn, W_tt, W_nt, μ, Δt; outputs R_n, R_t. */
export const BN = 0, BT = 1, WNN = 2, WTT = 3, WNT = 4, MU = 5, DT = 6, RN = 7, RT = 8;
export const LOCAL_SLOTS = 9;

/** Solves the local problem held in io[BN … DT]; writes io[RN], io[RT]. */
export function solveLocal(io: Float64Array): void {
  if (io[WNT] === 0) decoupled(io);
  else coupled(io);
}

/** Discs and any contact with W_nt = 0 (docs/model.md#local-solvers). */
function decoupled(io: Float64Array): void {
  const bn = io[BN], bt = io[BT], wnn = io[WNN], wtt = io[WTT], mu = io[MU], dt = io[DT];
  if (bn >= 0) { io[RN] = 0; io[RT] = 0; return; } // the contact opens (or stays open) without a force
  const rn = -bn / (dt * wnn); // R_n^st: stops the normal motion, paper 004 Eq. 4
  const rt = wtt > 0 ? -bt / (dt * wtt) : 0; // R_t^st: stops the sliding
  const cap = mu * rn;
  io[RN] = rn;
  io[RT] = rt > cap ? cap : rt < -cap ? -cap : rt; // stick inside the cone, else slide on its edge
}

/**
 * General 2×2 W with W_nt ≠ 0 (polygons; docs/model.md#local-solvers, [LMGC] local solvers 2D,
 * [Jean99] Eq. 34). Unique when μ|W_nt| < W_nn ([Jean99] condition 33); `painleve` reports the
 * contacts where it is not.
 */
function coupled(io: Float64Array): void {
  const bn = io[BN], bt = io[BT], wnn = io[WNN], wtt = io[WTT], wnt = io[WNT], mu = io[MU], dt = io[DT];
  if (bn >= 0) { io[RN] = 0; io[RT] = 0; return; }
  const det = wnn * wtt - wnt * wnt;
  if (det > 0) {
    // Stick: u = 0 → R = −W⁻¹ b / Δt.
    const rn = -(wtt * bn - wnt * bt) / (dt * det);
    const rt = -(wnn * bt - wnt * bn) / (dt * det);
    if (rn >= 0 && Math.abs(rt) <= mu * rn) { io[RN] = rn; io[RT] = rt; return; }
  }
  // Slide with friction along ε t: R_t = ε μ R_n, u_n = 0; friction must oppose the sliding velocity.
  for (let eps = 1; eps >= -1; eps -= 2) {
    const dn = wnn + eps * mu * wnt, dtt = wnt + eps * mu * wtt;
    if (dn > 0 && eps * (dtt * bn - dn * bt) >= 0) {
      const rn = -bn / (dt * dn);
      io[RN] = rn; io[RT] = eps * mu * rn;
      return;
    }
  }
  // No consistent slide: only possible in the Painlevé case (μ|W_nt| ≥ W_nn); stop the normal motion.
  io[RN] = -bn / (dt * wnn); io[RT] = 0;
}

const scalarIo = new Float64Array(LOCAL_SLOTS);

/** The local solver (docs/model.md#local-solvers) with scalar arguments; writes out[0] = R_n, out[1] = R_t. */
export function solveDecoupled(bn: number, bt: number, wnn: number, wtt: number, mu: number, dt: number, out: Float64Array): void {
  scalarIo[BN] = bn; scalarIo[BT] = bt; scalarIo[WNN] = wnn; scalarIo[WTT] = wtt; scalarIo[WNT] = 0;
  scalarIo[MU] = mu; scalarIo[DT] = dt;
  decoupled(scalarIo);
  out[0] = scalarIo[RN]; out[1] = scalarIo[RT];
}

/** The local solver (docs/model.md#local-solvers) with scalar arguments; writes out[0] = R_n, out[1] = R_t. */
export function solveCoupled(
  bn: number, bt: number, wnn: number, wtt: number, wnt: number, mu: number, dt: number, out: Float64Array,
): void {
  scalarIo[BN] = bn; scalarIo[BT] = bt; scalarIo[WNN] = wnn; scalarIo[WTT] = wtt; scalarIo[WNT] = wnt;
  scalarIo[MU] = mu; scalarIo[DT] = dt;
  coupled(scalarIo);
  out[0] = scalarIo[RN]; out[1] = scalarIo[RT];
}

/** True if the local problem may have no or several solutions ([Jean99] condition 33 fails). */
export function painleve(wnn: number, wnt: number, mu: number): boolean {
  return mu * Math.abs(wnt) >= wnn;
}
