/**
 * The fused disc pass written in JavaScript, the oracle of src/core/contacts/disc-force-pass.ts's discForcePass: the same
 * record, forces and sums from the pair loop's and the walls' JavaScript oracles (disc-pair-loop.ts, disc-wall-loop.ts)
 * where the pass runs their WebAssembly kernels. test/core/wasm-disc-pairs.test.ts checks the two bit for bit.
 */
import { beginWalls, buildHistoryIndex, touchWall } from '../../../src/core/contacts/disc-force-pass';
import { DiscPassView } from '../../../src/core/contacts/disc-pass-view';
import type { NarrowPhase } from '../../../src/core/contacts/narrow-phase';
import { MANY } from '../../../src/core/diagnostics/collision-monitor';
import type { MaterialCoefficients } from '../../../src/core/laws/material';
import type { PairBuffer } from '../../../src/core/neighbors/pair-buffer';
import type { ContactList } from '../../../src/core/state/contact-list';
import { pairContactsRangeOracle } from './disc-pair-loop';
import { wallContactsOracle } from './disc-wall-loop';

const view = new DiscPassView();

/** discForcePass's work (same arguments) in JavaScript */
export function discForcePassOracle(
  np: NarrowPhase, pairs: PairBuffer, prev: ContactList, out: ContactList, m: MaterialCoefficients, dt: number, sums: Float64Array,
  partner: Int32Array | null, commit: boolean,
): void {
  out.count = 0;
  out.reserve(pairs.count + 16);
  out.reservePairSlots(pairs.count);
  out.pairStamp = pairs.generation;
  const bySlot = prev.pairStamp === pairs.generation;
  buildHistoryIndex(np, prev, bySlot);
  sums.fill(0);
  const v = view.fromStages(np, pairs, prev, out, bySlot, partner, commit);
  out.count = pairContactsRangeOracle(v, m, dt, 0, pairs.count, out.count, sums, 0);
  const walls = np.walls, near = np.wallCandidates;
  beginWalls(np, out);
  near.update(np.bodies, walls, pairs.generation);
  for (let w = 0; w < walls.count; w++) {
    const start = out.count, e0 = near.first(w), e1 = near.end(w);
    out.reserve(out.count + e1 - e0);
    const end = touchWall(np.bodies, walls, w, out, near.bodies, e0, e1, start, true);
    wallContactsOracle(np, w, prev, out, m, dt, sums, start, end, commit);
  }
  np.planeChanged = false;
  if (partner) for (let k = out.pairContacts, oj = out.j; k < out.count; k++) partner[oj[k]] = MANY;
}
