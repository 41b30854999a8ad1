/**
 * Head-on collision of two equal discs: the measured restitution must equal εn and the contact last
 * t_c (docs/model.md#damping-from-restitution; paper 000 Eq. 10). No gravity, no tangential motion.
 */
import type { ScenarioInput } from '../schema';

export const headOn: ScenarioInput = {
  name: 'head-on',
  title: 'Head-on collision',
  description: 'Two discs collide head-on: the rebound speed ratio is εn and the contact lasts tc.',
  paperRef: 'docs/model.md#damping-from-restitution',
  material: { kn: 1e5, en: 0.9, mu: 0.5 },
  solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.01 },
  particles: [
    { x: -0.055, y: 0, r: 0.05, m: 1, vx: 0.5 },
    { x: 0.055, y: 0, r: 0.05, m: 1, vx: -0.5 },
  ],
  // playback in the app: the collision (tc = 7 ms) takes about 1.4 s on screen
  run: { speed: 0.005, duration: 0.05, track: [0, 1], selectContact: [0, 1] },
};
