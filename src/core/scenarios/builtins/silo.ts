/**
 * The scale preset (issue 9): 100,000 discs in a flat-bottomed silo draining through a central orifice
 * onto a floor below. A hex lattice of 500 × 200 discs (radii uniform in [1.8, 2] mm, 4 mm apart) fills
 * the silo 0.69 m deep; the orifice is 24 disc diameters wide, wide enough not to jam (Beverloo flow,
 * W ∝ (D − k d)^{3/2} in 2D). 500 × 200 rather than a taller column: the static overlap at the bottom grows
 * with the depth over k_n, and t_c (so Δt) shrinks as k_n grows. k_n = 3·10⁵ N/m gives ≈ 2 % of a radius
 * at rest (7 % while the column first compacts), t_c = 0.42 ms; central difference + Cundall at
 * Δt = 0.04 t_c (the accuracy monitor's restitution check passes; at 0.1 t_c it warns) is the core's fastest
 * path (the fused disc pass). Each step is 17 μs: live in the page the silo drains in slow motion, and the
 * speed colours show the flow converging on the orifice long before grains have moved far.
 */
import type { ScenarioInput } from '../schema';

const S = 0.004;
const NX = 500, NY = 200;
/** the odd rows are shifted by half a spacing: one spacing more than the rows */
const W = (NX + 1) * S;
const FLOOR = 0.2;
const ORIFICE = 24 * S;

export const silo: ScenarioInput = {
  name: 'silo',
  title: 'Silo of 100,000 discs (scale)',
  description: 'A hundred thousand discs drain from a silo through its orifice and pile up on the floor below. The scale preset: it shows what the core and the page do with a large scene — in slow motion, since every step is 17 μs of simulated time. Zoom in with the wheel to see single grains.',
  material: { kn: 3e5, ktOverKn: 1 / 3, en: 0.5, mu: 0.5, density: 1000 },
  solver: { integrator: 'cdm', tangential: 'cundall', dtOverTc: 0.04 },
  gravity: [0, -9.81],
  walls: [
    { type: 'line', point: [0, 0], normal: [0, 1] },
    { type: 'line', point: [0, 0], normal: [1, 0] },
    { type: 'line', point: [W, 0], normal: [-1, 0] },
    { type: 'segment', a: [0, FLOOR], b: [(W - ORIFICE) / 2, FLOOR] },
    { type: 'segment', a: [(W + ORIFICE) / 2, FLOOR], b: [W, FLOOR] },
  ],
  generators: [{
    type: 'lattice', lattice: 'hex', origin: [S / 2, FLOOR + S / 2], nx: NX, ny: NY, spacing: S,
    r: 0.5 * S, radiusJitter: 0.1, seed: 11,
  }],
  run: { duration: 1 },
};
