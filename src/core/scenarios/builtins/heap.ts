/**
 * A heap for the lecture hall: 150 large discs (r = 20–25 mm, ≈ 25 px across on a 1080p screen) poured from
 * a column onto a wide floor. Rotation is locked (paper 000's "rotation suppressed"), standing in for
 * the rolling resistance of real grains: free discs would roll off any heap. Friction then holds one
 * whose slope grows with μ (after 4 s, height over half the base: μ = 0 flows out to both walls,
 * 0.1 → 12°, 0.5 → 31°, 0.9 → 54°), which the `pile` in its narrow box cannot show.
 */
import type { ScenarioInput } from '../schema';

export const heap: ScenarioInput = {
  name: 'heap',
  title: 'Heap on a wide floor (repose angle)',
  description: 'Large discs pour from a column onto a wide floor and form a heap; its slope grows with μ (try μ = 0, 0.1 and 0.9 with Reset). Rotation is locked, as for grains that do not roll.',
  material: { kn: 1e6, ktOverKn: 1 / 3, en: 0.3, mu: 0.5, density: 1000 },
  solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.02, rotation: false },
  gravity: [0, -9.81],
  walls: [{ type: 'box', xmin: 0, xmax: 2, ymin: 0, ymax: 1.3, openTop: true }],
  generators: [{ type: 'random', count: 150, region: [0.7, 0.05, 1.3, 1.25], rMin: 0.02, rMax: 0.025, seed: 5 }],
  run: { speed: 1, duration: 4 },
};
