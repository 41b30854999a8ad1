/**
 * A column of wet grains (the cohesive law, docs/model.md#cohesive-law): 6 × 20 discs of radius 5 mm in a hex
 * packing stand on a floor, areal density 1000 kg/m² (weight 0.77 N each), kn = 10⁵ N/m, εn = 0.5, μ = 0.5. The
 * pull fa = 5 N (6.5 weights) reaches fa/kc = 0.5 mm (a tenth of a radius, kc/kn = 0.1) beyond contact. Wet, the
 * column stands and only settles by its elastic overlaps; with normalLaw=linear (dry grains) the grains of the
 * half-offset rows, each on one grain below, roll off and the column slumps into a heap within half a second.
 */
import type { ScenarioInput } from '../schema';

const a = 0.005;

export const wetColumn: ScenarioInput = {
  name: 'wet-column',
  title: 'A column of wet grains stands (cohesive law)',
  description: 'A column of cohesive (wet) grains stands on the floor; set normalLaw to linear (dry grains) and it collapses into a heap.',
  material: { normalLaw: 'cohesive', cohesion: 5, kcOverKn: 0.1, kn: 1e5, ktOverKn: 1 / 3, en: 0.5, mu: 0.5, density: 1000 },
  solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.02 },
  gravity: [0, -9.81],
  walls: [{ type: 'box', xmin: 0, xmax: 0.4, ymin: 0, ymax: 0.4, openTop: true }],
  generators: [{
    type: 'lattice', lattice: 'hex', origin: [0.2 - 2.75 * 2 * a, a], nx: 6, ny: 20, spacing: 2 * a, r: a,
    positionJitter: 1e-5, seed: 3,
  }],
  run: { speed: 0.5, duration: 1 },
};
