/**
 * The energy ledger's accounts as the CSV and the stacked chart show them (issue 11 item 2): the elastic
 * energy split into its normal and tangential springs, the supplied energy, and the hand's work booked in it.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenarios/schema';
import { World } from '../../src/core/sim/world';
import type { Diagnostics } from '../../src/core/sim/world-types';
import { worldOf } from '../helpers';

/** E_now + dissipated − (supplied + residual): zero by construction, up to round-off */
const imbalance = (d: Diagnostics) => d.ek + d.ekWalls + d.eElastic + d.ePotential
  + d.dissipatedNormal + d.dissipatedTangential + d.dissipatedSlip - d.energySupplied - d.energyResidual;

describe('energy ledger accounts', () => {
  it('case-i: the elastic energy is ½ kn δ² in the normal spring plus ½ kt ξ² in the tangential one', () => {
    const w = worldOf('case-i', 'dtOverTc=0.05');
    w.step(37); // part way through the first swing: the tangential spring is loaded
    const d = w.diagnostics();
    const kn = 1e5, kt = 0.01 * kn, delta = 1e-3, xi = w.contacts.xi[0];
    expect(d.eElasticNormal).toBeCloseTo(0.5 * kn * delta * delta, 12); // the centre is locked: δ stays 1 mm
    expect(Math.abs(d.eElasticTangential / (0.5 * kt * xi * xi) - 1)).toBeLessThan(1e-12);
    expect(d.eElasticTangential).toBeGreaterThan(1e-4);
    expect(d.eElasticNormal + d.eElasticTangential).toBe(d.eElastic);
  });

  it('the pile: the accounts add up to the supplied energy plus the residual, to round-off', () => {
    const w = worldOf('pile');
    for (let k = 0; k < 10; k++) {
      w.step(2000);
      const d = w.diagnostics();
      expect(Math.abs(imbalance(d))).toBeLessThan(1e-12 * (Math.abs(d.energySupplied) + Math.abs(d.ePotential)));
      expect(d.eElasticNormal + d.eElasticTangential).toBeCloseTo(d.eElastic, 15);
    }
    const d = w.diagnostics();
    expect(d.contacts).toBeGreaterThan(50);
    expect(d.eElasticTangential).toBeGreaterThan(0);
  });

  it('the hand\'s work is booked in the supplied energy: lift a disc 0.1 m and throw it, the residual stays small', () => {
    const m = 0.01, g = 9.81, kn = 1e5;
    const w = new World(parseScenario({
      name: 'hand', material: { kn, en: 0.3, mu: 0.5 }, solver: { integrator: 'cdm', tangential: 'consistent', rotation: false }, gravity: [0, -g],
      walls: [{ type: 'line', point: [0, 0], normal: [0, 1] }], particles: [{ x: 0, y: 0.01 - (m * g) / kn, r: 0.01, m }],
    }));
    w.step(100);
    const d0 = w.diagnostics();
    // the hand lifts it in 50 moves with steps between, as the app does (held at the cursor, zero velocity)
    const y0 = w.bodies.y[0];
    for (let k = 1; k <= 50; k++) {
      w.moveBody(0, 0, y0 + (0.1 * k) / 50, 0, 0);
      w.step(5);
    }
    w.moveBody(0, 0, y0 + 0.1, 1, 0); // let go with 1 m/s sideways
    w.releaseBody(0);
    w.step(200);
    const d = w.diagnostics();
    const handWork = m * g * 0.1 + 0.5 * m * 1;
    expect(d.contacts).toBe(0); // in flight
    expect(Math.abs((d.energySupplied - d0.energySupplied) / handWork - 1)).toBeLessThan(1e-3);
    // and it is the hand's: its own account holds all of it (no wall moves here)
    expect(Math.abs((d.workHand - d0.workHand) / handWork - 1)).toBeLessThan(1e-3);
    expect(Math.abs(d.workHand - d0.workHand - (d.workIn - d0.workIn))).toBeLessThan(1e-12 * handWork);
    // without the hand in the account the residual would be the whole handWork; the floor spring's
    // ½ m g δ (5e-7 J) goes when the disc is lifted off
    expect(Math.abs(d.energyResidual)).toBeLessThan(1e-3 * handWork);
  });

  it('a dragged disc that pushes another books the power of its contact force as the hand\'s work', () => {
    // no gravity, no friction, εn = 1: what the second disc gets (kinetic + elastic) is the hand's work through the contact
    const w = new World(parseScenario({
      name: 'push', material: { kn: 1e5, en: 1, mu: 0 }, solver: { integrator: 'cdm', tangential: 'cundall', rotation: false },
      particles: [{ x: 0, y: 0, r: 0.01, m: 0.01 }, { x: 0.025, y: 0, r: 0.01, m: 0.01 }],
    }));
    const v = 0.5, dt = w.dt, d0 = w.diagnostics();
    for (let k = 1; k <= 2000; k++) {
      w.moveBody(0, v * k * dt, 0, v, 0); // the hand moves it at v, into the other disc
      w.step(1);
    }
    const d = w.diagnostics();
    const pushed = 0.5 * 0.01 * (w.bodies.vx[1] ** 2 + w.bodies.vy[1] ** 2) + d.eElastic;
    expect(pushed).toBeGreaterThan(1e-4); // it was pushed: comparable to ½ m (2v)² = 5e-3 J
    // the hand also gave the dragged disc its own ½ m v² (moveBody books that at the first move)
    const hand = pushed + 0.5 * 0.01 * v * v;
    expect(Math.abs((d.workHand - d0.workHand) / hand - 1)).toBeLessThan(0.02);
    expect(Math.abs(d.energyResidual)).toBeLessThan(0.02 * hand);
  });

  it('no ledger for contact dynamics: the supplied energy is NaN like the residual', () => {
    const d = worldOf('cd-pile').diagnostics();
    expect(d.energySupplied).toBeNaN();
    expect(d.energyResidual).toBeNaN();
  });
});
