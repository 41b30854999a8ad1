/**
 * E6, paper 002 Case II with the persistent-contact protocol (docs/validation.md#e5-and-e6-gssss-orders): a disc resting
 * on a floor at its static overlap is given a horizontal velocity and rolls/rocks with friction that
 * sticks, so the contact set and the stick state do not change inside the window and the observed
 * order is the integrator's. m = 1 kg, r = 0.1 m, k_n = 10⁴ N/m, γ_n = 20 kg/s (ζ_n = 0.1), k_t = 3·10³
 * N/m, γ_t = 0, μ = 10, g = 9.81 m/s², start at y = r − mg/k_n with v_x = 0.5 m/s, ω = 0, T = 0.4 s.
 * E6 reports traditional 1.01, consistent 2.00 (ladder 1024 … 32768, reference 2²⁰ steps).
 */
import { restitution } from '../../laws/restitution';
import type { ScenarioInput } from '../schema';

const m = 1, r = 0.1, kn = 1e4, g = 9.81;

export const caseII: ScenarioInput = {
  name: 'case-ii',
  title: 'Disc on a floor with friction (paper 002 Case II, persistent contact)',
  description: 'A disc resting on a floor is pushed sideways and rocks on its sticking contact: traditional spring update order 1, consistent order 2.',
  paperRef: 'paper 002 §3.1 Case II, Figs. 4–5; docs/validation.md#e5-and-e6-gssss-orders',
  material: { kn, ktOverKn: 0.3, en: restitution(20 / (2 * Math.sqrt(m * kn))), mu: 10, nuTOverNuN: 0 },
  solver: { integrator: 'cdm', tangential: 'consistent', dt: 0.4 / 4096 },
  gravity: [0, -g],
  particles: [{ x: 0, y: r - (m * g) / kn, r, m, vx: 0.5 }],
  walls: [{ type: 'line', point: [0, 0], normal: [0, 1] }],
  run: { speed: 0.1, duration: 0.4, track: [0], convergence: { steps: [1024, 2048, 4096, 8192], samples: 64 } },
};
