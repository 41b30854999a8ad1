/**
 * The shape-generic contact pipeline (issue 13 step 1): one contact record with lever arms in the
 * contact frame, read by the force scatter and the relative-velocity pass; the contact-law registry;
 * the declared history slots. Lever arms here are general (r_t ≠ 0, as a polygon contact will have),
 * so these check the generic formulas against plain vector mechanics, not the disc special case.
 */
import { describe, expect, it } from 'vitest';
import { WallSet } from '../../src/core/boundaries/walls';
import { contactVelocities } from '../../src/core/contacts/contact-velocity';
import { scatterForces } from '../../src/core/contacts/scatter-forces';
import { CD_HISTORY } from '../../src/core/integrators/contact-dynamics';
import { dashpots } from '../../src/core/laws/dashpot';
import { materialCoefficients } from '../../src/core/config/material-coefficients';
import { CONTACT_LAWS } from '../../src/core/laws/registry';
import { BodyState } from '../../src/core/state/body-state';
import { ContactList } from '../../src/core/state/contact-list';
import { historyClash } from '../../src/core/state/history-slots';
import { TANGENTIAL_SCHEMES } from '../../src/core/tangential/registry';
import { World } from '../../src/core/sim/world';
import { benchPile } from '../../src/cli/bench';
import { builtIn } from '../helpers';

const cross = (ax: number, ay: number, bx: number, by: number) => ax * by - ay * bx;

/** Two free bodies and one contact with the given normal angle and lever arms (world vectors). */
function oneContact(angle: number, ri: [number, number], rj: [number, number]) {
  const b = new BodyState(2);
  b.add(0, 0, 1, 2, 0.5);
  b.add(1, 0.3, 1, 3, 0.7);
  b.evx.set([0.4, -0.2]); b.evy.set([-0.1, 0.6]); b.eomega.set([1.7, -2.3]);
  const c = new ContactList(1);
  c.count = 1;
  const nx = Math.cos(angle), ny = Math.sin(angle), tx = -ny, ty = nx;
  c.i[0] = 0; c.j[0] = 1; c.nx[0] = nx; c.ny[0] = ny; c.lc[0] = 1;
  c.rin[0] = ri[0] * nx + ri[1] * ny; c.rit[0] = ri[0] * tx + ri[1] * ty;
  c.rjn[0] = rj[0] * nx + rj[1] * ny; c.rjt[0] = rj[0] * tx + rj[1] * ty;
  return { b, c, nx, ny, tx, ty };
}

describe('contact record with lever arms', () => {
  const ri: [number, number] = [0.31, -0.77], rj: [number, number] = [-0.52, 0.18];

  it('the scatter gives F on j, −F on i and torques r × F from the lever arms', () => {
    const { b, c, nx, ny, tx, ty } = oneContact(0.9, ri, rj);
    c.fn[0] = 3.2; c.ft[0] = -1.1;
    const stats = { maxOverlapRatio: 0, wallPower: 0 };
    scatterForces(c, b, new WallSet(), stats);
    const Fx = 3.2 * nx - 1.1 * tx, Fy = 3.2 * ny - 1.1 * ty;
    expect(b.fx[1]).toBeCloseTo(Fx, 14); expect(b.fy[1]).toBeCloseTo(Fy, 14);
    expect(b.fx[0]).toBeCloseTo(-Fx, 14); expect(b.fy[0]).toBeCloseTo(-Fy, 14);
    expect(b.tau[1]).toBeCloseTo(cross(rj[0], rj[1], Fx, Fy), 14);
    expect(b.tau[0]).toBeCloseTo(cross(ri[0], ri[1], -Fx, -Fy), 14);
  });

  it('u_n, u_t are the relative velocity of the two material points at the contact', () => {
    const { b, c, nx, ny, tx, ty } = oneContact(-2.1, ri, rj);
    contactVelocities(c, b, new WallSet());
    // v_k + ω_k ẑ × r_k at each body's contact point
    const vix = b.evx[0] - b.eomega[0] * ri[1], viy = b.evy[0] + b.eomega[0] * ri[0];
    const vjx = b.evx[1] - b.eomega[1] * rj[1], vjy = b.evy[1] + b.eomega[1] * rj[0];
    expect(c.un[0]).toBeCloseTo((vjx - vix) * nx + (vjy - viy) * ny, 14);
    expect(c.ut[0]).toBeCloseTo((vjx - vix) * tx + (vjy - viy) * ty, 14);
    expect(c.mr[0]).toBeCloseTo(6 / 5, 14);
  });

  it('no power is lost in the transfer: F·u = Σ (F·v + τ ω) over the two bodies', () => {
    const { b, c } = oneContact(0.4, ri, rj);
    contactVelocities(c, b, new WallSet());
    c.fn[0] = 2.5; c.ft[0] = 0.8;
    scatterForces(c, b, new WallSet(), { maxOverlapRatio: 0, wallPower: 0 });
    let power = 0;
    for (let k = 0; k < 2; k++) power += b.fx[k] * b.evx[k] + b.fy[k] * b.evy[k] + b.tau[k] * b.eomega[k];
    expect(power).toBeCloseTo(2.5 * c.un[0] + 0.8 * c.ut[0], 13);
  });
});

