/**
 * Colliders for convex polygons under the area law (docs/model.md#area-law-for-polygons; paper 000 Eqs. 4–5):
 * rows of the narrow-phase table for polygon–polygon, disc–polygon and polygon–disc pairs, and for a
 * polygon against a line wall. At the evaluation configuration:
 *   O = overlap polygon (Sutherland–Hodgman; against a wall, the part beyond the wall line), its area A
 *   and centroid C (the point of application, paper 000 §5);
 *   n: the contact plane of the active definition (np.plane, docs/model.md#contact-plane-for-polygons): the usual line
 *   through the boundary crossings, or a mean of the overlap's edge directions with the flip rule and its hysteresis,
 *   oriented so that n·(x_j − x_i) > 0; without a line, the previous step's normal of the same contact, or for a new
 *   contact the usual line or else the centre line; against a wall, the wall's normal;
 *   δ = A, l_c = r_i + r_j with r_k = √(A_k/π) (a wall: l_c = r_j), lever arms r_k = C − x_k.
 * A disc meeting a polygon enters as the regular DISC_SIDES-gon of the same area (so its equivalent
 * radius is its radius), not as an exact circle.
 * They run in WebAssembly only (contacts/polygon-wasm.ts, wasm/assembly/polygon-pairs.ts, polygon-clip.ts,
 * polygon-plane.ts; on a worker pool contacts/parallel-polygon-pairs.ts); the JavaScript loops they were first written
 * as are the kernels' oracle, test/core/oracles/polygon-colliders.ts. A search without the kernels is refused by name.
 */
import { LINE } from '../boundaries/walls';
import type { PairBuffer } from '../neighbors/pair-buffer';
import { DISC_SIDES, UNIT_OUTLINE } from '../shapes/disc-outline';
import { POLYGON } from '../shapes/shape-kind';
import type { WasmKernels } from '../wasm/kernels';
import type { ContactSearch } from './contact-search';
import { polygonPairsWasm, polygonWallWasm } from './polygon-wasm';

/**
 * World outline of body k with its centre at (centre[at], centre[at + 1]) into `out` (x + Rot(φ) X, as toWorld, with the
 * search's cos φ and sin φ: ContactSearch.rotations); returns its vertex count (the rigid colliders' outlines,
 * collide-polygon-rigid.ts, and the oracle's). The centre comes in an array: V8 boxes doubles passed to a call it does
 * not inline.
 */
export function outline(np: ContactSearch, k: number, centre: Float64Array, at: number, out: Float64Array): number {
  const b = np.bodies, x = centre[at], y = centre[at + 1];
  if (b.shape[k] === POLYGON) {
    const n = b.vertexCount[k], v = b.vertices, o = 2 * b.vertexStart[k], c = np.cosPhi[k], s = np.sinPhi[k];
    for (let q = 0; q < 2 * n; q += 2) {
      const bx = v[o + q], by = v[o + q + 1];
      out[q] = x + c * bx - s * by;
      out[q + 1] = y + s * bx + c * by;
    }
    return n;
  }
  const a = b.radius[k];
  for (let s = 0; s < 2 * DISC_SIDES; s += 2) {
    out[s] = x + a * UNIT_OUTLINE[s];
    out[s + 1] = y + a * UNIT_OUTLINE[s + 1];
  }
  return DISC_SIDES;
}

/** The kernels the search's polygon contacts run on; a search without them is an error (sim/force-pipeline.ts refuses such a scene) */
function kernelsOf(np: ContactSearch): WasmKernels {
  if (!np.kernels) throw new Error('polygon contacts run in WebAssembly only, and this contact search has no WebAssembly kernels');
  return np.kernels;
}

/**
 * The pairs' contacts: on the search's worker pool where it has one (contacts/parallel-polygon-pairs.ts, the same
 * rows), else collidePolygonRange's.
 */
export function collidePolygonPair(np: ContactSearch, pairs: PairBuffer): void {
  if (!np.polygonPool?.run(np, pairs)) collidePolygonRange(np, pairs, 0, pairs.count);
}

/** The contacts of candidate pairs [p0, p1), appended to np.out, on the calling thread (contacts/polygon-wasm.ts) */
export function collidePolygonRange(np: ContactSearch, pairs: PairBuffer, p0: number, p1: number): void {
  polygonPairsWasm(kernelsOf(np), np, pairs, p0, p1);
}

/** Wall w's contacts with the movable polygons (kind POLYGON: the wall colliders' table has no other row here) */
export function collideWallPolygon(np: ContactSearch, w: number, kind: number): void {
  const walls = np.walls;
  if (walls.kind[w] !== LINE || kind !== POLYGON) return; // segment walls meet discs only (refused at load for polygons)
  polygonWallWasm(kernelsOf(np), np, w, walls.ax[w] + walls.ox[w], walls.ay[w] + walls.oy[w], walls.nx[w], walls.ny[w]);
}
