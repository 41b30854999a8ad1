/**
 * E8, paper 004 Figs. 3–4 (docs/validation.md#e8-contact-dynamics-chain): a chain of 50 equal rigid discs under contact
 * dynamics. Wall at x = 0; the gap between the wall and the first disc is one diameter d, the discs
 * touch, all at rest. From t = 0 a force F = 0.05 d m Δt⁻² pushes the last disc (index 49) towards the
 * wall; motion is horizontal only (lockY, no rotation, μ = 0). N_I = 40, random sweep.
 * Scale-free; our values [R]: m = 1 kg, d = 0.01 m, Δt = 10⁻³ s, so F = 500 N.
 * After the impact only the lowest mode survives: the last disc oscillates as paper 004 Eq. 21 with
 *   ω₁ = (π/(2NΔt)) √(q N_I − (π q N_I/(4N))²),  τ₁ = 8N²Δt/(π² q N_I)   (docs/validation.md#e8-contact-dynamics-chain),
 * q = (4√e − 5)/2 (random) or ½ (parallel). The fit window starts after the higher modes have died
 * (they decay ≥ 9× faster): t ≥ 0.3 s for N_I ≥ 40; use a later, longer window for small N_I.
 */
import type { ScenarioInput } from '../schema';

const N = 50, m = 1, d = 0.01, dt = 1e-3;

export const cdChain: ScenarioInput = {
  name: 'cd-chain',
  title: 'Contact-dynamics chain (paper 004 Fig. 4)',
  description: 'Fifty rigid discs pushed against a wall ring like an elastic rod: a finite number of solver sweeps N_I makes them soft (ω ∝ √N_I, τ ∝ 1/N_I). Change iterations and sweep.',
  paperRef: 'paper 004 Figs. 3–4, Eqs. 18–21; docs/validation.md#e8-contact-dynamics-chain',
  material: { mu: 0 },
  solver: { integrator: 'contact-dynamics', dt, iterations: 40, sweep: 'random', rotation: false },
  walls: [{ type: 'line', point: [0, 0], normal: [1, 0] }],
  particles: Array.from({ length: N }, (_, k) => ({
    x: 1.5 * d + k * d, y: 0, r: d / 2, m, lockY: true,
    ...(k === N - 1 ? { force: [-0.05 * d * m / (dt * dt), 0] as [number, number] } : {}),
  })),
  run: { speed: 0.5, duration: 1.5, outputEvery: 1, track: [N - 1], oscillation: { of: N - 1, coordinate: 'x', from: 0.3, to: 0.65 } },
};
