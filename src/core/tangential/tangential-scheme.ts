/**
 * How the tangential (friction) spring ξ is advanced over a step (docs/model.md#tangential-schemes):
 * every scheme stores one signed scalar ξ per contact along the current t = ẑ×n, f_t = −k_t ξ − γ_t u_t,
 * then the Coulomb cap. Schemes differ only in the increment and where it is evaluated.
 *
 * Contract: `trial` writes c.xiEval for all contacts from c.xi (the committed ξ at t) — the spring used
 * for the force at the evaluation point — and may update the history slots h0..h3. After the
 * integrator's correction, `commit` writes the ξ stored for the next step (default: the capped trial).
 * Which schemes go with which integrators (docs/model.md#allowed-combinations) is each scheme's
 * `worksWith`, and which shapes a scheme has a form for is their rows in shapes/shape-kind.ts; models/combination.ts
 * turns a refusal into a message at load and at setParams.
 */
import type { PeriodicX } from '../boundaries/periodic';
import type { WallSet } from '../boundaries/walls';
import type { GssssMarkers } from '../integrators/gssss-parameters';
import type { ContactLaw } from '../laws/contact-law';
import type { MaterialCoefficients } from '../laws/material';
import type { TangentialId } from '../param-rows/param-ids';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';
import type { HistorySlot } from '../state/history-slots';

export interface TangentialContext {
  bodies: BodyState;
  walls: WallSet;
  periodic: PeriodicX;
  /** Time over which the spring advances: Δt in a step, 0 when forces are evaluated at the state itself */
  dt: number;
  /** false right after a scheme switch: slots must be initialised as for new contacts */
  slotsValid: boolean;
  /** The integrator's GSSSS markers (W1, W2Λ2, λ3 …); null for Gear (forces at the predicted state) */
  markers: GssssMarkers | null;
  /** Time of the committed state in the bodies' x, v, a [s]: t_n in `trial`, t_{n+1} in `commit` */
  tState: number;
  /** Contact coefficients, for the cap of the stored spring at t_{n+1} */
  material: MaterialCoefficients;
  /** The normal contact law: its elastic force is the cap's critical force at t_{n+1} */
  law: ContactLaw;
  /**
   * Last step's contacts: a polygon contact's point and normal at t are taken from its entry there (the
   * previous evaluation configuration; ContactList.prevIndex says which)
   */
  previous: ContactList;
}

export interface TangentialScheme {
  id: TangentialId;
  /** One line for the GUI and --help */
  description: string;
  /** What the scheme needs of the integrator, for the message when a combination is refused */
  requirement: string;
  /**
   * Whether the scheme makes sense with an integrator whose markers are `markers` (null: Gear)
   * (docs/model.md#allowed-combinations).
   */
  worksWith(markers: GssssMarkers | null): boolean;
  /** The history slots the scheme keeps per contact (state/history-slots.ts) */
  history: readonly HistorySlot[];
  trial(c: ContactList, ctx: TangentialContext): void;
  commit?(c: ContactList, ctx: TangentialContext): void;
}

/**
 * True for members whose evaluation configuration is the end state, q̃ = q_{n+1}: W1 = 1, W2Λ2 = ½,
 * λ3 = 0 (central difference = U0(1,1,0), η = 1; docs/model.md#named-members).
 */
export function evaluatesAtEnd(m: GssssMarkers | null): boolean {
  return m !== null && m.W1 === 1 && m.W2L2 === 0.5 && m.lambda3 === 0;
}

/** Default commit: the stored spring is the capped trial spring. */
export function commitTrial(c: ContactList): void {
  const xi = c.xi, xiE = c.xiEval;
  for (let k = 0; k < c.count; k++) xi[k] = xiE[k];
}
