/**
 * The energy ledger (issue 11, item 2): what the normal dashpots, the tangential dashpots and Coulomb sliding
 * dissipated, and the residual E_now − E_start − W_in + dissipated — the energy the account cannot explain.
 * Physics checks against closed forms, then the lecture's point: the residual of the Cundall spring.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenarios/schema';
import { World } from '../../src/core/sim/world';
import { worldOf } from '../helpers';

describe('energy ledger', () => {
  it('head-on at εn = 0.5: the normal dashpot dissipated exactly the kinetic energy lost (1 − εn²)', () => {
    const w = worldOf('head-on', 'en=0.5');
    const ek0 = w.diagnostics().ek;
    w.step(400);
    const d = w.diagnostics();
    expect(d.contacts).toBe(0); // apart again
    expect(Math.abs(d.dissipatedNormal / (ek0 - d.ek) - 1)).toBeLessThan(1e-3);
    expect(Math.abs(d.energyResidual) / ek0).toBeLessThan(1e-3);
    expect(d.dissipatedTangential).toBe(0);
    expect(d.dissipatedSlip).toBe(0);
  });

  it('a disc sliding on a floor: Coulomb sliding dissipated μ m g × the distance slid', () => {
    const m = 0.01, g = 9.81, mu = 0.5;
    const w = new World(parseScenario({
      name: 'slider', material: { kn: 1e5, en: 0.3, mu }, solver: { rotation: false }, gravity: [0, -g],
      walls: [{ type: 'line', point: [0, 0], normal: [0, 1] }], particles: [{ x: 0, y: 0.01 - (m * g) / 1e5, r: 0.01, m, vx: 1 }],
    }));
    w.step(4000); // still sliding (it stops after 1/(μ g) ≈ 0.2 s)
    const d = w.diagnostics();
    expect(w.bodies.vx[0]).toBeGreaterThan(0.1);
    expect(Math.abs(d.dissipatedSlip / (mu * m * g * w.bodies.x[0]) - 1)).toBeLessThan(1e-3);
    expect(Math.abs(d.energyResidual) / (0.5 * m)).toBeLessThan(1e-4);
  });

  it('an elastic gas: nothing dissipated, the residual is the integrator\'s energy error (< 1e-3)', () => {
    const w = worldOf('elastic-gas');
    const e0 = w.diagnostics().ek;
    w.step(20000);
    const d = w.diagnostics();
    expect(d.dissipatedNormal + d.dissipatedTangential + d.dissipatedSlip).toBe(0);
    expect(Math.abs(d.energyResidual) / e0).toBeLessThan(1e-3);
  });

  it('two-disc relaxation: the geometric spring closes the account, the Cundall spring does not', () => {
    const residual = (tangential: string, dtOverTc: number) => {
      const w = worldOf('two-disc', `tangential=${tangential}`, `dtOverTc=${dtOverTc}`);
      w.step(Math.round(20 / dtOverTc)); // 20 tc
      const d = w.diagnostics();
      return Math.abs(d.energyResidual) / (d.dissipatedNormal + d.dissipatedTangential);
    };
    // |residual| over the energy dissipated, measured: Cundall 6.3 and 0.85 at Δt = 0.1 and 0.01 tc (it destroys
    // energy the dashpots never took: its spring is not the displacement), geometric 0.010 and 2.4e-4
    expect(residual('cundall', 0.1)).toBeGreaterThan(1);
    expect(residual('cundall', 0.01)).toBeGreaterThan(0.2);
    expect(residual('geometric', 0.1)).toBeLessThan(0.02);
    expect(residual('geometric', 0.01)).toBeLessThan(1e-3);
  });
});

/**
 * A bound for the residual of a consistent scheme (central difference + the consistent spring): each contact's
 * dashpot switches on and off inside a step, so its first and last steps mis-count the dashpot's work by up to
 * a step's worth of its peak power, about (π/2) D_c/t_c each: at most π (Δt/t_c) of all that was dissipated;
 * and central difference's discrete energy swings by (ωΔt)²/4 of the energy in the contacts, at most the energy
 * supplied (start + gravity + walls).
 */
describe('energy ledger: the residual of a consistent scheme stays within its bound; the traditional update breaks it', () => {
  /** `betweenContacts`: judge only the samples with no contact (the account after each bounce) */
  const worstResidual = (scene: string, sets: string[], steps: number, betweenContacts = false) => {
    const w = worldOf(scene, ...sets);
    const start = w.diagnostics();
    let worst = 0, ratio = 0;
    const chunk = Math.max(1, Math.floor(steps / 200));
    for (let s = 0; s < steps && w.health.status === 'ok'; s += chunk) {
      w.step(chunk);
      if (w.health.status !== 'ok') break;
      const d = w.diagnostics();
      if (betweenContacts && d.contacts > 0) continue;
      const dissipated = d.dissipatedNormal + d.dissipatedTangential + d.dissipatedSlip;
      const supplied = start.ek + start.eElastic + Math.max(0, start.ePotential - d.ePotential) + Math.abs(d.workIn);
      const omegaDt = Math.PI * d.dtOverTc;
      const bound = Math.PI * d.dtOverTc * dissipated + (omegaDt * omegaDt / 4) * supplied;
      worst = Math.max(worst, Math.abs(d.energyResidual));
      ratio = Math.max(ratio, Math.abs(d.energyResidual) / bound);
    }
    return { worst, ratio, status: w.health.status };
  };
  // measured worst |residual| / bound: case-ii-drop 0.41 after each bounce, the pile 0.5, case-i at 0.13 tc 0.02;
  // traditional 41. Known limits of the ledger: during a contact the dashpot and sliding powers are sampled at the
  // evaluation velocity, so mid-contact the residual swings by O(Δt) (case-ii-drop: up to 2.2 of the bound, back
  // within it once the bounce ends); and when its disc ends its slide (t ≈ 1.3 s) the contact chatters between
  // stick and slip and the sliding power mis-counts: 1.2 of the bound for good. docs/user-guide.md#the-energy-ledger.
  it('case-ii-drop, cdm + consistent, after each of its bounces (t < 1.2 s)', () => {
    const r = worstResidual('case-ii-drop', ['integrator=cdm', 'tangential=consistent'], 12000, true);
    expect(r.status).toBe('ok');
    expect(r.ratio).toBeLessThan(1);
  });
  it('the pile, cdm + consistent', () => {
    const r = worstResidual('pile', ['integrator=cdm', 'tangential=consistent'], 20000);
    expect(r.status).toBe('ok');
    expect(r.ratio).toBeLessThan(1);
  });
  it('case-i at Δt = 0.13 tc: consistent within the bound, traditional far outside before it diverges', () => {
    expect(worstResidual('case-i', ['integrator=cdm', 'tangential=consistent', 'dtOverTc=0.13'], 6000).ratio).toBeLessThan(1);
    expect(worstResidual('case-i', ['integrator=cdm', 'tangential=traditional', 'dtOverTc=0.13'], 6000).ratio).toBeGreaterThan(10);
  });
});
