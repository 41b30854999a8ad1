/** Bodies that leave a periodic pipe through its seam come back at the other side (boundaries/periodic.ts). */
import type { PeriodicX } from '../boundaries/periodic';
import type { Integrator } from '../integrators/integrator';
import type { BodyState } from '../state/body-state';
import type { EnergyLedger } from './energy-ledger';

/** Wraps x into the pipe; the integrator's state moves with each body, and the ledger books the seam's work (gx: gravity along x). */
export function wrapAcrossSeam(b: BodyState, periodic: PeriodicX, integrator: Integrator, gx: number, ledger: EnergyLedger): void {
  for (let k = 0; k < b.n; k++) {
    const x = b.x[k], w = periodic.wrap(x);
    if (w !== x) {
      b.x[k] = w;
      integrator.shiftX(k, w - x);
      // −(m g_x + F_x)·x jumps at the seam; the account books the jump as work done, so a pipe with
      // gravity along its axis keeps a closed energy budget
      if (b.invMass[k] > 0) ledger.workIn -= (b.mass[k] * gx + b.fxExt[k]) * (w - x);
    }
  }
}
