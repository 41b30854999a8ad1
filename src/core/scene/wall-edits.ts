/**
 * Wall edits on a draft (scene-draft.ts): add a segment, a polyline or a box; remove, move or turn a wall; give it
 * a velocity. A wall may not be drawn, moved or turned through a body (refused, naming the body), nor have zero
 * length; segment walls meet discs only (contacts/narrow-phase.ts has no polygon–segment collider).
 */
import { MAX_WALLS } from '../scenarios/wall-schema';
import { bodyInWall, wallNow, type WallNow } from './clearance';
import { at, num, refuse } from './edit-error';
import type { EditOf } from '../scenarios/edit-schema';
import type { DraftWallSpec } from './draft-entries';
import type { SceneDraft } from './scene-draft';

/** The draft's wall k, checked (`field`: the edit's field that names it) */
export function wallIndex(d: SceneDraft, k: number, field = 'wall'): number {
  const n = d.walls.length;
  if (!(k >= 0 && k < n)) refuse(`${field}: no wall ${k}; the scene has ${n === 0 ? 'no walls' : `${n} wall${n === 1 ? '' : 's'}, 0 to ${n - 1}`}`);
  return k;
}

/** Refuses a wall placed through a body of the draft's world */
function clearOfBodies(d: SceneDraft, w: WallNow, field: string, what: string): void {
  const b = d.world.bodies, k = bodyInWall(b, w);
  if (k >= 0) refuse(`${field}: ${what} passes through body ${k} at ${at(b.x[k], b.y[k])} (radius ${num(b.radius[k])} m); draw it clear of the bodies, or erase them first`);
}

function segmentNow(ax: number, ay: number, bx: number, by: number): WallNow {
  const l = Math.hypot(bx - ax, by - ay);
  return { line: false, ax, ay, bx, by, nx: -(by - ay) / l, ny: (bx - ax) / l };
}

/** Adds segments at rest through consecutive points (`field`: the edit's field of the points) */
function addSegments(d: SceneDraft, points: readonly (readonly [number, number])[], field: (k: number) => string): void {
  if (d.world.polygons) refuse(`${field(0)}: segment walls meet discs only, and this scene has polygons`);
  if (d.walls.length + points.length - 1 > MAX_WALLS) refuse(`${field(0)}: ${points.length - 1} more walls would make ${d.walls.length + points.length - 1}; a scene has at most ${MAX_WALLS}`);
  for (let k = 0; k + 1 < points.length; k++) {
    const [ax, ay] = points[k], [bx, by] = points[k + 1];
    if (ax === bx && ay === by) refuse(`${field(k + 1)}: the wall from ${at(ax, ay)} to ${at(bx, by)} has zero length; its ends must differ`);
    clearOfBodies(d, segmentNow(ax, ay, bx, by), field(k + 1), `the wall from ${at(ax, ay)} to ${at(bx, by)}`);
  }
  for (let k = 0; k + 1 < points.length; k++) {
    d.walls.push({ spec: { type: 'segment', a: [points[k][0], points[k][1]], b: [points[k + 1][0], points[k + 1][1]] }, from: -1, fresh: true });
  }
}

export function addSegment(d: SceneDraft, e: EditOf<'add-segment'>): void {
  addSegments(d, [e.a, e.b], () => 'b');
}

export function addPolyline(d: SceneDraft, e: EditOf<'add-polyline'>): void {
  addSegments(d, e.points, (k) => `points.${k}`);
}

export function addBox(d: SceneDraft, e: EditOf<'add-box'>): void {
  if (!(e.xmax > e.xmin)) refuse(`xmax: must be greater than xmin (${num(e.xmin)}), got ${num(e.xmax)}`);
  if (!(e.ymax > e.ymin)) refuse(`ymax: must be greater than ymin (${num(e.ymin)}), got ${num(e.ymax)}`);
  const corners: [number, number][] = [[e.xmin, e.ymax], [e.xmin, e.ymin], [e.xmax, e.ymin], [e.xmax, e.ymax]];
  addSegments(d, e.openTop ? corners : [...corners, corners[0]], () => 'box');
}

export function removeWall(d: SceneDraft, e: EditOf<'remove-wall'>): void {
  d.walls.splice(wallIndex(d, e.wall), 1);
}

/**
 * Wall k placed anew where it is now, moved by (dx, dy) and turned by `turn` [rad] about its midpoint (a line:
 * its point), moving from now on with `velocity`: the spec holds where it would have started (t = 0).
 */
function placeWall(d: SceneDraft, k: number, dx: number, dy: number, turn: number, velocity: readonly [number, number], field: string): void {
  const now = wallNow(d.world.walls, d.walls[k].from), t = d.world.t, spec = d.walls[k].spec;
  const c = Math.cos(turn), s = Math.sin(turn);
  const mx = now.line ? now.ax : 0.5 * (now.ax + now.bx), my = now.line ? now.ay : 0.5 * (now.ay + now.by);
  const rot = (x: number, y: number): [number, number] => [mx + c * (x - mx) - s * (y - my) + dx, my + s * (x - mx) + c * (y - my) + dy];
  const [ax, ay] = rot(now.ax, now.ay), [bx, by] = rot(now.bx, now.by);
  const placed: WallNow = now.line ? { ...now, ax, ay, bx: ax, by: ay, nx: c * now.nx - s * now.ny, ny: s * now.nx + c * now.ny } : segmentNow(ax, ay, bx, by);
  clearOfBodies(d, placed, field, `wall ${k} there`);
  const v = velocity[0] || velocity[1] ? { velocity: [velocity[0], velocity[1]] as [number, number] } : {};
  const back = (x: number, y: number): [number, number] => [x - velocity[0] * t, y - velocity[1] * t];
  const gate = spec.gate === undefined ? {} : { gate: spec.gate };
  const next: DraftWallSpec = placed.line
    ? { type: 'line', point: back(ax, ay), normal: [placed.nx, placed.ny], ...(spec.type === 'line' && spec.piston ? { piston: true } : {}), ...v, ...gate }
    : { type: 'segment', a: back(ax, ay), b: back(bx, by), ...v, ...gate };
  d.walls[k] = { spec: next, from: d.walls[k].from, fresh: true };
}

/** A piston's motion is its load's: it is moved and turned at rest */
function velocityOf(d: SceneDraft, k: number): [number, number] {
  const spec = d.walls[k].spec;
  return spec.type === 'line' && spec.piston ? [0, 0] : [spec.velocity?.[0] ?? 0, spec.velocity?.[1] ?? 0];
}

export function moveWall(d: SceneDraft, e: EditOf<'move-wall'>): void {
  const k = wallIndex(d, e.wall);
  placeWall(d, k, e.by[0], e.by[1], 0, velocityOf(d, k), 'by');
}

export function rotateWall(d: SceneDraft, e: EditOf<'rotate-wall'>): void {
  const k = wallIndex(d, e.wall);
  placeWall(d, k, 0, 0, (e.degrees * Math.PI) / 180, velocityOf(d, k), 'degrees');
}

export function wallVelocity(d: SceneDraft, e: EditOf<'wall-velocity'>): void {
  const k = wallIndex(d, e.wall), spec = d.walls[k].spec;
  if (spec.type === 'line' && spec.piston) refuse(`wall: wall ${k} is a piston, moved by its load (pistonForce); it takes no velocity`);
  placeWall(d, k, 0, 0, 0, e.velocity, 'velocity');
}
