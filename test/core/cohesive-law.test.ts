/**
 * The cohesive law (docs/model.md#cohesive-law): a linear spring–dashpot with a linear adhesive pull f_a that
 * falls to zero over δ_c = f_a/k_c beyond contact. Two discs of 1 kg and radius 0.05 m (head-on), kn = 10⁵ N/m,
 * f_a = 10 N, k_c = 10⁴ N/m: δ_c = 1 mm, the bond rests at the overlap f_a/k_n = 0.1 mm, and its energy there is
 * U_min = −f_a²/(2k_n) − ½ f_a δ_c = −5.5 mJ, so with εn = 1 two bonded discs part when ½ m_r v² > |U_min|
 * (v* = 0.14832 m/s). The wet-column scene stands where the same grains, dry, collapse.
 */
import { describe, expect, it } from 'vitest';
import { exportLammps } from '../../src/cli/lammps-export';
import { cohesiveLaw } from '../../src/core/laws/cohesive';
import { CONTACT_LAWS } from '../../src/core/laws/registry';
import { loadScenario } from '../../src/cli/load-scenario';
import { World } from '../../src/core/sim/world';
import { worldOf } from '../helpers';

const KN = 1e5, FA = 10, KC = 1e4, RANGE = FA / KC, MR = 0.5;
const U_MIN = -(FA * FA) / (2 * KN) - 0.5 * FA * RANGE;

/** Two head-on discs at overlap δ (negative: a gap), moving apart at relative speed v */
function pair(delta: number, v: number, ...sets: string[]): World {
  const half = 0.05 - delta / 2;
  return worldOf('head-on', 'normalLaw=cohesive', `kn=${KN}`, `cohesion=${FA}`, `kcOverKn=${KC / KN}`, 'mu=0',
    `particles.0.x=${-half}`, `particles.1.x=${half}`, `particles.0.vx=${-v / 2}`, `particles.1.vx=${v / 2}`, ...sets);
}
const overlap = (w: World) => w.bodies.radius[0] + w.bodies.radius[1] - (w.bodies.x[1] - w.bodies.x[0]);

describe('the cohesive law', () => {
  it('is one row of the registry; its own constants and its range come from its parameters, not the shared bag', () => {
    expect(CONTACT_LAWS[cohesiveLaw.index]).toBe(cohesiveLaw);
    const w = pair(0, 0);
    expect(w.material().own).toEqual({ fa: FA, kc: KC, range: RANGE });
    expect(w.material().range).toBe(RANGE);
    w.setParams({ cohesion: 2 * FA });
    expect(w.material().range).toBe(2 * RANGE);
    expect(worldOf('head-on').material()).toMatchObject({ range: 0, own: {} });
  });

  it('pulls two discs together from inside its range (the neighbour search and the colliders see the gap) and the bond rests at δ = f_a/k_n', () => {
    const w = pair(-0.5 * RANGE, 0, 'duration=2');
    w.step(1);
    expect(w.pipeline.record.count).toBe(1);
    expect(w.pipeline.record.delta[0]).toBeLessThan(0);
    expect(w.bodies.vx[1] - w.bodies.vx[0]).toBeLessThan(0); // they approach
    // the account's elastic energy is the law's, inside the well: −½ k_c (δ + δ_c)², about −1.25 mJ here
    expect(w.diagnostics().eElasticNormal).toBeCloseTo(-0.5 * KC * (overlap(w) + RANGE) ** 2, 12);
    expect(w.diagnostics().eElasticNormal).toBeCloseTo(-0.5 * KC * (0.5 * RANGE) ** 2, 6);
    while (w.t < 2) w.step(1);
    expect(overlap(w) / (FA / KN) - 1).toBeLessThan(1e-3); // εn = 0.9 damps the bond's rattle out in 2 s
    expect(overlap(w) / (FA / KN) - 1).toBeGreaterThan(-1e-3);
    // the energy account: the well's depth went into the dashpots
    const d = w.diagnostics();
    expect(d.eElasticNormal).toBeCloseTo(U_MIN, 6);
    expect(Math.abs(d.energyResidual)).toBeLessThan(1e-4 * Math.abs(U_MIN));
  });

  it('without damping, a bonded pair parts only with more kinetic energy than the well is deep (v* = √(2|U_min|/m_r))', () => {
    const vStar = Math.sqrt((2 * -U_MIN) / MR);
    for (const [factor, parts] of [[1.05, true], [0.95, false]] as const) {
      const w = pair(FA / KN, factor * vStar, 'en=1', 'dtOverTc=0.005');
      let far = false;
      for (let s = 0; s < 40000 && !far; s++) { w.step(1); far = overlap(w) < -1.5 * RANGE; }
      expect(far).toBe(parts);
      if (parts) {
        // energy conserved through the pull: the speed left is √(v² − v*²)
        const v = w.bodies.vx[1] - w.bodies.vx[0];
        expect(v / (vStar * Math.sqrt(factor * factor - 1)) - 1).toBeLessThan(1e-3);
        expect(v / (vStar * Math.sqrt(factor * factor - 1)) - 1).toBeGreaterThan(-1e-3);
      }
    }
  });

  it('is refused by the LAMMPS export, which names it', () => {
    expect(() => exportLammps(pair(0, 0), 100, 10)).toThrow("the cohesive law ('cohesive') has no LAMMPS counterpart");
  });
});

describe('the wet-column scene: wet grains stand, dry ones collapse', () => {
  // Tolerance: the column settles by its elastic overlaps only, ≈ 20 rows × (its own weight's share, ≤ 7.7 N, plus
  // the pull f_a = 5 N) / k_n ≈ 2.5 mm in 170 mm, i.e. 1.5 %; measured 1.1–1.7 % over the first second. Dry, the
  // top falls to ≈ 19 % of its height by 0.6 s (measured 0.185).
  const topAfter = (law: string, t: number) => {
    const w = new World(loadScenario('wet-column', [`normalLaw=${law}`]));
    const b = w.bodies, top = () => Math.max(...b.y.subarray(0, b.n));
    const h0 = top();
    while (w.t < t) w.step(1);
    expect(w.health.status).toBe('ok');
    return top() / h0;
  };
  it('cohesive: the top stays within 3 % of its height after 0.6 s', () => {
    expect(topAfter('cohesive', 0.6)).toBeGreaterThan(0.97);
  });
  it('linear (dry): the top has fallen below half its height after 0.6 s', () => {
    expect(topAfter('linear', 0.6)).toBeLessThan(0.5);
  });
});
