/**
 * A pile of random convex polygons settling in a box (docs/model.md#area-law-for-polygons; paper 000 §2 for the
 * shapes): 150 polygons with 4–8 sides and circumradii 12–16 mm rain from a loose random packing onto
 * the floor. Area law with k_n = 10⁶ N/m (the overlap area under the pile's weight stays below 1 % of a
 * polygon's area), ε_n = 0.5, μ = 0.5, Gear 5 with the Cundall spring, Δt = 0.02 t_c (nominal t_c).
 */
import type { ScenarioInput } from '../schema';

export const polygonPile: ScenarioInput = {
  name: 'polygon-pile',
  title: 'Pile of polygons settling in a box',
  description: 'Random convex polygons (4–8 sides) fall into a box and settle; polygons interlock, so the pile stands steeper than a pile of discs. Contacts use the area law (paper 000 Eqs. 4–5) along the line through the two boundary crossings.',
  paperRef: 'paper 000 Eqs. 4–5; docs/model.md#area-law-for-polygons',
  material: { kn: 1e6, ktOverKn: 1 / 3, en: 0.5, mu: 0.5, density: 1000 },
  solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.02 },
  gravity: [0, -9.81],
  walls: [{ type: 'box', xmin: 0, xmax: 0.4, ymin: 0, ymax: 1, openTop: true }],
  generators: [{ type: 'random', shape: 'polygon', sides: [4, 8], count: 150, region: [0.005, 0.02, 0.395, 0.6], rMin: 0.012, rMax: 0.016, seed: 3 }],
  run: { speed: 1, duration: 1.5 },
};
