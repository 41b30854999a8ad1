/**
 * The pile of `pile` (400 discs, radii 6.5–8 mm, μ = 0.5, open box) under contact dynamics: the same
 * scene with rigid discs. Δt = 2.5·10⁻⁴ s keeps the displacement per step below 0.1 r_max at the
 * impact speed (≈ 3.4 m/s) ([Sho12]); N_I = 50 random sweeps. `pile --set integrator=contact-dynamics`
 * runs the soft-DEM scene unchanged under CD (at the soft Δt, much smaller than CD needs).
 */
import type { ScenarioInput } from '../schema';
import { pile } from './pile';

export const cdPile: ScenarioInput = {
  ...pile,
  name: 'cd-pile',
  title: 'Pile settling in a box (contact dynamics)',
  description: 'The pile scene with rigid discs (contact dynamics); change iterations to see the pile go soft.',
  paperRef: 'docs/model.md#contact-dynamics',
  solver: { integrator: 'contact-dynamics', dt: 2.5e-4, iterations: 50, sweep: 'random' },
};
