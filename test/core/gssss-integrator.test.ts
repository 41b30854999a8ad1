/**
 * The explicit GSSSS kernel (docs/model.md#explicit-gssss-family) on systems without contacts, through a minimal
 * StepDriver:
 * - central difference = U0(1,1,0), η = 1 is velocity Verlet and V0(1,1,0) is position Verlet
 *   (drift–kick–drift) to round-off (docs/model.md#named-members), compared with hand-written loops on a nonlinear system
 *   (Duffing in x, linear in y, pendulum in φ);
 * - every member is second order on a damped oscillator, and the stored a_n converges at order 2 to
 *   q̈(t_n − φΔt) but only at order 1 to q̈(t_n) when φ ≠ 0 (docs/model.md#explicit-gssss-family: the acceleration time shift).
 */
import { describe, expect, it } from 'vitest';
import { GssssIntegrator } from '../../src/core/integrators/gssss';
import { GSSSS_PRESETS, type GssssParameters } from '../../src/core/integrators/gssss-parameters';
import type { StepDriver } from '../../src/core/integrators/integrator';
import { INTEGRATORS } from '../../src/core/integrators/registry';
import { BodyState } from '../../src/core/state/body-state';
import { LOCK_ROT, LOCK_Y } from '../../src/core/state/body-flags';
import { order } from '../helpers';

type Force = (x: number, y: number, phi: number, vx: number) => [number, number, number];

/** A driver that evaluates `force` at the evaluation configuration of body 0 (mass 2, inertia 0.5). */
function driver(b: BodyState, dt: number, force: Force): StepDriver & { t: number } {
  return {
    bodies: b, dt, t: 0, stepCount: 0, velocityDependentForces: false, pool: null, wasm: null,
    computeForces() {
      const [fx, fy, tau] = force(b.ex[0], b.ey[0], b.ephi[0], b.evx[0]);
      b.fx[0] = fx; b.fy[0] = fy; b.tau[0] = tau;
    },
    commitTangential() {},
  };
}

function body(): BodyState {
  const b = new BodyState(1);
  b.add(0.3, -0.2, 1, 2, 0.5);
  b.vx[0] = 0.1; b.vy[0] = 0.4; b.omega[0] = 1.5; b.phi[0] = 0.2;
  b.updateInverseMasses(true);
  return b;
}

const nonlinear: Force = (x, y, phi) => [-4 * x - 3 * x * x * x, -2 * y, -0.8 * Math.sin(phi)];

function runMember(id: 'cdm' | 'v0-110' | 'gssss', steps: number, dt: number, parameters?: GssssParameters): BodyState {
  const b = body();
  const w = driver(b, dt, nonlinear);
  const p = parameters ?? GSSSS_PRESETS[id === 'gssss' ? 'cdm' : id].parameters;
  const g = new GssssIntegrator(id, p, id);
  g.init(w);
  for (let s = 0; s < steps; s++) { g.step(w); w.t += dt; }
  return b;
}

const STEPS = 2000, DT = 0.01;
const accel = (x: number, y: number, phi: number): [number, number, number] => {
  const [fx, fy, tau] = nonlinear(x, y, phi, 0);
  return [fx / 2, fy / 2, tau / 0.5];
};

describe('GSSSS members against hand-written Verlet loops (docs/model.md#named-members)', () => {
  it('cdm = U0(1,1,0), η = 1 is velocity Verlet to 1e-13 after 2000 steps', () => {
    const b = runMember('cdm', STEPS, DT);
    let q = [0.3, -0.2, 0.2], v = [0.1, 0.4, 1.5], a = accel(q[0], q[1], q[2]);
    for (let s = 0; s < STEPS; s++) {
      q = q.map((qi, c) => qi + DT * v[c] + 0.5 * DT * DT * a[c]);
      const an = accel(q[0], q[1], q[2]);
      v = v.map((vi, c) => vi + 0.5 * DT * (a[c] + an[c]));
      a = an;
    }
    // v_{n+1} = v_n + Δt a_n + ½Δt(a* − a_n) vs v_n + ½Δt(a_n + a*): the same number up to rounding.
    const got = [b.x[0], b.y[0], b.phi[0], b.vx[0], b.vy[0], b.omega[0]];
    [...q, ...v].forEach((want, k) => expect(Math.abs(got[k] - want)).toBeLessThan(1e-13));
  });

  it('V0(1,1,0) is position Verlet (drift–kick–drift) to 1e-13', () => {
    const b = runMember('v0-110', STEPS, DT);
    let q = [0.3, -0.2, 0.2], v = [0.1, 0.4, 1.5];
    for (let s = 0; s < STEPS; s++) {
      const half = q.map((qi, c) => qi + 0.5 * DT * v[c]);
      const a = accel(half[0], half[1], half[2]);
      v = v.map((vi, c) => vi + DT * a[c]);
      q = half.map((h, c) => h + 0.5 * DT * v[c]);
    }
    const got = [b.x[0], b.y[0], b.phi[0], b.vx[0], b.vy[0], b.omega[0]];
    [...q, ...v].forEach((want, k) => expect(Math.abs(got[k] - want)).toBeLessThan(1e-13));
  });

  it("the general member 'gssss' with its defaults U0(1,1,0; η=1) reproduces cdm bit for bit", () => {
    const defaults = { gssssFamily: 'U0', rhoMin: 1, rhoMax: 1, rhoS: 0, eta: 1 } as const;
    const general = INTEGRATORS.gssss.create({ ...defaults } as never) as GssssIntegrator;
    const b1 = runMember('gssss', 500, DT, general.parameters), b2 = runMember('cdm', 500, DT);
    expect([b1.x[0], b1.vx[0], b1.phi[0], b1.omega[0]]).toEqual([b2.x[0], b2.vx[0], b2.phi[0], b2.omega[0]]);
  });
});

