/**
 * A disc rolling over a fixed disc, so the contact normal turns (docs/model.md#the-tangential-acceleration, docs/validation.md#e5-and-e6-gssss-orders):
 * the 2D frame-rotation term −(Δv·t)(Δv·n)/d of ü_t is O(1) here, and dropping it would make the
 * consistent update first order. Our contact law has no bonds, so instead of docs/validation.md#e5-and-e6-gssss-orders's bonded disc the
 * moving disc (r = 0.5 m, m = 1 kg, I = 0.125 kg m²) starts on top of the fixed disc (R = 1 m) at its
 * static overlap, rolling at 1 m/s (ω = −2 rad/s, no slip) under gravity, with docs/validation.md#e5-and-e6-gssss-orders's contact:
 * k_n = 2000 N/m, γ_n = 2 kg/s, k_t = 800 N/m, γ_t = 1 kg/s, μ = 10 (sticks). In T = 0.5 s the normal
 * turns by about 25° and the contact persists. After that the disc rolls off: a floor (touching the
 * fixed disc's bottom) and a wall 3.5 m to the right keep the scene bounded, so the app never sees a
 * disc falling forever (at ~1000 m/s it would move half a radius per step: "divergence").
 */
import { restitution } from '../../laws/restitution';
import type { ScenarioInput } from '../schema';

const kn = 2000, m = 1, g = 9.81;

export const orbitingDisc: ScenarioInput = {
  name: 'orbiting-disc',
  title: 'Disc rolling over a fixed disc (turning normal)',
  description: 'A disc rolls over the top of a fixed disc, so the contact normal turns: the consistent update needs the frame-rotation term to stay second order.',
  paperRef: 'docs/model.md#the-tangential-acceleration',
  material: { kn, ktOverKn: 0.4, en: restitution(2 / (2 * Math.sqrt(m * kn))), mu: 10, nuTOverNuN: 0.5 },
  solver: { integrator: 'cdm', tangential: 'consistent', dt: 0.5 / 2048 },
  gravity: [0, -g],
  walls: [{ type: 'line', point: [0, -1], normal: [0, 1] }, { type: 'line', point: [3.5, 0], normal: [-1, 0] }],
  particles: [
    { x: 0, y: 0, r: 1, m: 4, fixed: true },
    { x: 0, y: 1.5 - (m * g) / kn, r: 0.5, m, inertia: 0.125, vx: 1, omega: -2 },
  ],
  run: { speed: 0.2, duration: 0.5, track: [1], selectContact: [0, 1], convergence: { steps: [512, 1024, 2048, 4096], samples: 64 } },
};
