/**
 * The contact-dynamics sweeps in WebAssembly (wasm/assembly/cd-sweeps.ts: applyAll, the Gauss–Seidel sweep with its
 * reshuffle and the Jacobi sweep of sweeps.ts, the same bits): the glue that puts the solver's columns in the kernels'
 * arena, fills their table and has the step's contacts packed for the sweeps (cdPack). The contacts (ImpulseContacts),
 * the mobilities and the sweep's order move into the arena (and grow there); the walls' few columns are copied into it
 * before the sweeps and their velocities back after (`finish`). Where a column cannot be had in the arena, `bind` says
 * so and sweeps.ts's JavaScript runs instead.
 */
import type { WallSet } from '../boundaries/walls';
import { grownCapacity } from '../math/grow';
import type { Rng } from '../math/rng';
import { ArenaOffsets } from '../wasm/arena-offsets';
import {
  CD_SLOTS, CI, CJ, II, IMX, IMY, NX, NY, OM, PACKED, PACKED_BYTES, PERM, RIX, RIY, RJX, RJY, RN, RN_OLD, RT, RT_OLD, TARGET, VX, VY, WIM, WNN, WNT, WNX, WNY, WTT, WVX, WVY,
} from '../wasm/assembly/cd-table';
import type { WasmKernels } from '../wasm/kernels';
import type { ImpulseContacts, Mobility } from './impulse-contacts';
import type { SolverBodies } from './sweeps';

/** The contacts' columns the kernels read and write, and their table slots */
const CONTACT_KEYS = ['i', 'j', 'nx', 'ny', 'rix', 'riy', 'rjx', 'rjy', 'wnn', 'wtt', 'wnt', 'target', 'rn', 'rt', 'rnPrev', 'rtPrev'] as const;
const CONTACT_SLOTS = [CI, CJ, NX, NY, RIX, RIY, RJX, RJY, WNN, WTT, WNT, TARGET, RN, RT, RN_OLD, RT_OLD] as const;
/** …the mobilities' and the order's, for the arena's adopt */
const MOBILITY_KEYS = ['imx', 'imy', 'ii'], ORDER_KEYS = ['perm'];
/** The walls' columns copied into the arena: the scratch holds WALL_COLUMNS of them, one after the other */
const WALL_COLUMNS = 5;

export class SweepKernels {
  /** The kernels bound for this step's sweeps (bind), else null */
  private kernels: WasmKernels | null = null;
  /** The kernels whose arena holds the table and the walls' scratch */
  private arenaOf: WasmKernels | null = null;
  private table: Int32Array | null = null;
  private walls: Float64Array | null = null;
  private wallRoom = 0;
  /** The contacts' packed copy the sweeps read (cd-sweeps.ts cdPack), for `packedRoom` contacts */
  private packed: Float64Array | null = null;
  private packedRoom = 0;
  private readonly offsets = new ArenaOffsets(CD_SLOTS);

  /**
   * The table for this step's sweeps over `ic` with the bodies of `s` and the order `perm` (its holder `order`), the
   * contacts packed, the walls' columns copied in; false (nothing to run here) where `w` is null or a column is not in its arena
   */
  bind(w: WasmKernels | null, ic: ImpulseContacts, mob: Mobility, order: { perm: Int32Array }, s: SolverBodies, walls: WallSet): boolean {
    this.kernels = null;
    if (!w || ic.count === 0) return false;
    const a = w.arena, o = this.offsets;
    a.adopt(ic, CONTACT_KEYS);
    a.adopt(mob, MOBILITY_KEYS);
    a.adopt(order, ORDER_KEYS);
    const nw = walls.count;
    if (this.arenaOf !== w) {
      this.table = a.i32(CD_SLOTS);
      this.walls = null;
      this.wallRoom = 0;
      this.packed = null;
      this.packedRoom = 0;
      this.arenaOf = w;
    }
    if (!this.packed || this.packedRoom < ic.count) {
      this.packedRoom = ic.capacity;
      this.packed = a.f64((PACKED_BYTES / 8) * this.packedRoom);
    }
    if (!this.walls || this.wallRoom < nw) {
      this.wallRoom = grownCapacity(nw, this.wallRoom);
      this.walls = a.f64(WALL_COLUMNS * this.wallRoom);
    }
    const t = this.table, wc = this.walls;
    if (!t || !wc || !this.packed) return false;
    t[PACKED] = this.packed.byteOffset;
    for (let c = 0; c < CONTACT_KEYS.length; c++) t[CONTACT_SLOTS[c]] = o.of(a, CONTACT_SLOTS[c], ic[CONTACT_KEYS[c]]);
    t[VX] = o.of(a, VX, s.vx); t[VY] = o.of(a, VY, s.vy); t[OM] = o.of(a, OM, s.omega);
    t[IMX] = o.of(a, IMX, mob.imx); t[IMY] = o.of(a, IMY, mob.imy); t[II] = o.of(a, II, mob.ii);
    t[PERM] = o.of(a, PERM, order.perm);
    const room = this.wallRoom, at = wc.byteOffset;
    for (let q = 0; q < nw; q++) {
      wc[q] = s.wvx[q]; wc[room + q] = s.wvy[q]; wc[2 * room + q] = s.wim[q]; wc[3 * room + q] = s.wnx[q]; wc[4 * room + q] = s.wny[q];
    }
    t[WVX] = at; t[WVY] = at + 8 * room; t[WIM] = at + 16 * room; t[WNX] = at + 24 * room; t[WNY] = at + 32 * room;
    for (let slot = 0; slot < CD_SLOTS; slot++) if (t[slot] < 0) return false;
    w.cdPack(t.byteOffset, ic.count);
    this.kernels = w;
    return true;
  }

  /** sweeps.ts's applyAll on the bound columns */
  applyAll(n: number, dt: number): void {
    this.kernels!.cdApplyAll(this.table!.byteOffset, n, dt);
    this.kernels!.cdRuns++;
  }

  /** gaussSeidelSweep over the bound order, reshuffled with `rng`'s draws */
  gaussSeidel(n: number, mu: number, dt: number, rng: Rng): void {
    rng.state = this.kernels!.cdGaussSeidel(this.table!.byteOffset, n, mu, dt, rng.state);
    this.kernels!.cdRuns++;
  }

  /** jacobiSweep on the bound columns (rnPrev, rtPrev: the forces at the sweep's start) */
  jacobi(n: number, mu: number, dt: number): void {
    this.kernels!.cdJacobi(this.table!.byteOffset, n, mu, dt);
    this.kernels!.cdRuns++;
  }

  /** The walls' velocities the sweeps changed (pistons), back into `s` */
  finish(s: SolverBodies, walls: WallSet): void {
    if (!this.kernels) return;
    const room = this.wallRoom, wc = this.walls!;
    for (let q = 0; q < walls.count; q++) { s.wvx[q] = wc[q]; s.wvy[q] = wc[room + q]; }
    this.kernels = null;
  }
}
