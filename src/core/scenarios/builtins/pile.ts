/**
 * A pile settling in a box: ~400 discs rain down from a loose random packing onto the floor.
 * Radii in [6.5, 8] mm (ratio 1.23, inside the 5×5 cell-mask limit of paper 003), areal density
 * 1000 kg/m², kn = 10⁶ N/m (overlap under 20 layers ≈ 1 % of a radius), εn = 0.5, μ = 0.5.
 */
import type { ScenarioInput } from '../schema';

export const pile: ScenarioInput = {
  name: 'pile',
  title: 'Pile settling in a box',
  description: 'Discs fall into an open box and settle into a pile; change μ to see the pile change.',
  material: { kn: 1e6, ktOverKn: 1 / 3, en: 0.5, mu: 0.5, density: 1000 },
  solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.02 },
  gravity: [0, -9.81],
  walls: [{ type: 'box', xmin: 0, xmax: 0.4, ymin: 0, ymax: 1, openTop: true }],
  generators: [{ type: 'random', count: 400, region: [0.005, 0.02, 0.395, 0.6], rMin: 0.0065, rMax: 0.008, seed: 7 }],
  run: { speed: 1, duration: 1.5 },
};
