/**
 * Hertz contact law (paper 003 Eq. 18; docs/model.md#hertz-law) and Haff–Werner shear friction
 * (paper 003 Eq. 19; docs/model.md#haff-werner-friction).
 *
 * Head-on collision, undamped: m_r δ̈ = −k δ^{3/2}. With T = (m_r/k)^{2/5} v^{−1/5} (v the impact speed),
 * energy gives δ_max = (5 m_r v²/(4k))^{2/5} and the duration t_c = 2 ∫₀^{δmax} dδ/δ̇ = 2 (δ_max/v) ∫₀¹ dx/√(1−x^{5/2})
 * = 2 (5/4)^{2/5} · 1.47164 · T = 3.2181 T. (The "2.94 (m²/(k²v))^{1/5}" is the coefficient of δ_max/v,
 * 2 · 1.47164; in terms of T it lacks the factor (5/4)^{2/5} = 1.0934.)
 * Error order: the force k (v τ)^{3/2} switches on (and off) inside a step; missing or mis-sampling it for a
 * fraction of a step changes the momentum by at most ∫₀^{Δt} k (v τ)^{3/2} dτ = (2/5) k v^{3/2} Δt^{5/2}, i.e. a
 * relative rebound-speed error of (2/5)(Δt/T)^{5/2} at each end: order 5/2 in Δt (the linear law's is 2).
 * The interior of the contact is smooth and Gear 5 integrates it far more accurately.
 */
import { describe, expect, it } from 'vitest';
import { HERTZ_TC_COEFFICIENT, hertzCollision, hertzTimeUnit } from '../../src/core/laws/hertz-collision';
import { parseScenario, type ScenarioInput } from '../../src/core/scenarios/schema';
import { World } from '../../src/core/sim/world';
import { order, worldOf } from '../helpers';

const K = 1e7; // N/m^1.5
const MR = 0.5; // two 1 kg discs

/** Two discs approach at relative speed v; returns the rebound ratio and the contact duration. */
function collide(dtOverTc: number, v: number, gammaN: number, gap = 0.005, mass = 1) {
  const w = worldOf('head-on', 'normalLaw=hertz', `kn=${K}`, `gammaN=${gammaN}`, `dtOverTc=${dtOverTc}`, `hertzSpeed=${v}`,
    `particles.0.x=${-0.05 - gap}`, `particles.0.vx=${v / 2}`, `particles.1.vx=${-v / 2}`,
    `particles.0.m=${mass}`, `particles.1.m=${mass}`);
  const b = w.bodies;
  const overlap = () => b.radius[0] + b.radius[1] - Math.hypot(b.x[1] - b.x[0], b.y[1] - b.y[0]);
  let tStart = NaN, tEnd = NaN, prevT = w.t, prevD = overlap();
  for (let s = 0; s < 200000 && Number.isNaN(tEnd); s++) {
    w.step(1);
    const d = overlap();
    if (prevD <= 0 && d > 0) tStart = prevT + (w.t - prevT) * (-prevD / (d - prevD));
    if (prevD > 0 && d <= 0) tEnd = prevT + (w.t - prevT) * (prevD / (prevD - d));
    prevT = w.t;
    prevD = d;
  }
  w.step(3);
  return { e: (b.vx[1] - b.vx[0]) / v, duration: tEnd - tStart, tc: w.timeScales().tc, dt: w.dt, health: w.health.status };
}

describe('Hertz law, head-on collision (Gear 5)', () => {
  it('undamped: the rebound speed error falls as (Δt/t_c)^{5/2} and stays below (2/5)(Δt/T)^{5/2} per end', () => {
    const T = hertzTimeUnit(K, MR, 1), tc = HERTZ_TC_COEFFICIENT * T;
    const ladder = [25, 50, 100, 200, 400];
    const errors = ladder.map((N) => {
      let worst = 0; // over 8 phases of the first touch within a step
      for (let p = 0; p < 8; p++) {
        const r = collide(1 / N, 1, 0, 0.005 + ((p / 8) * tc) / N);
        expect(r.health).toBe('ok');
        worst = Math.max(worst, Math.abs(r.e - 1));
      }
      const bound = 2 * 0.4 * Math.pow(tc / N / T, 2.5);
      expect(worst).toBeLessThan(bound);
      return worst;
    });
    for (let k = 1; k < ladder.length; k++) {
      const o = order(errors[k - 1], errors[k]);
      expect(o).toBeGreaterThan(2.2);
      expect(o).toBeLessThan(2.8);
    }
    expect(errors[3]).toBeLessThan(1e-5); // t_c/200
  });

  it('undamped: kinetic + (2/5) k δ^{5/2} stays constant through the contact (the diagnostics use the Hertz energy)', () => {
    const w = worldOf('head-on', 'normalLaw=hertz', `kn=${K}`, 'gammaN=0', 'dtOverTc=0.005', 'hertzSpeed=1');
    const e0 = w.diagnostics().ek;
    let worst = 0, peakElastic = 0;
    for (let s = 0; s < 1200; s++) {
      w.step(1);
      const d = w.diagnostics();
      peakElastic = Math.max(peakElastic, d.eElastic);
      worst = Math.max(worst, Math.abs(d.ek + d.eElastic - e0) / e0);
    }
    expect(peakElastic / e0).toBeGreaterThan(0.99); // the whole energy passes through the spring at the turn
    expect(worst).toBeLessThan(1e-5);
  });

  it('undamped: the contact lasts 3.2181 (m_r/k)^{2/5} v^{−1/5} within 0.5 %, at three impact speeds', () => {
    for (const v of [0.1, 1, 5]) {
      const r = collide(1 / 200, v, 0);
      const analytic = HERTZ_TC_COEFFICIENT * hertzTimeUnit(K, MR, v);
      expect(Math.abs(r.duration / analytic - 1)).toBeLessThan(0.005);
      expect(r.tc / analytic).toBeCloseTo(1, 9); // the world quotes t_c at hertzSpeed
    }
  });

  it('with γ_N the restitution depends on the impact speed as the Hertz–dashpot law predicts', () => {
    // The law's prediction: e = e(g) with g = γ_N T, T ∝ v^{−1/5}; e from an independent RK4 solution of the
    // dimensionless collision. Faster impacts are less damped. The dashpot force γ_N m_r v jumps on at the
    // touch (and the attractive end at the release) inside a step: a first-order error of at most ½ γ_N Δt
    // in e at each end, so the bound is γ_N Δt (3e-3 at v = 0.1 m/s).
    const es: number[] = [];
    for (const v of [0.1, 1, 10]) {
      const r = collide(1 / 200, v, 100);
      const predicted = hertzCollision(K, MR, v, 100).e;
      expect(Math.abs(r.e - predicted)).toBeLessThan(100 * r.dt);
      es.push(r.e);
    }
    expect(es[0]).toBeLessThan(es[1]);
    expect(es[1]).toBeLessThan(es[2]);
    expect(es[0]).toBeGreaterThan(0.5); // and a real spread: 0.70, 0.80, 0.87
    expect(es[2] - es[0]).toBeGreaterThan(0.1);
    // Scaling: the same g at a tenth of the mass and a hundredth of the speed gives the same e.
    const scaled = collide(1 / 200, 0.01, 100, 0.005, 0.1);
    expect(Math.abs(scaled.e - es[1])).toBeLessThan(100 * scaled.dt);
  });
});

