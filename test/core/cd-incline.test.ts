/**
 * A rigid disc on a 30° incline under contact dynamics (docs/model.md#polygons-in-contact-dynamics). One contact: the
 * local solver is exact in one sweep and implicit Euler is exact for constant acceleration, so
 * v(t)/t equals the textbook acceleration to round-off; the issue asks for 4 significant digits.
 *   rolling (μ = 0.5 ≥ tan α/3):  a = (2/3) g sin α,  no slip
 *   sliding (μ = 0.1):            a = g (sin α − μ cos α),  ω̇ = 2 μ g cos α / r (friction spins it up)
 */
import { describe, expect, it } from 'vitest';
import { worldOf } from '../helpers';

const g = 9.81, alpha = Math.PI / 6, r = 0.05;
const down = [-Math.cos(alpha), -Math.sin(alpha)];

function slide(mu: number) {
  const w = worldOf('incline', `mu=${mu}`);
  w.step(400);
  const b = w.bodies;
  expect(w.health.status).toBe('ok');
  return { a: (b.vx[0] * down[0] + b.vy[0] * down[1]) / w.t, omegaDot: b.omega[0] / w.t, w };
}

describe('contact dynamics: disc on an incline', () => {
  it('rolls with a = (2/3) g sin α at μ = 0.5', () => {
    const { a, omegaDot } = slide(0.5);
    expect(a / ((2 / 3) * g * Math.sin(alpha)) - 1).toBeCloseTo(0, 4);
    expect(omegaDot * r / a - 1).toBeCloseTo(0, 4); // rolling without slipping: ω r = v
  });
  it('slides with a = g (sin α − μ cos α) at μ = 0.1', () => {
    const { a, omegaDot } = slide(0.1);
    expect(a / (g * (Math.sin(alpha) - 0.1 * Math.cos(alpha))) - 1).toBeCloseTo(0, 4);
    expect(omegaDot / ((2 * 0.1 * g * Math.cos(alpha)) / r) - 1).toBeCloseTo(0, 4);
  });
  it('the disc neither sinks into nor leaves the slope', () => {
    const { w } = slide(0.5);
    expect(Math.abs(w.contacts.delta[0])).toBeLessThan(1e-12);
  });
});
