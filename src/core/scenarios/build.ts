/**
 * Turns a validated scenario into initial state: bodies (explicit particles, then generators in
 * order), walls and the periodic boundary, refused if a quantity derived from them (a mass, a moment, t_c, Δt)
 * leaves its range (derived-check.ts). Deterministic: generators draw from their own seeded Rng.
 */
import { PeriodicX } from '../boundaries/periodic';
import { WallSet } from '../boundaries/walls';
import { Rng } from '../math/rng';
import { FIXED, LOCK_ROT, LOCK_X, LOCK_Y, PRESCRIBED } from '../state/body-flags';
import { polygonMassProperties, recentredVertices } from '../shapes/polygon-mass';
import { BodyState } from '../state/body-state';
import { MAX_BODIES } from '../state/contact-list';
import { derivedProblems } from './derived-check';
import { generatedCount, MAX_PARTICLES, particleCount, ScenarioError, type GeneratorSpec, type GrainWallSpec, type ScenarioSpec } from './schema';

export interface InitialState {
  bodies: BodyState;
  walls: WallSet;
  periodic: PeriodicX;
}

interface FlagSpec {
  fixed?: boolean; lockX?: boolean; lockY?: boolean; lockRotation?: boolean; prescribed?: boolean;
}

function flagBits(f: FlagSpec): number {
  return (f.fixed ? FIXED : 0) | (f.lockX ? LOCK_X : 0) | (f.lockY ? LOCK_Y : 0)
    | (f.lockRotation ? LOCK_ROT : 0) | (f.prescribed ? PRESCRIBED : 0);
}

/**
 * Placement attempts one random generator may make in all (each attempt is one position tried), so a
 * region that nearly fits `count` discs cannot make millions of them retry maxTries times each. Random sequential
 * placement's tail grows with the count: E10's pipe packing took 10.8 M attempts for 100,000 grains (`bench --pipe`).
 */
export function placementBudget(count: number): number {
  return Math.max(10_000_000, 300 * count);
}

/** Redraws of one truncated-Gaussian radius before the spread is called too wide for [rMin, rMax]. */
export const MAX_REDRAWS = 1_000_000;

export function buildInitialState(spec: ScenarioSpec): InitialState {
  // parseScenario counts too; counted again here so that no spec reaches an allocation unchecked
  // the edits are the scene editor's (scene/scene-editor.ts): a command that builds only the world would drop them
  if (spec.edits?.length) throw new ScenarioError([`edits: this scene has ${spec.edits.length} edit${spec.edits.length === 1 ? '' : 's'}, which only \`sim run\` and the page apply; run it there`]);
  const total = particleCount(spec);
  if (!(total <= MAX_PARTICLES)) throw new ScenarioError([`generators: ${total} particles in all; allowed at most ${MAX_PARTICLES}`]);
  const bodies = new BodyState(Math.max(16, spec.particles.length));
  const rho = spec.material.density;
  for (const p of spec.particles) {
    let k: number;
    if (p.vertices) {
      k = addPolygon(bodies, p.x, p.y, p.theta ?? 0, p.vertices.flat(), rho, p.m, p.inertia);
    } else {
      const r = p.r as number; // the schema asks for r or vertices
      const m = p.m ?? rho * Math.PI * r * r;
      k = bodies.add(p.x, p.y, r, m, p.inertia ?? 0.5 * m * r * r);
    }
    bodies.phi[k] = p.theta ?? 0;
    bodies.vx[k] = p.vx ?? 0;
    bodies.vy[k] = p.vy ?? 0;
    bodies.omega[k] = p.omega ?? 0;
    bodies.fxExt[k] = p.force?.[0] ?? 0;
    bodies.fyExt[k] = p.force?.[1] ?? 0;
    bodies.tauExt[k] = p.torque ?? 0;
    bodies.flags[k] = flagBits(p);
  }
  spec.generators.forEach((g, index) => generate(g, index, bodies, rho));
  if (bodies.n > MAX_BODIES) throw new ScenarioError([`particles: at most ${MAX_BODIES} particles, got ${bodies.n}`]);

  const walls = new WallSet();
  for (const w of spec.walls) {
    const v = w.type === 'box' ? [0, 0] : (w.velocity ?? [0, 0]);
    if (w.type === 'line') walls.addLine(w.point[0], w.point[1], w.normal[0], w.normal[1], v[0], v[1], w.piston ? spec.pistonMass : Infinity);
    else if (w.type === 'segment') walls.addSegment(w.a[0], w.a[1], w.b[0], w.b[1], v[0], v[1]);
    else {
      walls.addLine(w.xmin, w.ymin, 0, 1);
      walls.addLine(w.xmin, w.ymin, 1, 0);
      walls.addLine(w.xmax, w.ymin, -1, 0);
      if (!w.openTop) walls.addLine(w.xmin, w.ymax, 0, -1);
    }
  }
  const px = spec.domain.periodicX;
  const periodic = px ? new PeriodicX(true, px[0], px[1] - px[0]) : PeriodicX.none();
  if (periodic.enabled) {
    let rMax = 0;
    for (let k = 0; k < bodies.n; k++) {
      rMax = Math.max(rMax, bodies.radius[k]);
      bodies.x[k] = periodic.wrap(bodies.x[k]);
    }
    // One image per pair: the box must exceed twice the interaction range (docs/model.md#contact-history).
    if (periodic.length <= 4 * rMax) {
      throw new ScenarioError([`domain.periodicX: box length ${periodic.length} must exceed 4 × the largest radius (${4 * rMax})`]);
    }
  }
  const derived = derivedProblems(spec, bodies, walls.count > 0);
  if (derived.length) throw new ScenarioError(derived);
  const stacked = stackProblem(bodies, spec.particles.length);
  if (stacked) throw new ScenarioError([stacked]);
  return { bodies, walls, periodic };
}

