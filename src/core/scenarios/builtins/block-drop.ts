/**
 * E7, 2D analogue of paper 002's granular cube drop (§3.2, Figs. 6–12; docs/validation.md#e7-block-drop):
 * a 15 × 15 square block of discs (diameter 0.02 m, mass 0.008 kg, I = ½ m a², jitter 10⁻⁶ m) falls
 * 0.14 m into a 0.6 m wide container whose floor has a 0.2 × 0.2 m pit in the middle (the paper's
 * "hole" read as a recess that fills, as its snapshots show). Δt = 10⁻⁴ s, T = 2 s as printed; εn = 0.5,
 * γ_t = γ_n k_s/k_n, μ = 0.5, g = 9.81 m/s² are E7's choices. Deviation from E7: k_n = 1.5·10⁴ N/m and
 * k_s = 10³ N/m (printed 1500 and 100, ratio kept): with 1500 N/m the 2D column's impact pushes an overlap
 * past half a radius at t ≈ 0.26 s and the divergence detector stops the run; 1.5·10⁴ N/m keeps the peak
 * overlap at 18 % of a radius (t_c = 1.7 ms ≈ 17 steps, ωΔt = 0.19).
 * Ek(t) shows the free fall, a plateau while the centre charges into the pit, then decay (Fig. 11).
 * Convergence protocol of E7: the flow is chaotic, so errors at t ≤ 0.2 s only.
 */
import type { ScenarioInput } from '../schema';

const a = 0.01, mass = 0.008;
const floor = 0.2;

export const blockDrop: ScenarioInput = {
  name: 'block-drop',
  title: 'Granular block dropped into a pit (paper 002 Fig. 11, 2D)',
  description: '225 discs fall as a block into a container with a pit in its floor; compare Ek(t) of the GSSSS members and spring updates.',
  paperRef: 'paper 002 §3.2, Figs. 6–12; docs/validation.md#e7-block-drop',
  material: { kn: 1.5e4, ktOverKn: 1 / 15, en: 0.5, nuTOverNuN: 1 / 15, mu: 0.5, density: mass / (Math.PI * a * a) },
  solver: { integrator: 'cdm', tangential: 'consistent', dt: 1e-4 },
  gravity: [0, -9.81],
  walls: [
    { type: 'line', point: [0, 0], normal: [1, 0] },
    { type: 'line', point: [0.6, 0], normal: [-1, 0] },
    { type: 'segment', a: [0, floor], b: [0.2, floor] },
    { type: 'segment', a: [0.4, floor], b: [0.6, floor] },
    { type: 'segment', a: [0.2, floor], b: [0.2, 0] },
    { type: 'segment', a: [0.4, floor], b: [0.4, 0] },
    { type: 'segment', a: [0.2, 0], b: [0.4, 0] },
  ],
  generators: [{
    type: 'lattice', lattice: 'square', origin: [0.15 + a, floor + 0.14 + a], nx: 15, ny: 15, spacing: 2 * a, r: a,
    positionJitter: 1e-6, seed: 2,
  }],
  run: { speed: 0.5, duration: 2, convergence: { duration: 0.2, steps: [500, 1000, 2000, 4000], samples: 4, referenceFactor: 16 } },
};
