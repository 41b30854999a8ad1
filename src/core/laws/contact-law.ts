/**
 * A normal contact law (design/architecture.md §3, the LAMMPS GRANULAR sub-model idea): one file per
 * law that declares what it reads, the history slots it keeps, and its critical force for the Coulomb
 * cap, so `k_n δ` is written in one place. Laws are chosen once per run and called once per stage
 * over the whole contact record (batched, monomorphic loops); the scalar kernels serve the per-contact
 * paths (the stored spring's cap at t_{n+1}) and the energy diagnostics.
 */
import type { ContactList } from '../state/contact-list';
import type { HistorySlot } from '../state/history-slots';
import type { MaterialCoefficients } from './material';

export interface ContactLaw {
  id: string;
  /** One line for the GUI and --help */
  description: string;
  /** What the record's `delta` means for this law */
  overlap: 'depth';
  /** History slots the law keeps per contact (none for an elastic law without memory) */
  history: readonly HistorySlot[];
  /**
   * Batched: from delta, un, mr writes gn, gt (dashpots), fe (elastic part: the critical force of the
   * 'elastic' Coulomb cap) and fn for every contact. Returns the power the normal dashpots dissipate [W].
   */
  normalForces(c: ContactList, m: MaterialCoefficients): number;
  /** Elastic normal force at overlap δ [N] */
  elasticForce(delta: number, m: MaterialCoefficients): number;
  /** Elastic energy stored at overlap δ [J] (F = −dU/dδ) */
  energy(delta: number, m: MaterialCoefficients): number;
}
