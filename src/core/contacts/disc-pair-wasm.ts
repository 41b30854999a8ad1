/**
 * The disc pair loop in WebAssembly (assembly/disc-pairs.ts) over the arena's columns in place: the serial
 * fused pass (contacts/disc-force-pass.ts) and a worker pool's blocks (contacts/parallel-disc-pass.ts) run it
 * and get the same bits as their JavaScript loop, about 1.5× sooner (V8 checks every typed-array access;
 * the WebAssembly loop reads memory directly).
 */
import type { DiscPassView, PairMaterial } from './disc-pass-view';
import { LINEAR } from '../laws/law-ids';
import { BLOCK, BY_KEY, CAP_ELASTIC, CLAMP, COMMIT, FILTER, FROM_RATIO, LISTED, PARTNERS, PERIODIC } from '../wasm/assembly/disc-pair-flags';
import { ArenaOffsets } from '../wasm/arena-offsets';
import type { WasmKernels } from '../wasm/kernels';

/** the pass's sums the kernel carries (indices NORMAL_POWER … ELASTIC of disc-force-pass.ts) */
const SUMS = 6;
/** The columns' offsets, by slot (this thread's; the same columns call after call on a pool's chunks) */
const OFFSETS = new ArenaOffsets(32);

/**
 * pairContactsRange(v, m, dt, p0, p1, k0, sums, s0) (history by pair slot, or by key in v.history; scattering
 * every force, or a pool's block without v.scatter): the end of the contacts written, or −1 (nothing done)
 * if a column it reads is not in the kernels' arena. With `list` (countTouching's), the pairs are list[p0 … p1);
 * with `list` a scratch and `listMode` FILTER, the kernel lists the touching ones of p0 … p1 − 1 there itself.
 */
export function discPairsWasm(
  w: WasmKernels, v: DiscPassView, m: PairMaterial, dt: number, p0: number, p1: number, k0: number, sums: Float64Array, s0: number, list: Int32Array | null = null, listMode = LISTED,
): number {
  const a = w.arena, o = OFFSETS;
  const ex = o.of(a, 0, v.ex), ey = o.of(a, 1, v.ey), evx = o.of(a, 2, v.evx), evy = o.of(a, 3, v.evy), ew = o.of(a, 4, v.ew);
  const rad = o.of(a, 5, v.rad), im = o.of(a, 6, v.im), ii = o.of(a, 7, v.ii), fx = o.of(a, 8, v.fx), fy = o.of(a, 9, v.fy), tau = o.of(a, 10, v.tau);
  const pi = o.of(a, 11, v.pi), pj = o.of(a, 12, v.pj), oi = o.of(a, 13, v.oi), oj = o.of(a, 14, v.oj), ofn = o.of(a, 15, v.ofn), oft = o.of(a, 16, v.oft);
  const oxiE = o.of(a, 17, v.oxiE), oxi = o.of(a, 18, v.oxi), oprev = o.of(a, 19, v.oprev), slot = o.of(a, 20, v.slot);
  const pxi = o.of(a, 21, v.pxi), partner = v.findPartners ? o.of(a, 22, v.partner) : 0, x = v.history;
  const pslot = v.bySlot ? o.of(a, 23, v.pslot) : 0, hStart = v.bySlot ? 0 : o.of(a, 24, x.start);
  const hPartner = v.bySlot ? 0 : o.of(a, 25, x.partner), hContact = v.bySlot ? 0 : o.of(a, 26, x.contact);
  const block = !v.scatter, onx = block ? o.of(a, 27, v.onx) : 0, ony = block ? o.of(a, 28, v.ony) : 0, inner = block ? o.of(a, 29, v.inner) : 0;
  const listAt = list ? o.of(a, 30, list) : 0;
  if ((ex | ey | evx | evy | ew | rad | im | ii | fx | fy | tau | pi | pj | oi | oj | ofn | oft | oxiE | oxi | oprev | slot | pxi | pslot | partner | hStart | hPartner | hContact | onx | ony | inner | listAt) < 0) return -1;
  // the sums in place if they are the arena's (a pool's chunk sums), else through the kernels' scratch
  const into = o.of(a, 31, sums), s = w.sums;
  if (into < 0) for (let q = 0; q < SUMS; q++) s[q] = sums[s0 + q];
  const flags = (v.periodic ? PERIODIC : 0) | (v.commit ? COMMIT : 0) | (m.capElastic ? CAP_ELASTIC : 0) | (m.clampNormal ? CLAMP : 0)
    | (m.gtFromRatio ? FROM_RATIO : 0) | (v.findPartners ? PARTNERS : 0) | (v.bySlot ? 0 : BY_KEY) | (block ? BLOCK : 0) | (list ? listMode : 0);
  const k = w.discPairs(
    ex, ey, evx, evy, ew, rad, im, ii, fx, fy, tau, pi, pj, oi, oj, ofn, oft, oxiE, oxi, oprev, slot, pxi, pslot, partner,
    into >= 0 ? into + 8 * s0 : s.byteOffset, hStart, hPartner, hContact, onx, ony, inner, listAt,
    p0, p1, k0, flags, v.L, dt, m.kn, m.kt, m.mu, m.zetaN, m.zetaT, m.gtRatio,
  );
  if (into < 0) for (let q = 0; q < SUMS; q++) sums[s0 + q] = s[q];
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
