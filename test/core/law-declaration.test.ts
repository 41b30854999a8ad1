/**
 * A contact law is one declaration and one registry row (docs/extending.md#a-contact-law). The dummy law here —
 * a linear spring with a dashpot per unit reduced mass, f_n = k_D δ − γ_D m_r u_n, γ_D its own parameter, k_D = k_n its
 * own force constant (m.own), acting on pairs within 2 mm beyond contact though with no force there — is
 * declared in this file and registered with one call before anything reads the parameter table, and then goes
 * through every place the recipe promises, with no other edit: its own constants and range (the skin and the
 * colliders keep a pair inside the range), a scenario (a head-on collision stepped on the
 * staged path: finite, restituting what its damping predicts, its energy and its dissipation in the account), the
 * CLI's `--set` (its parameter through the table: applied, defaulted, refused out of range, written back), the
 * page's parameter rows (the Material folder builds it and shows it only while the law is chosen), the shapes it
 * serves, and the LAMMPS export, which refuses it by name.
 */
import { describe, expect, it } from 'vitest';
import { num } from '../../src/core/param-rows/param-info';
import type { ContactLaw } from '../../src/core/laws/contact-law';
import type { MaterialCoefficients } from '../../src/core/laws/material';
import { CONTACT_LAWS, registerContactLaw } from '../../src/core/laws/registry';
import { contactTime, restitution } from '../../src/core/laws/restitution';
import type { ContactList } from '../../src/core/state/contact-list';

const DUMMY = CONTACT_LAWS.length;
/** The dummy's declared range beyond contact [m] */
const RANGE = 2e-3;
const DUMMY_PARAMS = {
  dummyRate: num({ path: 'material.dummyRate', default: 40, restarts: true, solver: 'soft', advanced: true },
    'dummy damping γD', '1/s', 0, 1e4, false, "the test's dummy law: normal dashpot per unit reduced mass", 0, 200),
} as const;

const dummyLaw: ContactLaw<typeof DUMMY_PARAMS> = {
  id: 'dummy',
  index: DUMMY,
  description: "a test's dummy, f_n = k_n δ − γ_D m_r u_n",
  overlap: 'depth',
  history: [],
  fused: false,
  lammps: { refused: 'it is a test law' },
  choice: {
    name: 'dummy',
    shapes: ['disc'],
    params: DUMMY_PARAMS,
    reads: ['kn', 'ktOverKn'],
    units: {},
    linearSpring: false,
    damping: 'rate',
    fixedRestitution: false,
    coefficients(p, mrRef) {
      const zetaN = p.dummyRate / (2 * Math.sqrt(p.kn / mrRef));
      // its own force constant (its kernels read m.own.kD) and a range beyond contact, where it exerts nothing
      return { zetaN, rate: p.dummyRate, tc: contactTime(p.kn, mrRef, zetaN), kLinear: p.kn, range: RANGE, own: { kD: p.kn } };
    },
    caption: (p, fmt) => `kn = ${fmt(p.kn)} N/m · γD = ${fmt(p.dummyRate)} 1/s`,
  },
  normalForces(c: ContactList, m: MaterialCoefficients): number {
    let power = 0;
    const law = c.law, delta = c.delta, un = c.un, gn = c.gn, fe = c.fe, fn = c.fn, kD = m.own.kD;
    for (let k = 0; k < c.count; k++) {
      if (law[k] !== DUMMY) continue;
      if (delta[k] <= 0) { fe[k] = 0; fn[k] = 0; continue; } // within its range, apart: no force
      fe[k] = kD * delta[k];
      fn[k] = fe[k] - gn[k] * un[k];
      power += gn[k] * un[k] * un[k];
    }
    return power;
  },
  elasticForce: (delta, _lc, m) => (delta > 0 ? m.own.kD * delta : 0),
  energy: (delta, _lc, m) => (delta > 0 ? 0.5 * m.own.kD * delta * delta : 0),
};

registerContactLaw(dummyLaw);

// everything that reads the parameter table is loaded after the registration
const { PARAMS } = await import('../../src/core/config/param-table');
const { LAW_PARAMS, RESTART_PARAMS } = await import('../../src/core/config/param-lists');
const { checkParam } = await import('../../src/core/config/param-check');
const { SHORT_KEYS } = await import('../../src/core/scenarios/overrides');
const { World } = await import('../../src/core/sim/world');
const { loadScenario } = await import('../../src/cli/load-scenario');
const { exportLammps } = await import('../../src/cli/lammps-export');
const { shownSoftParams } = await import('../../src/core/config/param-visibility');
const { paramUnit } = await import('../../src/ui/controls/solver-kind');

const GAMMA = 40, KN = 1e5, MR = 0.5; // head-on: two 1 kg discs, kn 1e5 N/m