/** A disc of mass m sliding on a floor (linear normal law, settled at its static overlap), Haff–Werner friction. */
function slider(rotation: boolean, gammaS: number, v0: number, tangential: 'haff-werner' | 'cundall' | 'geometric' = 'haff-werner', hertz = false) {
  const r = 0.01, m = 0.01, kn = 1e5, g = 9.81;
  const settled = hertz ? Math.pow((m * g) / kn, 2 / 3) : (m * g) / kn;
  const input: ScenarioInput = {
    name: 'slider',
    material: { kn, en: 0.3, mu: 0.5, gammaS, normalLaw: hertz ? 'hertz' : 'linear', gammaN: 200, hertzSpeed: 0.1, capMode: 'total' },
    solver: { integrator: 'gear5', tangential, dtOverTc: 0.01, rotation },
    gravity: [0, -g],
    walls: [{ type: 'line', point: [0, 0], normal: [0, 1] }],
    particles: [{ x: 0, y: r - settled, r, m, vx: v0 }],
  };
  return new World(parseScenario(input));
}

describe('Haff–Werner shear friction: a disc sliding on a floor', () => {
  const g = 9.81, mu = 0.5, r = 0.01;
  // Slip s = v_x + ω a obeys ds/dt = −c f/m with c = 1 (no rotation) or 1 + m a²/I = 3 (a uniform disc):
  // Coulomb while γ_S m s > μ m g, i.e. s(t) = s₀ − c μ g t down to s* = μ g/γ_S at t₁ = (s₀ − s*)/(c μ g);
  // then viscous, s = s* exp(−c γ_S (t − t₁)).
  for (const rotation of [false, true]) {
    it(`${rotation ? 'rolling allowed' : 'no rotation'}: linear Coulomb decay, then exponential viscous decay`, () => {
      const gammaS = 50, v0 = 1, c = rotation ? 3 : 1;
      const w = slider(rotation, gammaS, v0);
      const sStar = (mu * g) / gammaS, t1 = (v0 - sStar) / (c * mu * g);
      const slip = () => w.bodies.vx[0] + w.bodies.omega[0] * r;
      const expected = (t: number) => (t < t1 ? v0 - c * mu * g * t : sStar * Math.exp(-c * gammaS * (t - t1)));
      let checked = 0;
      for (const f of [0.25, 0.5, 0.9, 1.2, 1.6, 2.5]) {
        const t = f * t1 + (f > 1 ? (f - 1) * 0.1 / (c * gammaS) : 0);
        while (w.t < t) w.step(1);
        const s = slip(), e = expected(w.t);
        // relative 1 %, or 1e-3 of s* (the normal force settles within ~t_c of the start)
        expect(Math.abs(s - e)).toBeLessThan(Math.max(0.01 * e, 1e-3 * sStar));
        checked++;
      }
      expect(checked).toBe(6);
      expect(w.health.status).toBe('ok');
    });
  }

  it('a contact at rest carries no tangential force (no static friction)', () => {
    const w = slider(false, 50, 0);
    w.step(2000);
    expect(w.contacts.count).toBe(1);
    expect(Math.abs(w.contacts.ft[0])).toBeLessThan(1e-12);
  });

  for (const tangential of ['cundall', 'geometric'] as const) {
    it(`Hertz normal force with the ${tangential} spring: the cap reads k_N δ^{3/2}, sliding decelerates at μ g`, () => {
      const w = slider(false, 0, 1, tangential, true);
      w.step(1);
      const c = w.contacts, delta = c.delta[0];
      expect(c.fe[0]).toBeCloseTo(1e5 * Math.pow(delta, 1.5), 12);
      const t = 0.1;
      while (w.t < t) w.step(1);
      expect(Math.abs(w.bodies.vx[0] - (1 - mu * g * w.t))).toBeLessThan(5e-3);
      expect(w.health.status).toBe('ok');
    });
  }
});
