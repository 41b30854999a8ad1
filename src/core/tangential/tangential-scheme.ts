/**
 * How the tangential (friction) spring ξ is advanced over a step (design/tangential-schemes.md §1):
 * every scheme stores one signed scalar ξ per contact along the current t = ẑ×n, f_t = −k_t ξ − γ_t u_t,
 * then the Coulomb cap. Schemes differ only in the increment and where it is evaluated.
 *
 * Contract: `trial` writes c.xiEval for all contacts from c.xi (the committed ξ at t) — the spring used
 * for the force at the evaluation point — and may update the history slots h0..h3. After the
 * integrator's correction, `commit` writes the ξ stored for the next step (default: the capped trial).
 */
import type { PeriodicX } from '../boundaries/periodic';
import type { WallSet } from '../boundaries/walls';
import type { TangentialId } from '../sim/params';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';

export interface TangentialContext {
  bodies: BodyState;
  walls: WallSet;
  periodic: PeriodicX;
  /** Time over which the spring advances: Δt in a step, 0 when forces are evaluated at the state itself */
  dt: number;
  /** false right after a scheme switch: slots must be initialised as for new contacts */
  slotsValid: boolean;
}

export interface TangentialScheme {
  id: TangentialId;
  /** One line for the GUI and --help */
  description: string;
  trial(c: ContactList, ctx: TangentialContext): void;
  commit?(c: ContactList, ctx: TangentialContext): void;
}

/** Default commit: the stored spring is the capped trial spring. */
export function commitTrial(c: ContactList): void {
  const xi = c.xi, xiE = c.xiEval;
  for (let k = 0; k < c.count; k++) xi[k] = xiE[k];
}
