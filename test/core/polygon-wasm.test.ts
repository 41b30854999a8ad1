/**
 * The polygon colliders run in WebAssembly only (contacts/polygon-wasm.ts, assembly/polygon-pairs.ts); their JavaScript
 * oracle is test/core/oracles/polygon-colliders.ts, the loops they were ported from. A polygon scene stepped with the
 * kernels gives the bits of one stepped with the oracle (and useJavaScriptKernels: the other kernels' JavaScript twins)
 * — bodies, the whole contact record, the energy account — for every contact plane definition, Gear and central
 * difference, with walls, across a periodic seam and with discs among the polygons (their 24-gon stand-ins).
 */
import { describe, expect, it, vi } from 'vitest';
import type { ContactSearch } from '../../src/core/contacts/contact-search';
import { polygonPairsWasm } from '../../src/core/contacts/polygon-wasm';
import type { PairBuffer } from '../../src/core/neighbors/pair-buffer';
import { World } from '../../src/core/sim/world';
import { parseScenario } from '../../src/core/scenarios/schema';
import { worldOf } from '../helpers';
import { collidePolygonPairOracle, collideWallPolygonOracle } from './oracles/polygon-colliders';
import { differences } from './world-differences';

/**
 * The searches whose polygon colliders are the oracle's: the narrow phase's table holds collide-polygon.ts's, wrapped
 * here to send those searches to the oracle (set below: the oracle imports collide-polygon.ts's outline)
 */
const hook = vi.hoisted(() => ({
  searches: new WeakSet<object>(),
  pair: null as ((np: ContactSearch, pairs: PairBuffer) => void) | null,
  wall: null as ((np: ContactSearch, w: number, kind: number) => void) | null,
}));
vi.mock('../../src/core/contacts/collide-polygon', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/core/contacts/collide-polygon')>();
  return {
    ...real,
    collidePolygonPair: (np: ContactSearch, pairs: PairBuffer) => (hook.searches.has(np) ? hook.pair!(np, pairs) : real.collidePolygonPair(np, pairs)),
    collideWallPolygon: (np: ContactSearch, w: number, kind: number) => (hook.searches.has(np) ? hook.wall!(np, w, kind) : real.collideWallPolygon(np, w, kind)),
  };
});
hook.pair = collidePolygonPairOracle;
hook.wall = collideWallPolygonOracle;

/** A world whose polygon contacts go through the JavaScript oracle, its other loops through their JavaScript twins */
function oracleRun(w: World): World {
  w.useJavaScriptKernels();
  hook.searches.add(w.pipeline.narrow);
  return w;
}

/** The polygon pile, 40 polygons started low under ten times the gravity (as no-allocation.test.ts's): contacts at once */
const DENSE = ['generators.0.count=40', 'generators.0.region=[0.005,0.005,0.395,0.15]', 'gravityY=-98.1'];
const FLOOR_ONLY = 'walls=[{"type":"line","point":[0,0],"normal":[0,1]}]';

/** The record's columns a polygon collider fills */
const ROW = ['i', 'j', 'feature', 'law', 'planeChoice', 'nx', 'ny', 'delta', 'depth', 'lc', 'ratio', 'rin', 'rit', 'rjn', 'rjt', 'cx', 'cy'] as const;

/**
 * Pair 0–1 of world `w` (two polygons, no other contacts) by the kernel and by its oracle at poses `compare` sets:
 * body 1's centre and both rotations, then the outlines; every record column the collider fills, bit for bit. Counts
 * the calls and contacts.
 */
