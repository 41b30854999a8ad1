/**
 * Each polygon's cos φ and sin φ and its world outline x + Rot(φ) X at the evaluation configuration, once a search
 * (contacts/contact-search.ts keeps them for the colliders): serially, or on a worker pool by the bodies' chunks
 * (polygonRotationsChunk over columns/body-columns.ts's spans, the predictors' chunks, so it can go out with their
 * command; contacts/parallel-polygon-pairs.ts posts it). In WebAssembly where the columns are in the
 * kernels' arena (wasm/assembly/polygon-rotations.ts: cos and sin from one argument reduction, the bits of V8's Math.cos
 * and Math.sin), else the loop below with Math's. A body's values depend on its own columns alone, so the chunks give
 * the serial loop's bits on any number of threads.
 */
import { spanEnd, spanStart } from '../columns/body-columns';
import type { Columns } from '../columns/kernel-pool';
import { POLYGON } from '../shapes/shape-kind';
import { ArenaOffsets } from '../wasm/arena-offsets';
import type { WasmKernels } from '../wasm/kernels';

/** The columns the rotations read (the bodies' own names) and write (the search's) */
export interface RotationColumns {
  shape: Uint8Array;
  ephi: Float64Array;
  ex: Float64Array;
  ey: Float64Array;
  vertexStart: Int32Array;
  vertexCount: Int32Array;
  vertices: Float64Array;
  cosPhi: Float64Array;
  sinPhi: Float64Array;
  worldVertices: Float64Array;
}

/** The byte offsets of the rotations' columns in the kernels' arena, asked only when a column changes */
const OFFSETS = new ArenaOffsets(10);

/** The rotations of the polygons among bodies [k0, k1), in WebAssembly where `wasm` is given and the columns are in its arena */
export function rotatePolygons(r: RotationColumns, k0: number, k1: number, wasm: WasmKernels | null): void {
  if (wasm) {
    const a = wasm.arena, o = OFFSETS;
    const shape = o.of(a, 0, r.shape), phi = o.of(a, 1, r.ephi), ex = o.of(a, 2, r.ex), ey = o.of(a, 3, r.ey), start = o.of(a, 4, r.vertexStart);
    const count = o.of(a, 5, r.vertexCount), v = o.of(a, 6, r.vertices), c = o.of(a, 7, r.cosPhi), s = o.of(a, 8, r.sinPhi), w = o.of(a, 9, r.worldVertices);
    if ((shape | phi | ex | ey | start | count | v | c | s | w) >= 0) {
      wasm.rotatePolygons(shape, phi, ex, ey, start, count, v, c, s, w, k0, k1);
      return;
    }
  }
  const shape = r.shape, phi = r.ephi, c = r.cosPhi, s = r.sinPhi, v = r.vertices, w = r.worldVertices;
  const ex = r.ex, ey = r.ey, start = r.vertexStart, count = r.vertexCount;
  for (let k = k0; k < k1; k++) {
    if (shape[k] !== POLYGON) continue;
    const ck = Math.cos(phi[k]), sk = Math.sin(phi[k]), x = ex[k], y = ey[k];
    c[k] = ck;
    s[k] = sk;
    for (let q = 2 * start[k], end = q + 2 * count[k]; q < end; q += 2) {
      const bx = v[q], by = v[q + 1];
      w[q] = x + ck * bx - sk * by;
      w[q + 1] = y + sk * bx + ck * by;
    }
  }
}

/** Kernel: the rotations of the bodies' chunk `chunk` (args: n), on the pool's columns by the names above */
export function polygonRotationsChunk(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  rotatePolygons(c as unknown as RotationColumns, spanStart(chunk, a[0]), spanEnd(chunk, a[0]), wasm);
}
