/**
 * Frictionless elastic gas (εn = 1, μ = 0) in a closed box: the total energy Ek + ½kn δ² must be
 * conserved; its drift measures the integrator's accuracy over many collisions.
 */
import type { ScenarioInput } from '../schema';

export const elasticGas: ScenarioInput = {
  name: 'elastic-gas',
  title: 'Elastic gas',
  description: 'Frictionless, perfectly elastic discs in a box: total energy should stay constant.',
  material: { kn: 1e6, en: 1, mu: 0, density: 1000 },
  solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.02 },
  walls: [{ type: 'box', xmin: 0, xmax: 0.5, ymin: 0, ymax: 0.5, openTop: false }],
  generators: [{ type: 'random', count: 150, region: [0, 0, 0.5, 0.5], rMin: 0.01, rMax: 0.01, speedJitter: 1, seed: 3 }],
  run: { speed: 0.1, duration: 0.5 },
};
