/**
 * Declared history slots (the LAMMPS GRANULAR `size_history` idea, docs/model.md#contact-history): every
 * model that keeps per-contact memory — a contact law, a tangential scheme, the contact-dynamics
 * solver — lists the record fields it owns and what they hold. The record carries those fields from
 * one step to the next by the key (i, j, feature). The models active in one run must not share a slot.
 */
import { HISTORY_FIELDS, type HistoryField } from './contact-list';

export interface HistorySlot {
  field: HistoryField;
  /** What the slot holds, with units */
  meaning: string;
}

export interface HistoryOwner {
  id: string;
  history: readonly HistorySlot[];
}

/** The first slot claimed by two of the models, as a message, or null when they fit together. */
export function historyClash(owners: readonly HistoryOwner[]): string | null {
  const seen = new Map<HistoryField, string>();
  for (const o of owners) {
    for (const s of o.history) {
      const other = seen.get(s.field);
      if (other !== undefined) return `history slot '${s.field}' is claimed by both '${other}' and '${o.id}'`;
      seen.set(s.field, o.id);
    }
  }
  return null;
}

/**
 * The fields the owners declare as a bit mask over HISTORY_FIELDS (bit f stands for HISTORY_FIELDS[f]):
 * what carryHistory copies from one step to the next. A field no active model declares is not carried.
 */
export function historyMask(owners: readonly HistoryOwner[]): number {
  let mask = 0;
  for (const o of owners) for (const s of o.history) mask |= 1 << HISTORY_FIELDS.indexOf(s.field);
  return mask;
}
