/**
 * The disc pair loop in WebAssembly (assembly/disc-pairs.ts) over the arena's columns in place: the serial
 * fused pass (contacts/disc-force-pass.ts) and a worker pool's blocks (contacts/parallel-disc-pass.ts) run it
 * and get the same bits as its JavaScript oracle (test/core/oracles/disc-pair-loop.ts), about 1.5× sooner than it ran (V8
 * checks every typed-array access; the WebAssembly loop reads memory directly).
 */
import type { DiscPassView, PairMaterial } from './disc-pass-view';
import { LINEAR } from '../laws/law-ids';
import { BLOCK, BY_KEY, CAP_ELASTIC, CLAMP, COMMIT, FILTER, FROM_RATIO, LISTED, PARTNERS, PERIODIC } from '../wasm/assembly/disc-pair-flags';
import {
  DT, EVX, EVY, EW, EX, EY, FX, FY, H_CONTACT, H_PARTNER, H_START, II, IM, INNER, KN, KT, LENGTH, LIST, MU, OFN, OFT, OI, OJ, ONX, ONY, OPREV, OXI, OXI_EVAL,
  PARTNER, PI, PJ, PSLOT, PXI, RAD, RATIO, SLOT, SUMS, TABLE_SLOTS, TAU, ZETA_N, ZETA_T,
} from '../wasm/assembly/disc-pair-table';
import { ArenaOffsets } from '../wasm/arena-offsets';
import type { WasmKernels } from '../wasm/kernels';

/** the pass's sums the kernel carries (indices NORMAL_POWER … ELASTIC of disc-force-pass.ts) */
const SUMS_CARRIED = 6;
/** The columns' offsets, by the table's slot (this thread's; the same columns call after call on a pool's chunks) */
const OFFSETS = new ArenaOffsets(TABLE_SLOTS);

/**
 * The pair loop over candidate pairs [p0, p1), contacts from k0 on, sums into sums[s0 …] (history by pair slot, or by key in v.history; scattering
 * every force, or a pool's block without v.scatter): the end of the contacts written, or −1 (nothing done)
 * if a column it reads is not in the kernels' arena. With `list` (countTouching's), the pairs are list[p0 … p1);
 * with `list` a scratch and `listMode` FILTER, the kernel lists the touching ones of p0 … p1 − 1 there itself.
 */
export function discPairsWasm(
  w: WasmKernels, v: DiscPassView, m: PairMaterial, dt: number, p0: number, p1: number, k0: number, sums: Float64Array, s0: number, list: Int32Array | null = null, listMode = LISTED,
): number {
  const a = w.arena, o = OFFSETS, t = w.table, x = v.history, block = !v.scatter;
  t[EX] = o.of(a, EX, v.ex); t[EY] = o.of(a, EY, v.ey); t[EVX] = o.of(a, EVX, v.evx); t[EVY] = o.of(a, EVY, v.evy); t[EW] = o.of(a, EW, v.ew);
  t[RAD] = o.of(a, RAD, v.rad); t[IM] = o.of(a, IM, v.im); t[II] = o.of(a, II, v.ii); t[FX] = o.of(a, FX, v.fx); t[FY] = o.of(a, FY, v.fy); t[TAU] = o.of(a, TAU, v.tau);
  t[PI] = o.of(a, PI, v.pi); t[PJ] = o.of(a, PJ, v.pj); t[OI] = o.of(a, OI, v.oi); t[OJ] = o.of(a, OJ, v.oj); t[OFN] = o.of(a, OFN, v.ofn); t[OFT] = o.of(a, OFT, v.oft);
  t[OXI_EVAL] = o.of(a, OXI_EVAL, v.oxiE); t[OXI] = o.of(a, OXI, v.oxi); t[OPREV] = o.of(a, OPREV, v.oprev); t[SLOT] = o.of(a, SLOT, v.slot);
  t[PXI] = o.of(a, PXI, v.pxi); t[PARTNER] = v.findPartners ? o.of(a, PARTNER, v.partner) : 0;
  t[PSLOT] = v.bySlot ? o.of(a, PSLOT, v.pslot) : 0;
  t[H_START] = v.bySlot ? 0 : o.of(a, H_START, x.start); t[H_PARTNER] = v.bySlot ? 0 : o.of(a, H_PARTNER, x.partner); t[H_CONTACT] = v.bySlot ? 0 : o.of(a, H_CONTACT, x.contact);
  t[ONX] = block ? o.of(a, ONX, v.onx) : 0; t[ONY] = block ? o.of(a, ONY, v.ony) : 0; t[INNER] = block ? o.of(a, INNER, v.inner) : 0;
  t[LIST] = list ? o.of(a, LIST, list) : 0;
  // the sums in place if they are the arena's (a pool's chunk sums), else through the kernels' scratch
  const into = o.of(a, SUMS, sums), s = w.sums;
  t[SUMS] = into >= 0 ? into + 8 * s0 : s.byteOffset;
  let missing = 0;
  for (let slot = 0; slot < TABLE_SLOTS; slot++) missing |= t[slot];
  if (missing < 0) return -1;
  if (into < 0) for (let q = 0; q < SUMS_CARRIED; q++) s[q] = sums[s0 + q];
  const par = w.params;
  par[KN] = m.kn; par[KT] = m.kt; par[MU] = m.mu; par[ZETA_N] = m.zetaN; par[ZETA_T] = m.zetaT; par[RATIO] = m.gtRatio; par[LENGTH] = v.L; par[DT] = dt;
  const flags = (v.periodic ? PERIODIC : 0) | (v.commit ? COMMIT : 0) | (m.capElastic ? CAP_ELASTIC : 0) | (m.clampNormal ? CLAMP : 0)
    | (m.gtFromRatio ? FROM_RATIO : 0) | (v.findPartners ? PARTNERS : 0) | (v.bySlot ? 0 : BY_KEY) | (block ? BLOCK : 0) | (list ? listMode : 0);
  const k = w.discPairs(w.tableAt, p0, p1, k0, flags);
  if (into < 0) for (let q = 0; q < SUMS_CARRIED; q++) sums[s0 + q] = s[q];
  v.of.fill(0, k0, k); v.olaw.fill(LINEAR, k0, k);
  w.pairRuns++;
  return k;
}

/**
 * The serial pass's pair loop over all P candidates from contact k0 on, the kernel listing each chunk's touching
 * pairs first (FILTER): the end of the contacts written, or −1 if a column is not in the kernels' arena.
 */
export function discPairsFilteredWasm(w: WasmKernels, v: DiscPassView, m: PairMaterial, dt: number, P: number, k0: number, sums: Float64Array): number {
  return discPairsWasm(w, v, m, dt, 0, P, k0, sums, 0, w.touching, FILTER);
}
