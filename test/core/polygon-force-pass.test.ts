/**
 * The fused polygon pass (contacts/polygon-force-pass.ts, wasm/assembly/area-cundall.ts) is an optimisation, not a
 * model: a polygons-only Cundall run must give the stage-by-stage pipeline's numbers bit for bit — bodies, the whole
 * contact record and the energy account — for every contact-plane definition, both Coulomb cap modes, a clamped normal
 * force, Gear and central difference, with a floor that moves (its power) and a piston (the force on it), across a
 * periodic seam, and when the run switches to another scheme (which takes the staged pipeline and reads last step's record).
 */
import { describe, expect, it } from 'vitest';
import { ELASTIC, SLIP_POWER } from '../../src/core/contacts/disc-force-pass';
import type { World } from '../../src/core/sim/world';
import { worldOf } from '../helpers';
import { differences } from './world-differences';

/** The polygon pile, 40 polygons started low under ten times the gravity (as polygon-wasm.test.ts's): contacts at once */
const DENSE = ['generators.0.count=40', 'generators.0.region=[0.005,0.005,0.395,0.15]', 'gravityY=-98.1'];
const FLOOR_ONLY = 'walls=[{"type":"line","point":[0,0],"normal":[0,1]}]';
/** A floor sliding sideways (its power counts), a piston pushing in from the left (its force counts, not its power), a right wall */
const MOVING = ['walls=[{"type":"line","point":[0,0],"normal":[0,1],"velocity":[0.05,0]},{"type":"line","point":[0,0],"normal":[1,0],"piston":true},'
  + '{"type":"line","point":[0.4,0],"normal":[-1,0]}]', 'pistonForce=100'];

function pair(sets: string[]): [World, World] {
  const fused = worldOf('polygon-pile', ...DENSE, ...sets);
  const staged = worldOf('polygon-pile', ...DENSE, ...sets);
  staged.pipeline.fuse = false;
  return [fused, staged];
}

/**
 * Steps both in batches of 200, comparing after each (the walls' forces too); returns the largest count of contacts and
 * of sliding ones seen, and how many new contacts it saw (counted every 10 steps)
 */
function run(fused: World, staged: World, batches: number): { contacts: number; fresh: number; slipping: number } {
  let contacts = 0, fresh = 0, slipping = 0;
  for (let batch = 0; batch < batches; batch++) {
    for (let s = 0; s < 20; s++) {
      fused.step(10);
      staged.step(10);
      for (let k = 0; k < fused.contacts.count; k++) fresh += fused.contacts.isNew[k];
    }
    expect(differences(fused, staged), `step ${fused.stepCount}`).toEqual([]);
    for (let w = 0; w < fused.walls.count; w++) {
      expect(Object.is(fused.walls.fx[w], staged.walls.fx[w]) && Object.is(fused.walls.fy[w], staged.walls.fy[w]), `wall ${w}'s force`).toBe(true);
    }
    expect(fused.pipeline.elasticSummed).toBe(true); // the fused pass made the record
    expect(staged.pipeline.elasticSummed).toBe(false);
    const c = fused.contacts, m = fused.material();
    contacts = Math.max(contacts, c.count);
    let s = 0;
    for (let k = 0; k < c.count; k++) {
      if (Math.abs(c.ft[k]) >= m.mu * Math.max(c.fn[k], 0) && c.ft[k] !== 0) s++; // on the Coulomb cone
    }
    slipping = Math.max(slipping, s);
  }
  return { contacts, fresh, slipping };
}

describe('the fused polygon pass gives the staged pipeline’s bits', () => {
  const cases: Record<string, string[]> = {
    'Gear 5, axial plane with hysteresis, total cap': [],
    'cdm, usual plane': ['integrator=cdm', 'plane=usual'],
    'cdm, literal-signed plane, elastic cap, clamped normal force': ['integrator=cdm', 'plane=literal-signed', 'capMode=elastic', 'clampNormal=true'],
    'Gear 3, literal-abs plane without hysteresis, γ_t from ζ_t': ['integrator=gear3', 'plane=literal-abs', 'planeHysteresis=0', 'tangentialDamping=restitution'],
    'cdm, periodic seam, floor only': ['integrator=cdm', FLOOR_ONLY, 'domain.periodicX=[0,0.4]', 'gravityX=20'],
    'cdm, a sliding floor and a piston': ['integrator=cdm', ...MOVING],
  };
  for (const [name, sets] of Object.entries(cases)) {
    it(name, () => {
      const [fused, staged] = pair(sets);
      const seen = run(fused, staged, 8);
      expect(fused.health.status).toBe('ok');
      expect(seen.contacts).toBeGreaterThan(12); // a pile, not a gas: the pass did the work
      expect(seen.fresh).toBeGreaterThan(0); // new contacts among persisting ones
      expect(seen.slipping).toBeGreaterThan(0); // contacts on the cap
      expect(fused.pipeline.passSums[SLIP_POWER]).toBeGreaterThanOrEqual(0);
    });
  }

  it('the moving floor and the piston: their power and force are the staged ones', () => {
    const [fused, staged] = pair(['integrator=cdm', ...MOVING]);
    run(fused, staged, 8);
    expect(fused.walls.ox[1]).toBeGreaterThan(0.02); // the piston moved in
    expect(fused.walls.fx[1]).toBeLessThan(0); // and the polygons push it back
    expect(fused.pipeline.scatterStats.wallPower).not.toBe(0); // the sliding floor does work
    expect(fused.pipeline.scatterStats.wallPower).toBe(staged.pipeline.scatterStats.wallPower);
  });

  it('hands over to another scheme mid-run and back', () => {
    const [fused, staged] = pair(['integrator=cdm']);
    run(fused, staged, 6);
    for (const w of [fused, staged]) w.setParams({ tangential: 'geometric' });
    fused.step(200);
    staged.step(200);
    expect(differences(fused, staged)).toEqual([]);
    expect(fused.pipeline.elasticSummed).toBe(false); // staged while the scheme is another
    for (const w of [fused, staged]) w.setParams({ tangential: 'cundall' });
    run(fused, staged, 2);
    expect(fused.health.status).toBe('ok');
  });

  it('sums the elastic energy the divergence check reads as the record has it: Σ ½ f_e d + ½ k_t ξ²', () => {
    const [fused] = pair(['integrator=cdm']);
    fused.step(1600);
    const c = fused.contacts;
    expect(c.count).toBeGreaterThan(12);
    let e = 0;
    for (let k = 0; k < c.count; k++) {
      e += 0.5 * c.fe[k] * c.depth[k];
      e += 0.5 * c.kt[k] * c.xi[k] * c.xi[k];
    }
    expect(fused.pipeline.passSums[ELASTIC]).toBe(e);
  });
});