/** Most bodies whose centres may share a square of side r_min (the smallest radius); see stackProblem. */
export const MAX_STACKED = 16;

/**
 * Bodies stacked on one spot: more than MAX_STACKED centres in one square of side r_min. Any two discs there
 * overlap by at least 2 − √2 ≈ 59 % of the smaller radius, beyond the 50 % the start check allows, so this
 * refuses no start state the world would take, except stacks of fixed grains (which it lets overlap) — but
 * it does so before the first force evaluation, whose contact list grows as the square of a stack (5,000
 * coincident discs took 2.9 GB). O(n log n): cells sorted, not hashed.
 */
function stackProblem(b: BodyState, explicit: number): string | null {
  const n = b.n;
  if (n <= MAX_STACKED) return null;
  let rMin = Infinity, x0 = Infinity, y0 = Infinity;
  for (let k = 0; k < n; k++) {
    rMin = Math.min(rMin, b.radius[k]);
    x0 = Math.min(x0, b.x[k]);
    y0 = Math.min(y0, b.y[k]);
  }
  if (!(rMin > 0)) return null;
  const cx = new Float64Array(n), cy = new Float64Array(n), order = new Uint32Array(n);
  for (let k = 0; k < n; k++) {
    cx[k] = Math.floor((b.x[k] - x0) / rMin);
    cy[k] = Math.floor((b.y[k] - y0) / rMin);
    order[k] = k;
  }
  order.sort((p, q) => cx[p] - cx[q] || cy[p] - cy[q] || p - q);
  for (let s = 0, e = 1; s < n; s = e, e = s + 1) {
    while (e < n && cx[order[e]] === cx[order[s]] && cy[order[e]] === cy[order[s]]) e++;
    if (e - s > MAX_STACKED) {
      const k = order[s];
      const name = k < explicit ? `particles.${k}` : `body ${k} (made by a generator)`;
      return `${name}: starts stacked with ${e - s - 1} other bodies within ${rMin.toPrecision(3)} m (the smallest radius) of (${b.x[k].toPrecision(4)}, ${b.y[k].toPrecision(4)}); at most ${MAX_STACKED} may share so small a square — spread them out`;
    }
  }
  return null;
}

/**
 * A convex polygon from vertices relative to (x, y) before the rotation theta: the body sits at the
 * centroid, with its vertices about it; mass ρA and moment of inertia ρ J_G unless given
 * (docs/model.md#bodies-and-shapes).
 */
function addPolygon(b: BodyState, x: number, y: number, theta: number, xy: number[], rho: number, m?: number, inertia?: number): number {
  const g = polygonMassProperties(xy);
  const c = Math.cos(theta), s = Math.sin(theta);
  const mass = m ?? rho * g.area;
  return b.addPolygon(x + c * g.cx - s * g.cy, y + s * g.cx + c * g.cy, recentredVertices(xy), g.area, mass, inertia ?? (mass * g.polarMoment) / g.area);
}

/**
 * A random convex polygon with `sides` vertices on a circle of radius r (angles jittered by up to ±35 % of
 * the even spacing, so the order and the convexity hold), scaled so its circumradius about the centroid
 * is r, rotated at random. Counter-clockwise x, y pairs.
 */
export function randomPolygon(rng: Rng, sides: number, r: number): number[] {
  const turn = rng.uniform(0, 2 * Math.PI), xy: number[] = [];
  for (let v = 0; v < sides; v++) {
    const a = turn + ((2 * Math.PI) / sides) * (v + rng.uniform(-0.35, 0.35));
    xy.push(Math.cos(a), Math.sin(a));
  }
  const centred = recentredVertices(xy);
  let rc = 0;
  for (let v = 0; v < centred.length; v += 2) rc = Math.max(rc, Math.hypot(centred[v], centred[v + 1]));
  return Array.from(centred, (u) => (u * r) / rc);
}

/** Fixed grains evenly along a → b, the first half a spacing from a (schema.ts grainWallGeneratorSchema). */
function grainWall(g: GrainWallSpec, b: BodyState, rho: number): void {
  const rng = new Rng(g.seed);
  const n = generatedCount(g);
  const dx = (g.b[0] - g.a[0]) / n, dy = (g.b[1] - g.a[1]) / n;
  b.reserve(b.n + n);
  for (let c = 0; c < n; c++) {
    const r = g.r * (1 - g.radiusJitter * rng.next());
    const m = rho * Math.PI * r * r;
    const k = b.add(g.a[0] + (c + 0.5) * dx, g.a[1] + (c + 0.5) * dy, r, m, 0.5 * m * r * r);
    b.flags[k] = g.fixed ? FIXED : 0;
  }
}