function pairComparer(w: World) {
  w.step(1);
  const np = w.pipeline.narrow, b = w.bodies, out = w.pipeline.record, pairs = w.search.pairs, kernels = w.wasm!;
  pairs.count = 1; pairs.i[0] = 0; pairs.j[0] = 1;
  const seen = { runs: 0, contacts: 0 };
  const compare = (x: number, y: number, phi0: number, phi1: number, what: string) => {
    b.ex[1] = x; b.ey[1] = y; b.ephi[0] = phi0; b.ephi[1] = phi1;
    np.rotations(b); // the world outlines the kernel and the oracle read
    out.count = 0;
    polygonPairsWasm(kernels, np, pairs, 0, 1);
    const rows = ROW.map((f) => Array.from(out[f].subarray(0, out.count)));
    const count = out.count;
    out.count = 0;
    collidePolygonPairOracle(np, pairs);
    expect(out.count, what).toBe(count);
    ROW.forEach((f, q) => { for (let k = 0; k < count; k++) expect(Object.is(out[f][k], rows[q][k]), `${what}: ${f}`).toBe(true); });
    seen.contacts += count;
    seen.runs++;
  };
  return { compare, seen };
}

/** A Park–Miller generator on (0, 1) from `seed` */
function lehmer(seed: number): () => number {
  let r = seed;
  return () => ((r = (r * 16807) % 2147483647) / 2147483647);
}

