/**
 * The collision monitor's passes in WebAssembly (wasm/assembly/collision-events.ts) over the arena's columns in place:
 * collisionEvents and freeFlight of diagnostics/collision-monitor.ts, the same bits and answers as their JavaScript
 * twins. Each does nothing and says so (false) when a column is not in the kernels' arena.
 */
import type { BodyState } from '../state/body-state';
import { ArenaOffsets } from '../wasm/arena-offsets';
import type { WasmKernels } from '../wasm/kernels';
import type { MonitorColumns } from './monitor-columns';

/** The collision monitor's collisionEvents then freeFlight for each chunk of `chunkSize` bodies of [0, n), as its serial loop runs them */
export function collisionPassesWasm(w: WasmKernels, s: MonitorColumns, b: BodyState, n: number, steps: number, maxSteps: number, chunkSize: number): boolean {
  for (let k = 0, a0 = 0; a0 < n; k++, a0 += chunkSize) {
    const a1 = Math.min(n, a0 + chunkSize);
    if (!collisionEventsWasm(w, s, b, a0, a1, steps, maxSteps, k, chunkSize)) return false;
    freeFlightWasm(w, s, b, a0, a1);
  }
  return true;
}

/** The byte offsets of collisionEventsWasm's columns, asked of the arena only when a column changes */
const OFFSETS_COLLISION_EVENTS_WASM = new ArenaOffsets(21);

/** The collision monitor's collisionEvents over bodies [a0, a1), chunk `chunk` of `chunkSize` bodies */
export function collisionEventsWasm(w: WasmKernels, s: MonitorColumns, b: BodyState, a0: number, a1: number, steps: number, maxSteps: number, chunk: number, chunkSize: number): boolean {
  const o = OFFSETS_COLLISION_EVENTS_WASM;
  const a = w.arena;
  const partner = o.of(a, 0, s.partner), prev = o.of(a, 1, s.prev), clean = o.of(a, 2, s.clean), pending = o.of(a, 3, s.pending);
  const onX = o.of(a, 4, s.onX), onY = o.of(a, 5, s.onY), onStep = o.of(a, 18, s.onStep), freeVx = o.of(a, 6, s.freeVx), freeVy = o.of(a, 7, s.freeVy);
  const pendingBefore = o.of(a, 8, s.pendingBefore), pendingStep = o.of(a, 9, s.pendingStep), offX = o.of(a, 10, s.offX), offY = o.of(a, 11, s.offY);
  const found = o.of(a, 12, s.found), foundE = o.of(a, 13, s.foundE), open = o.of(a, 19, s.open);
  const x = o.of(a, 14, b.x), y = o.of(a, 15, b.y), vx = o.of(a, 16, b.vx), vy = o.of(a, 17, b.vy), invMass = o.of(a, 20, b.invMass);
  if ((partner | prev | clean | pending | onX | onY | onStep | freeVx | freeVy | pendingBefore | pendingStep | offX | offY | found | foundE | open | x | y | vx | vy | invMass) < 0) return false;
  w.collisionEvents(partner, prev, clean, pending, onX, onY, onStep, freeVx, freeVy, pendingBefore, pendingStep, offX, offY, found, foundE, open, x, y, vx, vy, invMass, a0, a1, steps, maxSteps, chunk, chunkSize);
  return true;
}

/** The byte offsets of freeFlightWasm's columns, asked of the arena only when a column changes */
const OFFSETS_FREE_FLIGHT_WASM = new ArenaOffsets(8);

/** The collision monitor's freeFlight over bodies [a0, a1) */
export function freeFlightWasm(w: WasmKernels, s: MonitorColumns, b: BodyState, a0: number, a1: number): boolean {
  const o = OFFSETS_FREE_FLIGHT_WASM;
  const a = w.arena;
  const partner = o.of(a, 0, s.partner), prev = o.of(a, 1, s.prev), clean = o.of(a, 2, s.clean), freeSteps = o.of(a, 3, s.freeSteps);
  const freeVx = o.of(a, 4, s.freeVx), freeVy = o.of(a, 5, s.freeVy), vx = o.of(a, 6, b.vx), vy = o.of(a, 7, b.vy);
  if ((partner | prev | clean | freeSteps | freeVx | freeVy | vx | vy) < 0) return false;
  w.freeFlight(partner, prev, clean, freeSteps, freeVx, freeVy, vx, vy, a0, a1);
  return true;
}
