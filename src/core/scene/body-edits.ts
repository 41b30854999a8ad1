/**
 * Body edits on a draft (scene-draft.ts): place one body (a disc or a convex polygon, as a scenario particle),
 * erase the bodies (and with the flag the walls) in a circle, pin a body where it is or let it go again. A body
 * may not be placed into another or into a wall, nor beyond the editor's particle cap.
 */
import { checkConvexPolygon } from '../shapes/polygon-mass';
import { SEGMENT } from '../boundaries/walls';
import type { ParticleSpec } from '../scenarios/schema';
import { bodyHit, wallHit, wallNow, wallClearance } from './clearance';
import { at, num, refuse } from './edit-error';
import type { EditOf } from '../scenarios/edit-schema';
import type { SceneDraft } from './scene-draft';

/** The draft's body k, checked */
export function bodyIndex(d: SceneDraft, k: number, field = 'body'): number {
  const n = d.bodies.length;
  if (!(k >= 0 && k < n)) refuse(`${field}: no body ${k}; the scene has ${n === 0 ? 'no bodies' : `${n.toLocaleString('en-US')} bod${n === 1 ? 'y' : 'ies'}, 0 to ${n - 1}`}`);
  return k;
}

/** Refuses `count` more bodies beyond the cap */
export function withinCap(d: SceneDraft, count: number, maxBodies: number, field: string): void {
  const n = d.bodies.length + count;
  if (n > maxBodies) refuse(`${field}: ${count.toLocaleString('en-US')} more would make ${n.toLocaleString('en-US')} bodies; at most ${maxBodies.toLocaleString('en-US')} are allowed`);
}

/** Refuses polygons where segment walls are (no polygon–segment collider) */
export function polygonsAllowed(d: SceneDraft, field: string): void {
  const W = d.world.walls;
  for (let w = 0; w < W.count; w++) if (W.kind[w] === SEGMENT) refuse(`${field}: polygons meet line walls only, and wall ${w} is a segment`);
}

export function place(d: SceneDraft, e: EditOf<'place'>, maxBodies: number): void {
  const p: ParticleSpec = e.body;
  if ((p.r === undefined) === (p.vertices === undefined)) refuse('body: give either r (a disc) or vertices (a polygon)');
  let r = p.r ?? 0;
  if (p.vertices) {
    const bad = checkConvexPolygon(p.vertices.flat());
    if (bad) refuse(`body.vertices: ${bad}`);
    polygonsAllowed(d, 'body.vertices');
    r = Math.max(...p.vertices.map(([x, y]) => Math.hypot(x, y)));
  }
  withinCap(d, 1, maxBodies, 'body');
  const other = bodyHit(d.world.bodies, p.x, p.y, r);
  if (other >= 0) refuse(`body: at ${at(p.x, p.y)} it would overlap body ${other} at ${at(d.world.bodies.x[other], d.world.bodies.y[other])}; place it clear of the others`);
  const wall = wallHit(d.world.walls, p.x, p.y, r);
  if (wall >= 0) refuse(`body: at ${at(p.x, p.y)} it would overlap wall ${wall}; place it clear of the walls`);
  d.bodies.push({ spec: p, from: -1, fresh: true });
}

export function erase(d: SceneDraft, e: EditOf<'erase'>): void {
  const [cx, cy] = e.center, r2 = e.radius * e.radius;
  const bodies = d.bodies.filter((b) => (b.spec.x - cx) ** 2 + (b.spec.y - cy) ** 2 > r2);
  const W = d.world.walls;
  const walls = e.walls ? d.walls.filter((w) => wallClearance(wallNow(W, w.from), cx, cy, e.radius) >= 0) : d.walls;
  if (bodies.length === d.bodies.length && walls.length === d.walls.length) {
    refuse(`center: nothing to erase within ${num(e.radius)} m of ${at(cx, cy)}${e.walls ? '' : ' (walls are erased only with walls: true)'}`);
  }
  d.bodies.splice(0, d.bodies.length, ...bodies);
  d.walls.splice(0, d.walls.length, ...walls);
}

export function pin(d: SceneDraft, e: EditOf<'pin'>): void {
  const k = bodyIndex(d, e.body), b = d.bodies[k];
  if (b.spec.fixed) refuse(`body: body ${k} is pinned already`);
  d.bodies[k] = { ...b, spec: { ...b.spec, fixed: true, vx: 0, vy: 0, omega: 0 }, fresh: true };
}

export function unpin(d: SceneDraft, e: EditOf<'unpin'>): void {
  const k = bodyIndex(d, e.body), b = d.bodies[k];
  if (!b.spec.fixed) refuse(`body: body ${k} is not pinned`);
  const { fixed: _fixed, ...rest } = b.spec;
  d.bodies[k] = { ...b, spec: { ...rest, vx: 0, vy: 0, omega: 0 }, fresh: true };
}