describe('the pair kernel gives its JavaScript oracle’s row bit for bit, also where its shortcuts need the exact size', () => {
  it('random poses, a corner poking through an edge by 10⁻¹⁶ … 10⁻⁸ (merges, tiny areas), slivers about the least area', () => {
    const w = worldOf('two-polygon', 'rotation=true');
    const { compare, seen } = pairComparer(w);
    const b = w.bodies, v = b.vertices, o0 = 2 * b.vertexStart[0], o1 = 2 * b.vertexStart[1], own1 = Array.from(v.subarray(o1, o1 + 12)), r1 = b.radius[1];
    const random = lehmer(7);
    const x0 = b.ex[0], y0 = b.ey[0], reach = b.radius[0] + r1;
    for (let c = 0; c < 300; c++) {
      const d = reach * (0.3 + 0.7 * random()), a = 2 * Math.PI * random();
      compare(x0 + d * Math.cos(a), y0 + d * Math.sin(a), 2 * Math.PI * random(), 2 * Math.PI * random(), `random pose ${c}`);
    }
    // a vertex of body 1 poking through the middle of body 0's first edge by η: a tiny triangle, its corners η apart
    // (merges) and its area about the least area (MIN_AREA_REL · size²): both decided by the exact size
    const edge = (o: number, k: number, n: number) => [v[o + 2 * k], v[o + 2 * k + 1], v[o + 2 * ((k + 1) % n)], v[o + 2 * ((k + 1) % n) + 1]];
    const [ax, ay, bx, by] = edge(o0, 0, 6), el = Math.hypot(bx - ax, by - ay), nx = (by - ay) / el, ny = -(bx - ax) / el; // outward
    for (let corner = 0; corner < 6; corner++) {
      const wx = own1[2 * corner], wy = own1[2 * corner + 1], wl = Math.hypot(wx, wy);
      const phi = Math.atan2(-ny, -nx) - Math.atan2(wy, wx); // body 1's corner points into body 0
      for (const eta of [1e-16, 1e-15, 1e-14, 1e-13, 1e-12, 1e-10, 1e-8]) {
        const depth = eta * 0.1, cx = 0.5 * (ax + bx) - depth * nx + wl * nx, cy = 0.5 * (ay + by) - depth * ny + wl * ny;
        compare(x0 + cx, y0 + cy, 0, phi, `corner ${corner} poking by ${eta}`);
      }
    }
    // the two bodies' first edges face each other (parallel, outward normals ±n): a sliver of depth δ along them
    const [cx0, cy0, dx0, dy0] = edge(o1, 0, 6), h0 = ax * nx + ay * ny, h1 = -(cx0 * nx + cy0 * ny);
    expect(Math.abs((dx0 - cx0) * nx + (dy0 - cy0) * ny)).toBeLessThan(1e-12); // parallel
    for (let step = 0; step < 40; step++) { // depths 10⁻¹⁴ … 10⁻¹¹ of the size, geometrically
      const depth = 1e-14 * 10 ** (step / 13);
      for (const slide of [-0.01, 0, 0.013]) {
        const gap = h0 + h1 - depth * 0.1;
        compare(x0 + gap * nx - slide * ny, y0 + gap * ny + slide * nx, 0, 0, `sliver ${depth}, slide ${slide}`);
      }
    }
    expect(seen.runs).toBe(300 + 42 + 120);
    expect(seen.contacts).toBeGreaterThan(150);
  });

  it('outlines of 3 to 8 vertices against each other (the clipper and the edge average take vertices two at a time, an odd count’s last alone), every plane definition', () => {
    const random = lehmer(11);
    const outline = (n: number): [number, number][] => Array.from({ length: n }, (_, k) => {
      const a = (2 * Math.PI * (k + 0.3 * random())) / n, r = 0.05 * (0.85 + 0.3 * random());
      return [r * Math.cos(a), r * Math.sin(a)];
    });
    let contacts = 0;
    for (const plane of ['axial', 'usual', 'literal-signed', 'literal-abs'] as const) {
      for (let n = 3; n <= 8; n++) for (let m = 3; m <= 8; m++) {
        const w = new World(parseScenario({
          name: `outlines ${n} and ${m}`, material: { kn: 1e6, ktOverKn: 1 / 3, en: 0.5, mu: 0.5, density: 1000 },
          solver: { integrator: 'cdm', tangential: 'cundall', dtOverTc: 0.02, plane }, gravity: [0, 0],
          particles: [{ x: 0, y: 0, vertices: outline(n) }, { x: 0.3, y: 0, vertices: outline(m) }],
        }));
        const { compare, seen } = pairComparer(w);
        const reach = w.bodies.radius[0] + w.bodies.radius[1];
        for (let c = 0; c < 25; c++) {
          const d = reach * (0.1 + 0.6 * random()), a = 2 * Math.PI * random();
          compare(d * Math.cos(a), d * Math.sin(a), 2 * Math.PI * random(), 2 * Math.PI * random(), `${plane}: ${n}-gon and ${m}-gon, pose ${c}`);
        }
        contacts += seen.contacts;
      }
    }
    expect(contacts).toBeGreaterThan(4 * 36 * 25 / 2); // most poses overlap
  });

  it('a pair’s separating-edge hint only spares a clip that would find nothing: kept while apart, gone on contact, and any value leaves the oracle’s row', () => {
    const w = worldOf('two-polygon', 'rotation=true');
    const { compare, seen } = pairComparer(w);
    const b = w.bodies, hint = w.search.pairs.separatingEdge, x0 = b.ex[0], y0 = b.ey[0], reach = b.radius[0] + b.radius[1];
    // body 1 comes in from beyond the bounding circles' reach until the outlines overlap, turning a little, the hint
    // carried from pose to pose as between two steps: a clip that found nothing leaves an edge, checked (and used) next
    const apart: number[] = [], touching: number[] = [];
    for (let s = 0; s <= 200; s++) {
      const d = reach * (0.999 - (0.6 * s) / 200);
      compare(x0 + d * Math.cos(0.4), y0 + d * Math.sin(0.4), 0.01 * s, -0.007 * s, `approach ${s}`);
      (w.pipeline.record.count > 0 ? touching : apart).push(hint[0]);
    }
    expect(apart.length).toBeGreaterThan(20);
    expect(touching.length).toBeGreaterThan(20);
    expect(apart.every((h) => h > 0)).toBe(true); // every pose apart had its separating edge
    expect(touching.every((h) => h === 0)).toBe(true);
    // a corner a hair's breadth from an edge (gaps of 10⁻¹⁴ … 10⁻³ of the edge, both sides; the hint's margin is ≈ 10⁻⁵ of
    // it here) after a pose apart that finds the hint, and
    // random poses with an arbitrary byte in the hint: the rows are the oracle's (compare) whatever the hint says
    const random = lehmer(3);
    for (let c = 0; c < 400; c++) {
      hint[0] = Math.floor(256 * random());
      const d = reach * (0.2 + 0.8 * random()), a = 2 * Math.PI * random();
      compare(x0 + d * Math.cos(a), y0 + d * Math.sin(a), 2 * Math.PI * random(), 2 * Math.PI * random(), `hint ${hint[0]}, pose ${c}`);
    }
    const v = b.vertices, o0 = 2 * b.vertexStart[0], o1 = 2 * b.vertexStart[1];
    const ax = v[o0], ay = v[o0 + 1], bx = v[o0 + 2], by = v[o0 + 3], el = Math.hypot(bx - ax, by - ay), nx = (by - ay) / el, ny = -(bx - ax) / el;
    const wx = v[o1], wy = v[o1 + 1], wl = Math.hypot(wx, wy), phi = Math.atan2(-ny, -nx) - Math.atan2(wy, wx);
    let near = 0;
    for (const gap of [1e-3, 1e-5, 1e-7, 1e-9, 1e-12, 1e-14, -1e-14, -1e-10, -1e-6, -1e-4]) {
      compare(x0 + 3 * reach, y0, 0, phi, 'far apart'); // beyond the circles: the hint stays as it was
      compare(x0 + 0.5 * reach * nx, y0 + 0.5 * reach * ny, 0, phi, 'apart, its hint found');
      const h = 0.5 * (ax + bx) + (wl + gap * el) * nx, k = 0.5 * (ay + by) + (wl + gap * el) * ny;
      compare(x0 + h, y0 + k, 0, phi, `corner ${gap} from the edge`);
      near += w.pipeline.record.count;
    }
    expect(near).toBe(2); // the corners 10⁻⁶ and 10⁻⁴ through the edge touch (the shallower ones' areas are below the least)
    expect(seen.runs).toBe(201 + 400 + 30);
  });
});

