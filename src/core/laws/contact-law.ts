/**
 * A normal contact law (docs/architecture.md#extension-recipes, the LAMMPS GRANULAR sub-model idea): one file per
 * law that declares what it reads, the history slots it keeps, and its critical force for the Coulomb
 * cap, so `k_n δ` is written in one place. The collider of a contact writes which law acts on it (the
 * record's `law` column); each law runs once per stage over the record and handles its own contacts
 * (batched, monomorphic loops). The scalar kernels serve the per-contact paths (the stored spring's cap
 * at t_{n+1}) and the energy diagnostics.
 */
import type { ContactList } from '../state/contact-list';
import type { HistorySlot } from '../state/history-slots';
import type { MaterialCoefficients } from './material';

export interface ContactLaw {
  id: string;
  /** Its index in laws/registry.ts (law-ids.ts) */
  index: number;
  /** One line for the GUI and --help */
  description: string;
  /** What the record's `delta` means for this law */
  overlap: 'depth' | 'area';
  /** History slots the law keeps per contact (none for an elastic law without memory) */
  history: readonly HistorySlot[];
  /**
   * Batched: from delta, lc, un and the dashpot gn (laws/dashpot.ts, run first) writes fe (elastic part: the
   * critical force of the 'elastic' Coulomb cap) and fn for every contact whose `law` is this law's index.
   * Returns the power the normal dashpots dissipate [W].
   */
  normalForces(c: ContactList, m: MaterialCoefficients): number;
  /** Elastic normal force at overlap measure δ and characteristic length l_c [N] */
  elasticForce(delta: number, lc: number, m: MaterialCoefficients): number;
  /** Elastic energy stored at overlap δ [J] (F = −dU/dδ); absent when the law has no closed form */
  energy?(delta: number, lc: number, m: MaterialCoefficients): number;
}