describe('contact-law registry', () => {
  for (const law of CONTACT_LAWS) {
    it(`${law.id}: F = −dU/dδ (central difference, where U exists) and the batched force equals the scalar kernel`, () => {
      // the law's own material (its own constants at their defaults); a law no normalLaw names, the default law's
      const named = law.choice ? [`normalLaw=${law.id}`] : [];
      const m = materialCoefficients(new World(builtIn('head-on', 'kn=2e5', ...named)).params);
      const lc = 0.02;
      // and inside its range beyond contact, where it has one
      for (const d of [1e-5, 3e-4, 2e-3, ...(m.range > 0 ? [-0.3 * m.range, -0.8 * m.range] : [])]) {
        if (law.energy) {
          const h = 1e-4 * d;
          const dU = (law.energy(d + h, lc, m, lc, 2 * lc) - law.energy(d - h, lc, m, lc, 2 * lc)) / (2 * h);
          expect(Math.abs(dU / law.elasticForce(d, lc, m, lc, 2 * lc) - 1)).toBeLessThan(1e-8);
        }
        // two discs of radii lc and 2 lc (the lever arms a_i n, −a_j n)
        const c = new ContactList(1);
        c.count = 1; c.law[0] = law.index; c.delta[0] = d; c.lc[0] = lc; c.mr[0] = 0.05; c.un[0] = -0.3; c.rin[0] = lc; c.rjn[0] = -2 * lc;
        dashpots(c, m);
        for (const other of CONTACT_LAWS) other.normalForces(c, m); // only its own law acts on the contact
        expect(c.fe[0]).toBe(law.elasticForce(d, lc, m, lc, 2 * lc));
        expect(c.fn[0]).toBeCloseTo(c.fe[0] + c.gn[0] * 0.3, 9);
      }
    });
  }
});

describe('declared history slots', () => {
  it('every tangential scheme and the contact-dynamics solver fit beside the contact laws', () => {
    for (const scheme of Object.values(TANGENTIAL_SCHEMES)) expect(historyClash([...CONTACT_LAWS, scheme])).toBeNull();
    expect(historyClash([...CONTACT_LAWS, { id: 'contact-dynamics', history: CD_HISTORY }])).toBeNull();
  });

  it('a slot claimed twice is refused with both names', () => {
    expect(historyClash([TANGENTIAL_SCHEMES['geometric-paper'], { id: 'contact-dynamics', history: CD_HISTORY }]))
      .toBe("history slot 'h0' is claimed by both 'geometric-paper' and 'contact-dynamics'");
  });

  it('history follows each contact: by its pair slot while the neighbour list is reused, by key after a rebuild or a wall', () => {
    const w = benchPile(400); // a lattice pile, in contact from the start, settling
    let bySlot = 0, checked = 0, fresh = 0;
    const wrong: string[] = [];
    for (let s = 0; s < 400; s++) {
      w.step(1);
      const c = w.contacts, prev = w.pipeline.previous;
      if (c.pairStamp >= 0 && c.pairStamp === prev.pairStamp) bySlot++;
      for (let k = 0; k < c.count; k++) {
        const q = c.prevIndex[k];
        const same = (r: number) => prev.i[r] === c.i[k] && prev.j[r] === c.j[k] && prev.feature[r] === c.feature[k];
        if (q >= 0 ? !same(q) : prev.i.subarray(0, prev.count).some((_, r) => same(r))) wrong.push(`step ${s}: contact ${c.i[k]}–${c.j[k]} → ${q}`);
        if (q < 0) fresh++;
        checked++;
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(100_000);
    expect(fresh).toBeGreaterThan(0);
    expect(bySlot).toBeGreaterThan(300); // the list is rebuilt every ~20 steps here
    expect(bySlot).toBeLessThan(400);
  });
});
