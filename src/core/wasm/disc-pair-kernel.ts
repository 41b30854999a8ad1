/**
 * The disc pair loop in WebAssembly (assembly/disc-pairs.ts) over the arena's columns in place: the serial
 * fused pass (contacts/disc-force-pass.ts) and a worker pool's blocks (contacts/parallel-disc-pass.ts) run it
 * and get the same bits as their JavaScript loop, about 1.5× sooner (V8 checks every typed-array access;
 * the WebAssembly loop reads memory directly).
 */
import type { DiscPassView, PairMaterial } from '../contacts/disc-force-pass';
import { LINEAR } from '../laws/law-ids';
import { BLOCK, BY_KEY, CAP_ELASTIC, CLAMP, COMMIT, FILTER, FROM_RATIO, LISTED, PARTNERS, PERIODIC } from './assembly/disc-pair-flags';
import type { WasmKernels } from './kernels';

/** the pass's sums the kernel carries (indices NORMAL_POWER … ELASTIC of disc-force-pass.ts) */
const SUMS = 6;

/**
 * pairContactsRange(v, m, dt, p0, p1, k0, sums, s0) (history by pair slot, or by key in v.history; scattering
 * every force, or a pool's block without v.scatter): the end of the contacts written, or −1 (nothing done)
 * if a column it reads is not in the kernels' arena. With `list` (countTouching's), the pairs are list[p0 … p1);
 * with `list` a scratch and `listMode` FILTER, the kernel lists the touching ones of p0 … p1 − 1 there itself.
 */
export function discPairsWasm(
  w: WasmKernels, v: DiscPassView, m: PairMaterial, dt: number, p0: number, p1: number, k0: number, sums: Float64Array, s0: number, list: Int32Array | null = null, listMode = LISTED,
): number {
  const a = w.arena;
  const ex = a.offsetOf(v.ex), ey = a.offsetOf(v.ey), evx = a.offsetOf(v.evx), evy = a.offsetOf(v.evy), ew = a.offsetOf(v.ew);
  const rad = a.offsetOf(v.rad), im = a.offsetOf(v.im), ii = a.offsetOf(v.ii), fx = a.offsetOf(v.fx), fy = a.offsetOf(v.fy), tau = a.offsetOf(v.tau);
  const pi = a.offsetOf(v.pi), pj = a.offsetOf(v.pj), oi = a.offsetOf(v.oi), oj = a.offsetOf(v.oj), ofn = a.offsetOf(v.ofn), oft = a.offsetOf(v.oft);
  const oxiE = a.offsetOf(v.oxiE), oxi = a.offsetOf(v.oxi), oprev = a.offsetOf(v.oprev), slot = a.offsetOf(v.slot);
  const pxi = a.offsetOf(v.pxi), partner = v.findPartners ? a.offsetOf(v.partner) : 0, x = v.history;
  const pslot = v.bySlot ? a.offsetOf(v.pslot) : 0, hStart = v.bySlot ? 0 : a.offsetOf(x.start);
  const hPartner = v.bySlot ? 0 : a.offsetOf(x.partner), hContact = v.bySlot ? 0 : a.offsetOf(x.contact);
  const block = !v.scatter, onx = block ? a.offsetOf(v.onx) : 0, ony = block ? a.offsetOf(v.ony) : 0, inner = block ? a.offsetOf(v.inner) : 0;
  const listAt = list ? a.offsetOf(list) : 0;
  if ((ex | ey | evx | evy | ew | rad | im | ii | fx | fy | tau | pi | pj | oi | oj | ofn | oft | oxiE | oxi | oprev | slot | pxi | pslot | partner | hStart | hPartner | hContact | onx | ony | inner | listAt) < 0) return -1;
  // the sums in place if they are the arena's (a pool's chunk sums), else through the kernels' scratch
  const into = a.offsetOf(sums), s = w.sums;
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