/** A radius from N(mean, sd) truncated to [lo, hi] by redrawing (the mean lies in [lo, hi]); NaN if it never lands. */
export function truncatedGaussian(rng: Rng, mean: number, sd: number, lo: number, hi: number): number {
  for (let k = 0; k < MAX_REDRAWS; k++) {
    const r = mean + sd * rng.normal();
    if (r >= lo && r <= hi) return r;
  }
  return NaN;
}

function generate(g: GeneratorSpec, index: number, b: BodyState, rho: number): void {
  if (g.type === 'grain-wall') return grainWall(g, b, rho);
  const rng = new Rng(g.seed);
  const flags = flagBits(g);
  const add = (x: number, y: number, r: number): void => {
    let k: number;
    if (g.shape === 'polygon') {
      k = addPolygon(b, x, y, 0, randomPolygon(rng, g.sides[0] + rng.below(g.sides[1] - g.sides[0] + 1), r), rho);
    } else {
      const m = rho * Math.PI * r * r;
      k = b.add(x, y, r, m, 0.5 * m * r * r);
    }
    b.flags[k] = flags;
    let vx = g.vx ?? 0, vy = g.vy ?? 0;
    if (g.speedJitter > 0) {
      const a = 2 * Math.PI * rng.next(), s = g.speedJitter * Math.sqrt(rng.next());
      vx += s * Math.cos(a);
      vy += s * Math.sin(a);
    }
    b.vx[k] = vx;
    b.vy[k] = vy;
  };
  if (g.type === 'lattice') {
    const dyRow = g.lattice === 'hex' ? (g.spacing * Math.sqrt(3)) / 2 : g.spacing;
    b.reserve(b.n + g.nx * g.ny);
    for (let row = 0; row < g.ny; row++) {
      const shift = g.lattice === 'hex' && row % 2 === 1 ? g.spacing / 2 : 0;
      for (let col = 0; col < g.nx; col++) {
        const r = g.r * (1 - g.radiusJitter * rng.next());
        const jx = g.positionJitter * (2 * rng.next() - 1), jy = g.positionJitter * (2 * rng.next() - 1);
        add(g.origin[0] + col * g.spacing + shift + jx, g.origin[1] + row * dyRow + jy, r);
      }
    }
    return;
  }
  // Random sequential placement without overlap, with a hash grid of cell 2 rMax.
  const [x0, y0, x1, y1] = g.region;
  const cell = 2 * g.rMax;
  const grid = new Map<number, number[]>();
  const keyOf = (cx: number, cy: number) => cx * 1_000_003 + cy;
  const placed: number[] = [];
  let budget = placementBudget(g.count);
  for (let c = 0; c < g.count; c++) {
    let ok = false;
    // The radius is drawn once per particle and only the position is retried, so the radii keep their
    // distribution (retrying the radius too would favour small discs in dense packings).
    const r = g.gaussian ? truncatedGaussian(rng, g.gaussian.mean, g.gaussian.sd, g.rMin, g.rMax) : rng.uniform(g.rMin, g.rMax);
    if (Number.isNaN(r)) {
      throw new ScenarioError([`generators.${index}.gaussian.sd: ${MAX_REDRAWS} draws from N(${g.gaussian!.mean}, ${g.gaussian!.sd}) missed [rMin, rMax] = [${g.rMin}, ${g.rMax}]; narrow sd or widen the range`]);
    }
    for (let attempt = 0; attempt < g.maxTries && !ok; attempt++) {
      if (--budget < 0) {
        throw new ScenarioError([`generators.${index}: gave up after ${placementBudget(g.count)} placement attempts with ${c} of ${g.count} particles placed; enlarge the region or lower count`]);
      }
      const x = rng.uniform(x0 + r, x1 - r), y = rng.uniform(y0 + r, y1 - r);
      const cx = Math.floor(x / cell), cy = Math.floor(y / cell);
      let free = true;
      for (let ox = -1; ox <= 1 && free; ox++) {
        for (let oy = -1; oy <= 1 && free; oy++) {
          for (const k of grid.get(keyOf(cx + ox, cy + oy)) ?? []) {
            const dx = b.x[k] - x, dy = b.y[k] - y, rr = b.radius[k] + r;
            if (dx * dx + dy * dy < rr * rr) { free = false; break; }
          }
        }
      }
      if (!free) continue;
      add(x, y, r);
      const k = b.n - 1;
      placed.push(k);
      const key = keyOf(cx, cy);
      const list = grid.get(key);
      if (list) list.push(k); else grid.set(key, [k]);
      ok = true;
    }
    if (!ok) {
      throw new ScenarioError([`generators.${index}: could only place ${c} of ${g.count} particles in the region; enlarge the region or lower count`]);
    }
  }
}
