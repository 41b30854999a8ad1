/**
 * The loaded scene's polygons for the page (SimApi.polygonShapes, layout: PolygonShapes in protocol/api.ts):
 * each polygon body's vertices copied out of the core's vertex pool into one Float32Array, with where each
 * starts and how many it has. Static: the page asks again only when the frame's static version changes.
 */
import { SHAPE_POLYGON } from '../protocol/frame';
import type { PolygonShapes } from '../protocol/api';
import type { WorldLike } from './core-adapter';

/** The polygons of `w` (none when null or a disc scene), labelled with the scene's `staticVersion`. */
export function packPolygonShapes(w: WorldLike | null, staticVersion: number): PolygonShapes {
  const bodies: number[] = [];
  let pairs = 0;
  if (w) {
    for (let i = 0; i < w.n; i++) {
      if (w.bodies.shape[i] === SHAPE_POLYGON) { bodies.push(i); pairs += w.bodies.vertexCount[i]; }
    }
  }
  const out: PolygonShapes = {
    staticVersion,
    bodies: Int32Array.from(bodies),
    start: new Int32Array(bodies.length),
    count: new Int32Array(bodies.length),
    vertices: new Float32Array(2 * pairs),
  };
  if (w) {
    const b = w.bodies;
    let at = 0;
    bodies.forEach((i, p) => {
      const from = 2 * b.vertexStart[i], m = b.vertexCount[i];
      out.start[p] = at;
      out.count[p] = m;
      out.vertices.set(b.vertices.subarray(from, from + 2 * m), 2 * at);
      at += m;
    });
  }
  return out;
}
