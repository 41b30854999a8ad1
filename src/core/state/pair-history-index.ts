/**
 * Last step's disc–disc contacts by body, for the fused disc pass (contacts/disc-force-pass.ts) after the pair
 * list was rebuilt (issue 9): for each body i, the partners j and contact indices of its contacts (i, j), i < j,
 * in list order. A per-body partner table, as LAMMPS's fix neigh/history keeps one, built by a counting sort:
 * three sequential passes instead of a hash table's scattered inserts, and a lookup reads one short run
 * (2–3 entries on a pile) instead of probing four columns (at 10k discs a step that rebuilds the pair list fell from 2.17 to 1.63 ms).
 * Wall contacts, and contacts with a feature (polygons), stay in the hash (state/contact-list.ts).
 */
import { grownCapacity, int32Like } from '../math/grow';
import type { ContactList } from './contact-list';
import type { WasmKernels } from '../wasm/kernels';

export class PairHistoryIndex {
  /** Body i's entries are [start[i], start[i + 1]) */
  start = new Int32Array(16);
  /** Per entry: the partner j, and the contact's index in the list */
  partner = new Int32Array(16);
  contact = new Int32Array(16);

  /** Grows the table for `count` contacts among `n` bodies (before a build elsewhere: indexPairs on a worker pool) */
  reserve(count: number, n: number): void {
    if (this.start.length < n + 1) this.start = int32Like(this.start, grownCapacity(n + 1, this.start.length));
    if (this.partner.length < count) {
      const cap = grownCapacity(count, this.partner.length);
      this.partner = int32Like(this.partner, cap);
      this.contact = int32Like(this.contact, cap);
    }
  }

  /**
   * Indexes the contacts of `list` between bodies, [0, list.pairContacts), among bodies [0, n) (feature 0: discs);
   * in WebAssembly where the columns are in the kernels' arena (wasm/assembly/counting-sorts.ts; the same table).
   */
  build(list: ContactList, n: number, wasm: WasmKernels | null = null): void {
    const count = Math.min(list.pairContacts, list.count);
    this.reserve(count, n);
    indexPairs(list.i, list.j, list.feature, count, n, this.start, this.partner, this.contact, wasm);
  }

  /** The index of contact (i, j) in the indexed list, or −1 */
  find(i: number, j: number): number {
    const partner = this.partner;
    for (let e = this.start[i], end = this.start[i + 1]; e < end; e++) if (partner[e] === j) return this.contact[e];
    return -1;
  }
}

/** PairHistoryIndex.build's table for contacts [0, count) of columns li, lj, lf into start, partner, contact (grown already) */
export function indexPairs(
  li: Int32Array, lj: Int32Array, lf: Int32Array, count: number, n: number, start: Int32Array, partner: Int32Array, contact: Int32Array, wasm: WasmKernels | null,
): void {
  if (wasm) {
    const a = wasm.arena;
    const oi = a.offsetOf(li), oj = a.offsetOf(lj), of = a.offsetOf(lf), os = a.offsetOf(start), op = a.offsetOf(partner), oc = a.offsetOf(contact);
    if ((oi | oj | of | os | op | oc) >= 0) {
      wasm.pairHistory(oi, oj, of, count, n, os, op, oc);
      return;
    }
  }
  start.fill(0, 0, n + 1);
  for (let c = 0; c < count; c++) {
    const i = li[c];
    if (i < n && lf[c] === 0) start[i + 1]++;
  }
  for (let b = 0; b < n; b++) start[b + 1] += start[b];
  // fill with start[i] as body i's cursor (it ends at body i + 1's start), then shift the starts back
  for (let c = 0; c < count; c++) {
    const i = li[c];
    if (i < n && lf[c] === 0) {
      const e = start[i]++;
      partner[e] = lj[c];
      contact[e] = c;
    }
  }
  for (let b = n; b > 0; b--) start[b] = start[b - 1];
  start[0] = 0;
}
