/**
 * AssemblyScript source of the disc pass's wall contacts in WebAssembly: the forces of one wall's contacts,
 * rows [start, end) of the record, whose geometry (j, n, δ) contacts/disc-force-pass.ts's touchWall wrote and
 * whose history (the row of last step's contact, or −1) its wall pass found by key. The same per-contact block
 * as the pair loop (linear-cundall.ts); the row is written whole. Columns and parameters by the table
 * (disc-pair-table.ts); the wall's velocity in, the force on it out (WALL_FX, WALL_FY).
 *   u = v_j − v_wall, u_t with −a_j ω_j;  F = f_n n + f_t t on j, −F on the wall (a fixed wall: its power F·v_wall).
 */
import { CAP_ELASTIC, CLAMP, COMMIT, FIXED_WALL, FROM_RATIO } from './disc-pair-flags';
import {
  DT, EVX, EVY, EW, FX, FY, IM, KN, KT, MU, ODELTA, OFE, OFN, OFT, OGN, OGT, OJ, OMR, ONEW, ONX, ONY, OPREV, OUN, OUT, OXI, OXI_EVAL,
  PARAMS_AT, PXI, RAD, RATIO, SUMS, TAU, WALL_FX, WALL_FY, WALL_VX, WALL_VY, ZETA_N, ZETA_T,
} from './disc-pair-table';
import { contactFn, linearCundall, loadSums, storeSums } from './linear-cundall';
import { addF64, col, f64At, i32At, param } from './memory-access';

/** Wall contacts [start, end) of the record, by the table at `table`; the sums: normal power, dashpot, slip, max δ/a, wall power, elastic energy. */
export function discWalls(table: usize, start: i32, end: i32, flags: i32): void {
  const evx = col(table, EVX), evy = col(table, EVY), ew = col(table, EW), rad = col(table, RAD), im = col(table, IM);
  const fx = col(table, FX), fy = col(table, FY), tau = col(table, TAU), oj = col(table, OJ), onx = col(table, ONX), ony = col(table, ONY);
  const odelta = col(table, ODELTA), oun = col(table, OUN), out = col(table, OUT), omr = col(table, OMR), onew = col(table, ONEW);
  const ogn = col(table, OGN), ogt = col(table, OGT), ofe = col(table, OFE), ofn = col(table, OFN), oft = col(table, OFT);
  const oxiE = col(table, OXI_EVAL), oxi = col(table, OXI), oprev = col(table, OPREV), pxi = col(table, PXI), sums = col(table, SUMS);
  const kn = param(table, KN), kt = param(table, KT), mu = param(table, MU), zetaN = param(table, ZETA_N), zetaT = param(table, ZETA_T);
  const ratio = param(table, RATIO), dt = param(table, DT), wvx = param(table, WALL_VX), wvy = param(table, WALL_VY);
  const commit = (flags & COMMIT) != 0, elastic = (flags & CAP_ELASTIC) != 0, clamp = (flags & CLAMP) != 0;
  const fromRatio = (flags & FROM_RATIO) != 0, fixedWall = (flags & FIXED_WALL) != 0;
  const invKt = kt > 0 ? 1 / kt : 0;
  const zn2 = 2 * zetaN, zt2 = 2 * zetaT, sqrtKn = Math.sqrt(kn), sqrtKt = Math.sqrt(kt);
  loadSums(sums);
  let maxRatio = load<f64>(sums, 24), power = load<f64>(sums, 32), wfx: f64 = 0, wfy: f64 = 0;
  for (let k = start; k < end; k++) {
    const k8 = <usize>k << 3, j = i32At(oj, k), bj = <usize>j << 3;
    const aj = load<f64>(rad + bj), nx = load<f64>(onx + k8), ny = load<f64>(ony + k8), delta = load<f64>(odelta + k8);
    const r = delta / aj;
    if (r > maxRatio) maxRatio = r;
    const dvx = load<f64>(evx + bj) - wvx, dvy = load<f64>(evy + bj) - wvy, wj = load<f64>(ew + bj);
    const un = dvx * nx + dvy * ny;
    const ut = -dvx * ny + dvy * nx - aj * wj;
    store<f64>(oun + k8, un); store<f64>(out + k8, ut);
    const imSum = load<f64>(im + bj);
    const mr = imSum > 0 ? 1 / imSum : 0;
    store<f64>(omr + k8, mr);
    const q = i32At(oprev, k);
    store<u8>(onew + <usize>k, q >= 0 ? 0 : 1);
    const xi0 = q >= 0 ? f64At(pxi, q) : 0;
    const ft = linearCundall(k8, delta, un, ut, mr, xi0, kn, kt, mu, invKt, zn2, zt2, sqrtKn, sqrtKt, ratio, dt, fromRatio, clamp, elastic, commit, ofn, oft, oxiE, oxi, true, ogn, ogt, ofe);
    const fn = contactFn();
    const Fx = fn * nx - ft * ny, Fy = fn * ny + ft * nx;
    addF64(fx, bj, Fx); addF64(fy, bj, Fy); addF64(tau, bj, -aj * ft);
    wfx -= Fx; wfy -= Fy;
    if (fixedWall) power += Fx * wvx + Fy * wvy;
  }
  storeSums(sums);
  store<f64>(sums, maxRatio, 24); store<f64>(sums, power, 32);
  store<f64>(table + PARAMS_AT + (<usize>WALL_FX << 3), wfx); store<f64>(table + PARAMS_AT + (<usize>WALL_FY << 3), wfy);
}
