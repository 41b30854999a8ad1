/**
 * Pour: `count` grains placed at random without overlap — with the bodies there, the walls and each other — in a
 * region, from a generator seeded with the edit's seed, so the same edit pours the same grains in the page and in
 * the CLI. Radii uniform in [rMin, rMax] or a truncated Gaussian; a fraction `polygons` of them random convex
 * polygons (scenarios/build.ts randomPolygon: circumradius the drawn radius). A region beyond a line wall is
 * outside the scene; a pour that cannot place every grain is refused, naming how many fitted.
 * A rate (grains per second) pours in batches, one every `every` seconds (scene-editor.ts splits it).
 */
import { Rng } from '../math/rng';
import { MAX_REDRAWS, randomPolygon, truncatedGaussian } from '../scenarios/build';
import type { ParticleSpec } from '../scenarios/schema';
import { wallHit, wallNow } from './clearance';
import { at, num, refuse } from './edit-error';
import type { EditOf } from '../scenarios/edit-schema';
import { polygonsAllowed, withinCap } from './body-edits';
import type { SceneDraft } from './scene-draft';

/** The pour's region: its own, or the square above its hopper's mouth */
export function pourRegion(e: EditOf<'pour'>): [number, number, number, number] {
  if ((e.region === undefined) === (e.hopper === undefined)) refuse('region: give either region (a brush) or hopper (its mouth and width)');
  if (e.region) return e.region;
  const { mouth: [x, y], width: w } = e.hopper!;
  return [x - w / 2, y, x + w / 2, y + w];
}

function checkPour(d: SceneDraft, e: EditOf<'pour'>, maxBodies: number): void {
  const [x0, y0, x1, y1] = pourRegion(e);
  if (!(x1 > x0 && y1 > y0)) refuse(`region: must be [xmin, ymin, xmax, ymax] with xmax > xmin and ymax > ymin, got [${[x0, y0, x1, y1].map(num).join(', ')}]`);
  if (e.rMin > e.rMax) refuse(`rMin: must be ≤ rMax (${num(e.rMax)} m), got ${num(e.rMin)}`);
  if (e.gaussian && (e.gaussian.mean < e.rMin || e.gaussian.mean > e.rMax)) refuse(`gaussian.mean: must lie in [rMin, rMax] = [${num(e.rMin)}, ${num(e.rMax)}] m, got ${num(e.gaussian.mean)}`);
  if (e.sides[0] > e.sides[1]) refuse(`sides: must be [min, max] with min ≤ max, got [${e.sides.join(', ')}]`);
  if (2 * e.rMax > Math.min(x1 - x0, y1 - y0)) refuse(`rMax: a grain of radius ${num(e.rMax)} m does not fit in the region ${num(x1 - x0)} × ${num(y1 - y0)} m`);
  if (e.polygons > 0) polygonsAllowed(d, 'polygons');
  withinCap(d, e.count, maxBodies, 'count');
  const W = d.world.walls;
  for (let w = 0; w < W.count; w++) {
    const now = wallNow(W, w);
    if (!now.line) continue;
    for (const [x, y] of [[x0, y0], [x1, y0], [x0, y1], [x1, y1]]) {
      if ((x - now.ax) * now.nx + (y - now.ay) * now.ny < 0) refuse(`region: its corner ${at(x, y)} lies outside the scene, beyond wall ${w}; pour inside the walls`);
    }
  }
}

export function pour(d: SceneDraft, e: EditOf<'pour'>, maxBodies: number): void {
  checkPour(d, e, maxBodies);
  const [x0, y0, x1, y1] = pourRegion(e), b = d.world.bodies, W = d.world.walls, rng = new Rng(e.seed);
  // a hash grid of the bodies near the region and the grains poured, cells wide enough that any overlap is with a neighbour cell
  let rBig = e.rMax;
  const near: number[] = [];
  for (let k = 0; k < b.n; k++) {
    const r = b.radius[k];
    if (b.x[k] + r > x0 && b.x[k] - r < x1 && b.y[k] + r > y0 && b.y[k] - r < y1) { near.push(k); rBig = Math.max(rBig, r); }
  }
  const cell = rBig + e.rMax, grid = new Map<number, [number, number, number][]>();
  const key = (cx: number, cy: number) => cx * 1_000_003 + cy;
  const insert = (x: number, y: number, r: number) => {
    const k = key(Math.floor(x / cell), Math.floor(y / cell)), list = grid.get(k);
    if (list) list.push([x, y, r]); else grid.set(k, [[x, y, r]]);
  };
  for (const k of near) insert(b.x[k], b.y[k], b.radius[k]);
  const free = (x: number, y: number, r: number): boolean => {
    const cx = Math.floor(x / cell), cy = Math.floor(y / cell);
    for (let ox = -1; ox <= 1; ox++) {
      for (let oy = -1; oy <= 1; oy++) {
        for (const [px, py, pr] of grid.get(key(cx + ox, cy + oy)) ?? []) if ((px - x) ** 2 + (py - y) ** 2 < (pr + r) ** 2) return false;
      }
    }
    return wallHit(W, x, y, r) < 0;
  };
  const poured: ParticleSpec[] = [];
  for (let c = 0; c < e.count; c++) {
    const r = e.gaussian ? truncatedGaussian(rng, e.gaussian.mean, e.gaussian.sd, e.rMin, e.rMax) : rng.uniform(e.rMin, e.rMax);
    if (Number.isNaN(r)) refuse(`gaussian.sd: ${MAX_REDRAWS} draws from N(${num(e.gaussian!.mean)}, ${num(e.gaussian!.sd)}) missed [rMin, rMax]; narrow sd or widen the range`);
    const polygon = e.polygons > 0 && rng.next() < e.polygons;
    const shape = polygon ? { vertices: pairs(randomPolygon(rng, e.sides[0] + rng.below(e.sides[1] - e.sides[0] + 1), r)) } : { r };
    let placed = false;
    for (let tries = 0; tries < e.maxTries && !placed; tries++) {
      const x = rng.uniform(x0 + r, x1 - r), y = rng.uniform(y0 + r, y1 - r);
      if (!free(x, y, r)) continue;
      insert(x, y, r);
      poured.push({ x, y, ...shape, ...(e.vx ? { vx: e.vx } : {}), ...(e.vy ? { vy: e.vy } : {}) });
      placed = true;
    }
    if (!placed) refuse(`count: only ${c} of ${e.count} grains fit in the region without overlapping the bodies and walls there (${e.maxTries} tries for the next); pour fewer or widen the region`);
  }
  for (const spec of poured) d.bodies.push({ spec, from: -1, fresh: true });
}

function pairs(xy: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (let v = 0; v < xy.length; v += 2) out.push([xy[v], xy[v + 1]]);
  return out;
}
