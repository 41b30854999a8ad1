/**
 * The fused disc pass (contacts/disc-force-pass.ts) is an optimisation, not a model: a discs-only,
 * linear-law, Cundall run must give the stage-by-stage pipeline's numbers bit for bit — bodies, the
 * whole contact record (the columns it writes lean are completed when the record is read) and the energy
 * account — with walls, across a periodic seam, in both Coulomb cap modes, clamped, for Gear and for
 * central difference, and when the run switches to another scheme (which takes the staged pipeline
 * and reads last step's record).
 */
import { describe, expect, it } from 'vitest';
import { ELASTIC } from '../../src/core/contacts/disc-force-pass';
import type { World } from '../../src/core/sim/world';
import { worldOf } from '../helpers';
import { differences } from './world-differences';

/** 160 discs dropped close to the floor, a step of 0.05 t_c: a pile forms within 4000 steps */
const DENSE = ['generators.0.count=160', 'generators.0.region=[0.005,0.008,0.395,0.2]', 'dtOverTc=0.05'];
const FLOOR_ONLY = 'walls=[{"type":"line","point":[0,0],"normal":[0,1]}]';

function pair(sets: string[]): [World, World] {
  const fused = worldOf('pile', ...DENSE, 'tangential=cundall', ...sets);
  const staged = worldOf('pile', ...DENSE, 'tangential=cundall', ...sets);
  staged.pipeline.fuse = false;
  return [fused, staged];
}

describe('the fused disc pass gives the staged pipeline’s bits', () => {
  const cases: Record<string, string[]> = {
    'Gear 5, walls, total cap': [],
    'cdm, walls, total cap': ['integrator=cdm'],
    'cdm, elastic cap, clamped normal force': ['integrator=cdm', 'capMode=elastic', 'clampNormal=true'],
    'Gear 3, no rotation': ['integrator=gear3', 'rotation=false'],
    'cdm, periodic seam, floor only': ['integrator=cdm', FLOOR_ONLY, 'domain.periodicX=[0,0.4]', 'gravityX=4'],
  };
  for (const [name, sets] of Object.entries(cases)) {
    it(name, () => {
      const [fused, staged] = pair(sets);
      let contacts = 0;
      for (let batch = 0; batch < 10; batch++) {
        fused.step(500);
        staged.step(500);
        expect(differences(fused, staged)).toEqual([]);
        contacts = Math.max(contacts, fused.contacts.count);
      }
      expect(fused.health.status).toBe('ok');
      expect(contacts).toBeGreaterThan(100); // a pile, not a gas: the pass did the work
    });
  }

  it('hands over to another scheme mid-run (which reads the last record’s contact points and lever arms)', () => {
    const [fused, staged] = pair(['integrator=gear5']);
    fused.step(4000);
    staged.step(4000);
    expect(fused.contacts.count).toBeGreaterThan(50); // discs in contact when the scheme changes
    for (const w of [fused, staged]) w.setParams({ tangential: 'geometric' });
    fused.step(300);
    staged.step(300);
    expect(differences(fused, staged)).toEqual([]);
    for (const w of [fused, staged]) w.setParams({ tangential: 'cundall' });
    fused.step(300);
    staged.step(300);
    expect(differences(fused, staged)).toEqual([]);
    expect(fused.health.status).toBe('ok');
  });

  it('stepped one step at a time, read now and then, and changed before anyone reads the record: still the staged bits', () => {
    // the page steps a large scene one step per call: the record is completed only when read, from the
    // evaluation state and the material of the pass that made it, also when μ, k_n or a dragged body's
    // mass change before the first read
    const [fused, staged] = pair(['integrator=cdm']);
    fused.step(4000);
    staged.step(4000);
    for (let s = 0; s < 300; s++) {
      fused.step(1);
      staged.step(1);
      if (s % 97 === 0) expect(differences(fused, staged)).toEqual([]);
    }
    expect(fused.contacts.count).toBeGreaterThan(50);
    for (const [patch, drag] of [[{ mu: 0.2 }, false], [{ kn: 2e5 }, false], [{}, true]] as const) {
      fused.step(1);
      staged.step(1);
      const held = staged.contacts.j[0]; // a disc in contact (the staged record is always whole: reading it changes nothing)
      for (const w of [fused, staged]) {
        if (drag) w.moveBody(held, w.bodies.x[held], w.bodies.y[held] + 1e-4, 0, 0);
        else w.setParams(patch);
      }
      expect(differences(fused, staged)).toEqual([]);
    }
  });

  it('sums the elastic energy the divergence check reads as the record has it: Σ ½k_n δ² + ½k_t ξ²', () => {
    const [fused] = pair(['integrator=cdm']);
    fused.step(4000);
    const c = fused.contacts, m = fused.material();
    expect(c.count).toBeGreaterThan(50);
    let e = 0;
    for (let k = 0; k < c.count; k++) {
      e += 0.5 * m.kn * c.delta[k] * c.delta[k];
      e += 0.5 * m.kt * c.xi[k] * c.xi[k];
    }
    expect(fused.pipeline.passSums[ELASTIC]).toBe(e);
  });
});
