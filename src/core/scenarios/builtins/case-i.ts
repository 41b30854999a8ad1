/**
 * E5, paper 002 Case I (Figs. 2–3): a disc with its centre fixed, initial spin ω0 = 0.5, against a
 * tangential spring k_s = 1000 and a constant normal force (docs/validation.md#e5-and-e6-gssss-orders, our choices):
 * m = 1 kg, R = 1 m, I = 0.5 kg m², the disc is body j on a flat wall i below it, pressed with
 * f_n = k_n δ = 10⁵ · 10⁻³ = 100 N, μ = 1 (the spring force stays below 11.2 N, so it never slides),
 * no damping (εn = 1, so γ_n = γ_t = 0). u_t = −R ω, ξ = −R θ, torque −k_s R² θ, hence
 *   θ(t) = (ω0/ω_n) sin(ω_n t),  ω_n = R √(k_s/I) = 44.72 rad/s (period 0.140 s, amplitude 0.0112 rad).
 * The convergence ladder is E5's N = 200 … 6400 steps over T = 1 s, plus 12800: with the traditional
 * update the coarse runs gain energy (the lagging spring is anti-damped) and the divergence detector stops them.
 */
import type { ScenarioInput } from '../schema';

export const caseI: ScenarioInput = {
  name: 'case-i',
  title: 'Spinning disc on a tangential spring (paper 002 Case I)',
  description: 'A disc with a fixed centre spins against a tangential spring: θ(t) is known exactly. The traditional spring update converges at order 1, the consistent one at order 2.',
  paperRef: 'paper 002 §3.1 Case I, Figs. 2–3; docs/validation.md#e5-and-e6-gssss-orders',
  material: { kn: 1e5, ktOverKn: 0.01, en: 1, mu: 1, nuTOverNuN: 0 },
  solver: { integrator: 'cdm', tangential: 'consistent', dt: 1 / 800 },
  particles: [{ x: 0, y: 0, r: 1, m: 1, inertia: 0.5, omega: 0.5, lockX: true, lockY: true }],
  walls: [{ type: 'line', point: [0, -(1 - 1e-3)], normal: [0, 1] }],
  run: { speed: 0.25, duration: 1, track: [0], convergence: { steps: [200, 400, 800, 1600, 3200, 6400, 12800], samples: 200 } },
};
