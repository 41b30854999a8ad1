/**
 * The polygon scale preset (issue 38, item 5): 10,000 random convex polygons (4–8 sides; paper 000 §2 for the
 * shapes, docs/model.md#area-law-for-polygons for the law) drain from a flat-bottomed silo through a central
 * orifice onto a floor below, as the disc `silo` does with 100,000 discs. A hex lattice of 200 × 50 polygons
 * (circumradii uniform in [3.4, 4] mm, 8.08 mm apart, so no two touch) fills the silo 0.35 m deep and settles
 * onto the silo's floor; the orifice is 20 lattice spacings wide. Segment walls meet discs only, so the silo's
 * floor is two rows of fixed rectangles (8 mm high, ≈ 8 mm wide, side by side) with the gap between them: polygons
 * only, so the fused polygon pass runs the whole scene (contacts/polygon-force-pass.ts; with fixed discs the mixed
 * scene took the staged pipeline, ≈ 13 % slower a step); the sides and the floor below are line walls. k_n = 5·10⁵ N/m keeps the overlaps at a few per cent of a radius (up to
 * 7 % where grains that fell 0.35 m land); central difference + Cundall at Δt = 0.1 t_c (t_c = 0.38 ms, the
 * lightest polygon against a wall: 38 μs a step). Measured in Node: the silo to t = 0.23 s (the column landed) and a
 * version 60 columns wide to t = 0.92 s (78 % drained), overlaps ≤ 7 % of a radius, no body lost.
 */
import type { ScenarioInput } from '../schema';

/** Largest circumradius [m] and the lattice spacing (circumcircles 1 % apart) */
const R = 0.004, S = 2.02 * R;
const NX = 200, NY = 50;
/** the odd rows are shifted by half a spacing: one spacing more than the rows */
const W = (NX + 1) * S;
/** the silo's floor (its rectangles' centres) above the floor below */
const FLOOR = 0.35;
const ORIFICE = 20 * S;

/** The silo's floor from x0 to x1: fixed rectangles R high on either side of FLOOR, as many as fit 2R wide, side by side */
function floor(x0: number, x1: number): NonNullable<ScenarioInput['particles']> {
  const n = Math.floor((x1 - x0) / (2 * R)), w = (x1 - x0) / n, h = w / 2;
  return Array.from({ length: n }, (_, c) => ({ x: x0 + (c + 0.5) * w, y: FLOOR, vertices: [[-h, -R], [h, -R], [h, R], [-h, R]], fixed: true }));
}

export const polygonSilo: ScenarioInput = {
  name: 'polygon-silo',
  title: 'Silo of 10,000 polygons (scale)',
  description: 'Ten thousand random convex polygons (4–8 sides) settle in a silo and drain through its orifice onto the floor below. The whole column first falls onto the floor of the silo (watch the compaction front climb it in the speed colours), then the flow keeps to a channel above the orifice while the grains beside it hold still, and a heap grows on the floor below. The polygon scale preset, in slow motion: every polygon contact is a clip of two outlines. Zoom in with the wheel to see single grains.',
  paperRef: 'paper 000 Eqs. 4–5; docs/model.md#area-law-for-polygons',
  material: { kn: 5e5, ktOverKn: 1 / 3, en: 0.5, mu: 0.5, density: 1000 },
  solver: { integrator: 'cdm', tangential: 'cundall', dtOverTc: 0.1 },
  gravity: [0, -9.81],
  walls: [
    { type: 'line', point: [0, 0], normal: [0, 1] },
    { type: 'line', point: [0, 0], normal: [1, 0] },
    { type: 'line', point: [W, 0], normal: [-1, 0] },
  ],
  generators: [
    {
      type: 'lattice', lattice: 'hex', origin: [S / 2, FLOOR + 2.1 * R], nx: NX, ny: NY, spacing: S,
      r: R, radiusJitter: 0.15, seed: 38, shape: 'polygon', sides: [4, 8],
    },
  ],
  particles: [...floor(0, (W - ORIFICE) / 2), ...floor((W + ORIFICE) / 2, W)],
  run: { duration: 4 },
};