// Damped oscillator m = 1, k = (2π)², ζ = 0.1, x(0) = 1, v(0) = 0, T = 3 (docs/model.md#named-members check).
const W = 2 * Math.PI, ZETA = 0.1, T = 3;
const WD = W * Math.sqrt(1 - ZETA * ZETA);
function exact(t: number): [number, number, number] {
  const e = Math.exp(-ZETA * W * t), c = Math.cos(WD * t), s = Math.sin(WD * t), r = (ZETA * W) / WD;
  const x = e * (c + r * s);
  const v = -e * (W * W / WD) * s;
  return [x, v, -W * W * x - 2 * ZETA * W * v];
}

const SAMPLES = 40;

/**
 * Maximum errors over SAMPLES equally spaced times in (0, T] of x, v, of the stored a_n against
 * q̈(t_n − φΔt), and of a_n against q̈(t_n) (a single time can sit where an error curve crosses zero).
 */
function oscillator(parameters: GssssParameters, steps: number): { x: number; v: number; aShifted: number; aUnshifted: number; phi: number } {
  const dt = T / steps;
  const b = new BodyState(1);
  b.add(1, 0, 1, 1, 1);
  b.flags[0] = LOCK_Y | LOCK_ROT;
  b.updateInverseMasses(true);
  const w: StepDriver & { t: number } = {
    bodies: b, dt, t: 0, stepCount: 0, velocityDependentForces: true, pool: null, wasm: null,
    computeForces() { b.fx[0] = -W * W * b.ex[0] - 2 * ZETA * W * b.evx[0]; b.fy[0] = 0; b.tau[0] = 0; },
    commitTangential() {},
  };
  const g = new GssssIntegrator('gssss', parameters, '');
  const phi = g.accelerationShift;
  g.init(w);
  const e = { x: 0, v: 0, aShifted: 0, aUnshifted: 0, phi };
  for (let s = 1; s <= steps; s++) {
    g.step(w);
    w.t = s * dt;
    if ((s * SAMPLES) % steps !== 0) continue;
    const [x, v, a] = exact(w.t);
    e.x = Math.max(e.x, Math.abs(b.x[0] - x));
    e.v = Math.max(e.v, Math.abs(b.vx[0] - v));
    e.aUnshifted = Math.max(e.aUnshifted, Math.abs(b.ax[0] - a));
    e.aShifted = Math.max(e.aShifted, Math.abs(b.ax[0] - exact(w.t - phi * dt)[2]));
  }
  return e;
}

const MEMBERS: Record<string, GssssParameters> = {
  ...Object.fromEntries(Object.entries(GSSSS_PRESETS).map(([k, p]) => [k, p.parameters])),
  'U0(0.5,0.8,0.2)': { family: 'U0', rhoMin: 0.5, rhoMax: 0.8, rhoS: 0.2, eta: 1 },
  'V0(0.6,0.6,0; η=½)': { family: 'V0', rhoMin: 0.6, rhoMax: 0.6, rhoS: 0, eta: 0.5 },
};

describe('GSSSS order on a damped oscillator and the acceleration time shift φ (§2.3)', () => {
  for (const [name, p] of Object.entries(MEMBERS)) {
    it(`${name}: max errors of x, v at order 2 ± 0.1; a_n order 2 against q̈(t_n − φΔt), 1 against q̈(t_n) if φ ≠ 0`, () => {
      const r1 = oscillator(p, 1600), r2 = oscillator(p, 3200);
      expect(Math.abs(order(r1.x, r2.x) - 2)).toBeLessThan(0.1);
      expect(Math.abs(order(r1.v, r2.v) - 2)).toBeLessThan(0.1);
      expect(Math.abs(order(r1.aShifted, r2.aShifted) - 2)).toBeLessThan(0.1);
      // Against the unshifted time the stored acceleration is only first order (φ ≠ 0).
      if (r1.phi > 0.05) expect(Math.abs(order(r1.aUnshifted, r2.aUnshifted) - 1)).toBeLessThan(0.1);
    });
  }
});
