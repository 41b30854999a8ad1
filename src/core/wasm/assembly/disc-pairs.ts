/**
 * AssemblyScript source of the disc pair loop in WebAssembly (issue 9), the pair loop of contacts/disc-force-pass.ts:
 * its JavaScript oracle, test/core/oracles/disc-pair-loop.ts, line for line, so the two give the same bits
 * (test/core/wasm-disc-pairs.test.ts); history by last step's pair slot, or by body and partner
 * (state/pair-history-index.ts's PairHistoryIndex.find) after the list was rebuilt; on a worker pool's block
 * (contacts/parallel-disc-pass.ts) it leaves n in the record and adds the forces of the block's own bodies only. Compiled by
 * src/cli/build-wasm.ts; the columns are byte offsets into the memory of core/wasm/wasm-arena.ts, read from a
 * table of offsets by slot (disc-pair-table.ts).
 *   δ = a_i + a_j − |d|, n = d/|d| (paper 002 Eq. 5);  the contact's forces by linear-cundall.ts;  F = f_n n + f_t t on j.
 */
import { countTouching } from './count-touching';
import { BLOCK, BY_KEY, CAP_ELASTIC, CLAMP, COMMIT, FILTER, FILTER_CHUNK, FROM_RATIO, LISTED, PARTNERS, PERIODIC } from './disc-pair-flags';
import {
  DT, EVX, EVY, EW, EX, EY, FX, FY, H_CONTACT, H_PARTNER, H_START, II, IM, INNER, KN, KT, LENGTH, LIST, MU, OFN, OFT, OI, OJ, ONX, ONY, OPREV, OXI, OXI_EVAL,
  PARTNER, PI, PJ, PSLOT, PXI, RAD, RATIO, SLOT, SUMS, TAU, ZETA_N, ZETA_T,
} from './disc-pair-table';
import { contactFn, linearCundall, loadSums, storeSums } from './linear-cundall';
import { addF64, col, f64At, i32At, param } from './memory-access';
/** collision-monitor.ts's NONE and MANY */
const NONE = -1, MANY = -2;

/** PairHistoryIndex.find(i, j): contact (i, j)'s index in last step's list, or −1 (body i's partners are hPartner[hStart[i] … hStart[i + 1])) */
@inline function findPair(hStart: usize, hPartner: usize, hContact: usize, i: i32, j: i32): i32 {
  const end = i32At(hStart, i + 1);
  for (let e = i32At(hStart, i); e < end; e++) if (i32At(hPartner, e) == j) return i32At(hContact, e);
  return -1;
}

/**
 * Pairs [p0, p1) (LISTED: pairs list[p0 … p1); FILTER: those of p0 … p1 − 1 that touch, listed here) from contact k0
 * on, the columns and parameters in the table at `table` (disc-pair-table.ts); returns the end. The sums: normal
 * power, dashpot, slip, max δ/a, (wall power), elastic energy.
 */
export function discPairs(table: usize, p0: i32, p1: i32, k0: i32, flags: i32): i32 {
  if ((flags & FILTER) != 0) {
    // the touching pairs of each FILTER_CHUNK candidates listed first, without a branch per candidate (half of
    // them touch), then the loop over those only
    const periodic = (flags & PERIODIC) != 0 ? 1 : 0, L = param(table, LENGTH), list = col(table, LIST), slot = col(table, SLOT);
    const ex = col(table, EX), ey = col(table, EY), rad = col(table, RAD), im = col(table, IM), ii = col(table, II), pi = col(table, PI), pj = col(table, PJ);
    let k = k0;
    for (let c0 = p0; c0 < p1; c0 += FILTER_CHUNK) {
      const count = countTouching(ex, ey, rad, im, ii, pi, pj, c0, min(p1, c0 + FILTER_CHUNK), periodic, L, list, slot);
      k = pairLoop<i32>(table, 0, count, k, flags);
    }
    return k;
  }
  // one loop for each way of visiting the pairs, so that neither pays for the other's choice at every pair
  return (flags & LISTED) != 0 ? pairLoop<i32>(table, p0, p1, k0, flags) : pairLoop<f64>(table, p0, p1, k0, flags);
}