describe('a polygon scene with the WebAssembly colliders gives the bits of a run with their JavaScript oracle', () => {
  const cases: Record<string, string[]> = {
    'Gear 5, axial plane with hysteresis': [],
    'cdm, usual plane': ['integrator=cdm', 'plane=usual'],
    'cdm, literal-signed plane (imported atan)': ['integrator=cdm', 'plane=literal-signed'],
    'Gear 5, literal-abs plane, no hysteresis': ['plane=literal-abs', 'planeHysteresis=0'],
    'cdm, periodic seam, floor only': ['integrator=cdm', FLOOR_ONLY, 'domain.periodicX=[0,0.4]', 'gravityX=20'],
  };
  for (const [name, sets] of Object.entries(cases)) {
    it(name, () => {
      const wasm = worldOf('polygon-pile', ...DENSE, ...sets), js = worldOf('polygon-pile', ...DENSE, ...sets);
      expect(wasm.kernels).toBe('WebAssembly');
      oracleRun(js);
      const runs = wasm.wasm!.polygonRuns, oracleKernels = js.pipeline.narrow.kernels!, oracleRuns = oracleKernels.polygonRuns;
      for (let batch = 0; batch < 4; batch++) {
        wasm.step(250);
        js.step(250);
        expect(differences(wasm, js), `step ${wasm.stepCount}`).toEqual([]);
      }
      expect(wasm.wasm!.polygonRuns - runs).toBeGreaterThanOrEqual(1000); // every step's pairs (and walls) in WebAssembly
      expect(oracleKernels.polygonRuns).toBe(oracleRuns); // and none of the oracle run's
      expect(wasm.contacts.count).toBeGreaterThan(12);
      expect(wasm.health.status).toBe('ok');
    });
  }

  it('on a plain memory (a page without cross-origin isolation: the module compiled for it), the same bits; a list that outgrows it is an error that says so', () => {
    vi.stubGlobal('SharedArrayBuffer', undefined);
    let plain: World, js: World;
    try {
      plain = worldOf('polygon-pile', ...DENSE, 'integrator=cdm');
      js = worldOf('polygon-pile', ...DENSE, 'integrator=cdm');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(plain.wasm!.arena.shared).toBe(false);
    oracleRun(js);
    const runs = plain.wasm!.polygonRuns;
    for (let batch = 0; batch < 4; batch++) {
      plain.step(250);
      js.step(250);
      expect(differences(plain, js)).toEqual([]);
    }
    expect(plain.wasm!.polygonRuns - runs).toBeGreaterThanOrEqual(1000);
    expect(plain.contacts.count).toBeGreaterThan(12);
    // last step's list leaves the plain memory (which never grows): the colliders have no other path, and say why
    plain.pipeline.previous.reserve(400_000);
    expect(() => plain.step(1)).toThrow(/polygon contacts run in WebAssembly only, and the column in slot \d+ .* outgrew the plain memory/);
  });

  it('a pair whose clip would outgrow the scratch is clipped again on one twice the size, still in WebAssembly: the same bits', () => {
    const wasm = worldOf('polygon-pile', ...DENSE), js = oracleRun(worldOf('polygon-pile', ...DENSE));
    wasm.step(1000);
    js.step(1000);
    expect(wasm.contacts.count).toBeGreaterThan(12);
    const k = wasm.wasm!, real = k.polygonPairs, room = k.polygonRoom;
    let stops = 0, q = -1;
    // the kernel stops before one pair (the middle one of its first call) while the scratch has its first size, as it does
    // for a clip whose stages would not fit (the fused polygon pass and the colliders alike)
    (k as { polygonPairs: (...a: number[]) => number }).polygonPairs = (t: number, p0: number, p1: number, k0: number) => {
      if (q < 0 && p1 - p0 >= 2) q = p0 + ((p1 - p0) >> 1);
      if (k.polygonRoom > room || q < p0 || q >= p1) return real(t, p0, p1, k0);
      stops++;
      return real(t, p0, q, k0); // which leaves LEFT = q
    };
    wasm.step(1);
    js.step(1);
    expect(stops).toBeGreaterThanOrEqual(1);
    expect(k.polygonRoom).toBe(2 * room);
    expect(differences(wasm, js)).toEqual([]);
    wasm.step(100);
    js.step(100);
    expect(differences(wasm, js)).toEqual([]);
  });

  it('discs falling onto polygons (disc–polygon pairs through the 24-gon stand-in, split by kind pair; disc pairs by the staged pipeline)', () => {
    const sets = [
      'gravityY=-300',
      'generators=[{"type":"random","shape":"polygon","sides":[4,8],"count":14,"region":[0.005,0.005,0.395,0.08],"rMin":0.012,"rMax":0.016,"seed":3},'
        + '{"type":"random","count":40,"region":[0.005,0.085,0.395,0.14],"rMin":0.006,"rMax":0.009,"seed":5}]',
    ];
    const wasm = worldOf('polygon-pile', ...sets), js = worldOf('polygon-pile', ...sets);
    oracleRun(js);
    const runs = wasm.wasm!.polygonRuns;
    for (let batch = 0; batch < 6; batch++) {
      wasm.step(250);
      js.step(250);
      expect(differences(wasm, js), `step ${wasm.stepCount}`).toEqual([]);
    }
    expect(wasm.wasm!.polygonRuns - runs).toBeGreaterThanOrEqual(1500);
    const c = wasm.contacts, b = wasm.bodies;
    let mixed = 0;
    for (let k = 0; k < c.pairContacts; k++) if (b.shape[c.i[k]] !== b.shape[c.j[k]]) mixed++;
    expect(mixed).toBeGreaterThan(5);
    expect(wasm.health.status).toBe('ok');
  });
});
