/**
 * Paper 002 Case II as printed (Figs. 4–5), for watching: the disc of case-ii dropped from 0.3 m with a
 * horizontal velocity, bouncing with spin on the frictional floor. The landing (contact onset) makes
 * observed orders erratic for every update (docs/validation.md#e5-and-e6-gssss-orders caution); use case-ii to measure.
 */
import { restitution } from '../../laws/restitution';
import type { ScenarioInput } from '../schema';

const m = 1, kn = 1e4;

export const caseIIDrop: ScenarioInput = {
  name: 'case-ii-drop',
  title: 'Disc dropped on a floor with friction (paper 002 Case II, Fig. 4)',
  description: 'A disc falls on a frictional floor and bounces with spin; compare the traditional and consistent spring updates.',
  paperRef: 'paper 002 §3.1 Case II, Fig. 4; docs/validation.md#e5-and-e6-gssss-orders',
  material: { kn, ktOverKn: 0.3, en: restitution(20 / (2 * Math.sqrt(m * kn))), mu: 0.5, nuTOverNuN: 0 },
  solver: { integrator: 'cdm', tangential: 'consistent', dt: 1e-4 },
  gravity: [0, -9.81],
  particles: [{ x: 0, y: 0.3, r: 0.1, m, vx: 0.5 }],
  walls: [{ type: 'line', point: [0, 0], normal: [0, 1] }],
  run: { speed: 0.5, duration: 1.5, track: [0] },
};