/** discPairs' loop; T: i32, the pairs are list[p0 … p1); f64, they are p0 … p1 − 1 (a compile-time choice) */
@inline function pairLoop<T>(table: usize, p0: i32, p1: i32, k0: i32, flags: i32): i32 {
  const ex = col(table, EX), ey = col(table, EY), evx = col(table, EVX), evy = col(table, EVY), ew = col(table, EW);
  const rad = col(table, RAD), im = col(table, IM), ii = col(table, II), fx = col(table, FX), fy = col(table, FY), tau = col(table, TAU);
  const pi = col(table, PI), pj = col(table, PJ), oi = col(table, OI), oj = col(table, OJ), ofn = col(table, OFN), oft = col(table, OFT);
  const oxiE = col(table, OXI_EVAL), oxi = col(table, OXI), oprev = col(table, OPREV), slot = col(table, SLOT);
  const pxi = col(table, PXI), partner = col(table, PARTNER), pslot = col(table, PSLOT);
  const hStart = col(table, H_START), hPartner = col(table, H_PARTNER), hContact = col(table, H_CONTACT);
  const onx = col(table, ONX), ony = col(table, ONY), inner = col(table, INNER), list = col(table, LIST), sums = col(table, SUMS);
  const kn = param(table, KN), kt = param(table, KT), mu = param(table, MU), zetaN = param(table, ZETA_N), zetaT = param(table, ZETA_T);
  const ratio = param(table, RATIO), L = param(table, LENGTH), dt = param(table, DT);
  const periodic = (flags & PERIODIC) != 0, commit = (flags & COMMIT) != 0, elastic = (flags & CAP_ELASTIC) != 0;
  const clamp = (flags & CLAMP) != 0, fromRatio = (flags & FROM_RATIO) != 0, findPartners = (flags & PARTNERS) != 0;
  const byKey = (flags & BY_KEY) != 0, block = (flags & BLOCK) != 0;
  const invKt = kt > 0 ? 1 / kt : 0;
  const zn2 = 2 * zetaN, zt2 = 2 * zetaT, sqrtKn = Math.sqrt(kn), sqrtKt = Math.sqrt(kt);
  loadSums(sums);
  let maxRatio = load<f64>(sums, 24);
  let k = k0;
  for (let t = p0; t < p1; t++) {
    const p = isInteger<T>() ? i32At(list, t) : t;
    const i = i32At(pi, p), j = i32At(pj, p);
    const bi = <usize>i << 3, bj = <usize>j << 3;
    const imi = load<f64>(im + bi), imj = load<f64>(im + bj);
    let dx = load<f64>(ex + bj) - load<f64>(ex + bi);
    if (periodic) {
      // PeriodicX.minimumImageX with JavaScript's Math.round (halves round up)
      const t = dx / L;
      let r = Math.floor(t);
      if (t - r >= 0.5) r += 1;
      dx -= L * r;
    }
    const dy = load<f64>(ey + bj) - load<f64>(ey + bi);
    const ai = load<f64>(rad + bi), aj = load<f64>(rad + bj), s = ai + aj;
    const d2 = dx * dx + dy * dy;
    if (d2 >= s * s || (imi + imj == 0 && load<f64>(ii + bi) + load<f64>(ii + bj) == 0)) { store<i32>(slot + (<usize>p << 2), -1); continue; }
    store<i32>(slot + (<usize>p << 2), k);
    const dist = Math.sqrt(d2);
    const inv = dist > 0 ? 1 / dist : 0;
    const nx = dist > 0 ? dx * inv : 1, ny = dy * inv;
    const delta = s - dist;
    const k4 = <usize>k << 2, k8 = <usize>k << 3;
    store<i32>(oi + k4, i); store<i32>(oj + k4, j);
    const r = delta / (ai < aj ? ai : aj);
    if (r > maxRatio) maxRatio = r;
    const dvx = load<f64>(evx + bj) - load<f64>(evx + bi), dvy = load<f64>(evy + bj) - load<f64>(evy + bi);
    const un = dvx * nx + dvy * ny;
    const ut = -dvx * ny + dvy * nx - ai * load<f64>(ew + bi) - aj * load<f64>(ew + bj);
    const imSum = imi + imj;
    const mr = imSum > 0 ? 1 / imSum : 0;
    const q = byKey ? findPair(hStart, hPartner, hContact, i, j) : i32At(pslot, p);
    store<i32>(oprev + k4, q);
    const xi0 = q >= 0 ? f64At(pxi, q) : 0;
    const ft = linearCundall(k8, delta, un, ut, mr, xi0, kn, kt, mu, invKt, zn2, zt2, sqrtKn, sqrtKt, ratio, dt, fromRatio, clamp, elastic, commit, ofn, oft, oxiE, oxi, false, 0, 0, 0);
    const fn = contactFn();
    const pa = partner + (<usize>i << 2), pb = partner + (<usize>j << 2);
    if (!block) {
      const Fx = fn * nx - ft * ny, Fy = fn * ny + ft * nx;
      addF64(fx, bj, Fx); addF64(fy, bj, Fy); addF64(tau, bj, -aj * ft);
      addF64(fx, bi, -Fx); addF64(fy, bi, -Fy); addF64(tau, bi, -(ai * ft));
      if (findPartners) {
        store<i32>(pa, load<i32>(pa) == NONE ? j : MANY);
        store<i32>(pb, load<i32>(pb) == NONE ? i : MANY);
      }
    } else {
      const innerJ = load<u8>(inner + <usize>j) == 1, innerI = load<u8>(inner + <usize>i) == 1;
      // n only where the gather reads it: a pair with a body outside the block's own
      if (!(innerJ && innerI)) { store<f64>(onx + k8, nx); store<f64>(ony + k8, ny); }
      if (innerJ || innerI) {
        const Fx = fn * nx - ft * ny, Fy = fn * ny + ft * nx;
        if (innerJ) {
          addF64(fx, bj, Fx); addF64(fy, bj, Fy); addF64(tau, bj, -aj * ft);
          if (findPartners) store<i32>(pb, load<i32>(pb) == NONE ? i : MANY);
        }
        if (innerI) {
          addF64(fx, bi, -Fx); addF64(fy, bi, -Fy); addF64(tau, bi, -(ai * ft));
          if (findPartners) store<i32>(pa, load<i32>(pa) == NONE ? j : MANY);
        }
      }
    }
    k++;
  }
  storeSums(sums);
  store<f64>(sums, maxRatio, 24);
  return k;
}