describe('a contact law declared and registered in a test', () => {
  it('joins the registry at its index and the parameter table with its own row; the registry is closed after', () => {
    expect(CONTACT_LAWS[DUMMY]).toBe(dummyLaw);
    expect(PARAMS.normalLaw.options).toContain('dummy');
    expect(PARAMS.normalLaw.help).toContain("'dummy' a test's dummy");
    const row = (PARAMS as Record<string, { path: string; law?: string; restarts: boolean }>).dummyRate;
    expect(row).toMatchObject({ path: 'material.dummyRate', law: 'dummy', restarts: true });
    expect(RESTART_PARAMS).toContain('dummyRate');
    expect(() => registerContactLaw({ ...dummyLaw, id: 'late', index: CONTACT_LAWS.length }))
      .toThrow("contact law 'late': register it before the parameter table is loaded");
  });

  it('runs a scenario on the staged path: a finite head-on collision restituting what its damping predicts, its energy and dissipation in the account', () => {
    const w = new World(loadScenario('head-on', ['normalLaw=dummy', `dummyRate=${GAMMA}`, 'dtOverTc=0.01']));
    expect(w.material()).toMatchObject({ law: DUMMY, rateDamping: true, gammaRate: GAMMA });
    const zeta = GAMMA / (2 * Math.sqrt(KN / MR));
    // its reference contact sets t_c, the step limit and k_t (its linear stiffness times kt/kn)
    expect(w.timeScales().tc).toBe(contactTime(KN, MR, zeta));
    expect(w.timeScales().stableDtOverTc).toBeGreaterThan(0.1);
    expect(w.material().kt).toBe(w.params.ktOverKn * KN);
    const b = w.bodies, e0 = w.diagnostics().ek;
    let touched = false;
    for (let s = 0; s < 400; s++) {
      w.step(1);
      // no fused kernel for this law: the record is the staged pipeline's, whole after every step
      expect(w.pipeline.leanRecord).toBe(false);
      const delta = b.radius[0] + b.radius[1] - (b.x[1] - b.x[0]);
      if (delta > 0) {
        touched = true;
        // the account's normal elastic energy is the law's declared energy at the committed overlap
        expect(w.diagnostics().eElasticNormal).toBeCloseTo(0.5 * KN * delta * delta, 12);
      }
    }
    expect(touched).toBe(true);
    expect(w.health.status).toBe('ok');
    for (const v of [...b.x.subarray(0, 2), ...b.vx.subarray(0, 2)]) expect(Number.isFinite(v)).toBe(true);
    const e = b.vx[1] - b.vx[0]; // they approached at 1 m/s
    expect(e).toBeCloseTo(restitution(zeta), 4);
    // what its dashpots dissipated (the power its normalForces returns) closes the account once the discs have parted
    const end = w.diagnostics();
    expect(end.dissipatedNormal).toBeCloseTo(e0 * (1 - e * e), 6);
    expect(Math.abs(end.energyResidual)).toBeLessThan(1e-5 * e0);
  });

  it('brings its own force constants and its range beyond contact: a pair inside the range is a contact, at no force', () => {
    // two head-on discs 1 mm apart at rest: the neighbour search and the collider keep them (range 2 mm)
    const w = new World(loadScenario('head-on', ['normalLaw=dummy', 'particles.0.x=-0.0505', 'particles.1.x=0.0505', 'particles.0.vx=0', 'particles.1.vx=0']));
    expect(w.material()).toMatchObject({ range: RANGE, own: { kD: KN } });
    w.step(1);
    const c = w.pipeline.record;
    expect(c.count).toBe(1);
    expect(c.delta[0]).toBeCloseTo(-1e-3, 12);
    expect(c.fn[0]).toBe(0);
    // the linear law, which declares no range, keeps no such pair
    const linear = new World(loadScenario('head-on', ['particles.0.x=-0.0505', 'particles.1.x=0.0505', 'particles.0.vx=0', 'particles.1.vx=0']));
    linear.step(1);
    expect(linear.material()).toMatchObject({ range: 0, own: {} });
    expect(linear.pipeline.record.count).toBe(0);
  });

  it("takes its parameter through the CLI's --set: short name, default, allowed range, written back", () => {
    expect(SHORT_KEYS.dummyRate).toBe('material.dummyRate');
    const spec = loadScenario('head-on', ['normalLaw=dummy', 'dummyRate=12.5']);
    expect(spec.material).toMatchObject({ normalLaw: 'dummy', dummyRate: 12.5 });
    const w = new World(spec);
    expect(w.params).toMatchObject({ normalLaw: 'dummy', dummyRate: 12.5 });
    expect(w.toSpec().material).toMatchObject({ normalLaw: 'dummy', dummyRate: 12.5 });
    expect(new World(loadScenario('head-on', ['normalLaw=dummy'])).params).toMatchObject({ dummyRate: 40 });
    expect(() => loadScenario('head-on', ['dummyRate=2e4'])).toThrow('material.dummyRate: must be ≤ 10000 (allowed 0 to 10000)');
    expect(checkParam('dummyRate', '7')).toBe(7);
    w.setParams({ dummyRate: 20 });
    expect(w.material().gammaRate).toBe(20);
  });

  it("is a row of the page's Material folder, shown while it is the normal law only", () => {
    expect(LAW_PARAMS).toContain('dummyRate');
    const shown = (normalLaw: string) => shownSoftParams({ normalLaw, tangential: 'cundall', tangentialDamping: 'ratio' }, false) as Record<string, boolean>;
    expect(shown('dummy')).toMatchObject({ dummyRate: true, gammaN: false, hertzSpeed: false, en: false, kn: true });
    expect(shown('linear')).toMatchObject({ dummyRate: false, en: true });
    expect(shown('hertz')).toMatchObject({ dummyRate: false, gammaN: true });
    expect(paramUnit('kn', 'dummy')).toBe('N/m');
  });

  it('serves the shapes it declares: a polygon scene refuses it, naming it', () => {
    expect(() => loadScenario('two-polygon', ['normalLaw=dummy'])).toThrow("the dummy law is for discs; polygon contacts use the area law (normalLaw 'linear')");
  });

  it('is refused by the LAMMPS export, which names it', () => {
    const w = new World(loadScenario('head-on', ['normalLaw=dummy']));
    expect(() => exportLammps(w, 100, 10)).toThrow("material.normalLaw: the dummy law ('dummy') has no LAMMPS counterpart: it is a test law");
  });
});
