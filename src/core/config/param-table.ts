/**
 * Live parameters: the ones a slider, a URL, `--set` or a run.schedule entry may change while a run goes on,
 * one row each and the single declaration of each. A row gives the range every "allowed range" message
 * quotes (the scenario schema, the CLI, the sliders, the URL parser) and the roles other lists derive from it
 * (param-rows/param-info.ts): the scenario path (`--set` short names, the World's reading and writing of a scenario),
 * the default, the restart on change, the solver that reads it, its group of controls and lecture mode.
 * The contact laws bring theirs (laws/contact-law.ts): the `normalLaw` options and each law's own rows come from
 * the registry (laws/registry.ts), read once here, which closes it.
 * Adding a parameter is one row here, plus its field in the scenario schema and its use in the physics; a contact
 * law's own parameter is a row of its declaration only (the schema takes those rows as they are).
 * The order of the rows is the order of `sim --help`, the URL and the page's generic controls.
 */
import type { LawParams, SharedLawParam } from '../laws/contact-law';
import { type BuiltInLawParams, closeContactLaws, DEFAULT_NORMAL_LAW } from '../laws/registry';
import { PLANE_IDS } from '../plane/plane-ids';
import { CAP_MODES, GSSSS_FAMILIES, INTEGRATOR_IDS, SWEEP_ORDERS, TANGENTIAL_DAMPING_MODES, TANGENTIAL_IDS } from '../param-rows/param-ids';
import { bool, choice, int, num, type ParamInfo, type ParamValues } from '../param-rows/param-info';

const LAWS = closeContactLaws();
/** The laws `normalLaw` may name */
const CHOSEN_LAWS = LAWS.filter((l) => l.choice !== null);

/** Each chosen law's own rows, tagged with its id; a law's parameters are material fields named as their rows. */
function lawRows(): LawParams {
  const rows: Record<string, ParamInfo> = {};
  for (const law of CHOSEN_LAWS) {
    for (const [name, row] of Object.entries(law.choice!.params)) {
      if (row.path !== `material.${name}`) throw new Error(`contact law '${law.id}': parameter ${name} must have the path material.${name}`);
      rows[name] = { ...row, law: law.id };
    }
  }
  return rows;
}
const LAW_ROWS = lawRows() as { readonly [K in keyof BuiltInLawParams]: BuiltInLawParams[K] & { readonly law: string } };

/** The laws that read a shared row (their declarations' `reads`): its control shows while one of them is chosen */
const readBy = (name: SharedLawParam) => CHOSEN_LAWS.filter((l) => l.choice!.reads.includes(name)).map((l) => l.id);

/** The material rows before the laws' own: the law's choice and what the laws share (LawInput) */
const LAW_SHARED_ROWS = {
  normalLaw: choice({ path: 'material.normalLaw', default: DEFAULT_NORMAL_LAW, restarts: true, solver: 'soft', advanced: true },
    'normal law (discs)', CHOSEN_LAWS.map((l) => l.id),
    `disc contacts: ${CHOSEN_LAWS.map((l) => `'${l.id}' ${l.description}`).join('; ')}; polygons always use the area law`),
  kn: num({ path: 'material.kn', default: 1e5, restarts: true, solver: 'soft', readBy: readBy('kn') },
    'normal stiffness kn', 'N/m', 1e-6, 1e14, true, 'linear law: spring on the overlap [N/m] (docs/model.md#linear-spring-and-dashpot); Hertz: k_N [N/m^1.5]', 1, 1e10),
  ktOverKn: num({ path: 'material.ktOverKn', default: 1 / 3, restarts: true, solver: 'soft', readBy: readBy('ktOverKn') },
    'kt/kn', '', 0, 10, false, 'tangential over normal stiffness; paper 000 uses 1/3', 0, 2),
  en: num({ path: 'material.en', default: 0.9, restarts: true, solver: 'soft', readBy: readBy('en') },
    'normal restitution εn', '', 0.01, 1, false, 'linear law: sets the normal dashpot exactly (docs/model.md#damping-from-restitution)'),
} as const satisfies Record<string, ParamInfo>;

/** The rows after the laws' own */
const OTHER_ROWS = {
  tangentialDamping: choice({ path: 'material.tangentialDamping', default: 'ratio', restarts: true, solver: 'soft', advanced: true },
    'tangential damping from', TANGENTIAL_DAMPING_MODES,
    "'ratio': γt = (νt/νn) γn; 'restitution': γt from εt = (εt/εn) εn with kt (paper 000 Eq. 8)"),
  nuTOverNuN: num({ path: 'material.nuTOverNuN', default: 1 / 3, restarts: true, solver: 'soft', advanced: true },
    'νt/νn', '', 0, 10, false, 'tangential over normal dashpot (paper 000 takes kt/kn)', 0, 2),
  etOverEn: num({ path: 'material.etOverEn', default: 1, restarts: true, solver: 'soft', advanced: true },
    'εt/εn', '', 0.01, 100, false, 'tangential "restitution" label of paper 000 Eq. 8 over εn', 0.5, 1.1),
  gammaS: num({ path: 'material.gammaS', default: 300, restarts: true, solver: 'soft', advanced: true },
    'shear friction γS', '1/s', 0, 1e7, false, "tangential 'haff-werner': viscous shear friction per unit reduced mass, f_t = −min(γ_S m_r |u_t|, μ f_n) sign(u_t) (paper 003 uses 300)", 0, 2000),
  mu: num({ path: 'material.mu', default: 0.5, restarts: true, solver: 'any' },
    'friction μ', '', 0, 1000, true, 'Coulomb coefficient; the papers use 500 so contacts never slide', 1e-3, 1000),
  capMode: choice({ path: 'material.capMode', default: 'total', restarts: true, solver: 'soft', advanced: true },
    'Coulomb cap', CAP_MODES,
    "'total': |spring+dashpot| ≤ μ fn (paper 002); 'elastic': |kt ξ| ≤ μ kn δ (paper 000)"),
  clampNormal: bool({ path: 'material.clampNormal', default: false, restarts: true, solver: 'soft', advanced: true },
    'no attractive normal force', 'use max(fn, 0) (changes the restitution formula)'),
  integrator: choice({ path: 'solver.integrator', default: 'gear5', restarts: true, solver: 'any' },
    'integrator', INTEGRATOR_IDS,
    "soft DEM: Gear predictor–corrector of order 5, 4 or 3 (docs/model.md#gear-predictor-corrector); explicit GSSSS members cdm = U0(1,1,0), v0-110, u0-010, v0-010, or 'gssss' with gssssFamily, rhoMin, rhoMax, rhoS, eta (docs/model.md#explicit-gssss-family); 'contact-dynamics': rigid discs, implicit Euler + iterative constraint solver (docs/model.md#contact-dynamics, paper 004)"),
  tangential: choice({ path: 'solver.tangential', default: 'cundall', restarts: false, solver: 'soft' },
    'tangential scheme', TANGENTIAL_IDS,
    'how the friction spring is advanced (docs/model.md#tangential-schemes); traditional, consistent and midpoint (cdm only) need a GSSSS integrator, geometric-paper needs Gear'),
  gssssFamily: choice({ path: 'solver.gssssFamily', default: 'U0', restarts: false, solver: 'soft', group: 'gssss' },
    'GSSSS family', GSSSS_FAMILIES,
    "integrator 'gssss': U0 (no overshoot in displacement) or V0 (in velocity) (paper 002 Eqs. 24–25, reconstructed)"),
  rhoMin: num({ path: 'solver.rhoMin', default: 1, restarts: false, solver: 'soft', group: 'gssss' },
    'GSSSS ρmin', '', 0, 1, false, "integrator 'gssss': smallest spectral radius at the design frequency (suggested ρs ≤ ρmin ≤ ρmax)"),
  rhoMax: num({ path: 'solver.rhoMax', default: 1, restarts: false, solver: 'soft', group: 'gssss' },
    'GSSSS ρmax', '', 0, 1, false, "integrator 'gssss': largest spectral radius at the design frequency; 1 keeps low frequencies undamped"),
  rhoS: num({ path: 'solver.rhoS', default: 0, restarts: false, solver: 'soft', group: 'gssss' },
    'GSSSS ρs', '', 0, 1, false, "integrator 'gssss': spurious root at the design frequency"),
  eta: num({ path: 'solver.eta', default: 1, restarts: false, solver: 'soft', group: 'gssss' },
    'GSSSS η', '', 0, 1, false, "integrator 'gssss': splits the predictor between W2Λ2 and λ3; changes neither stability nor dissipation"),
  plane: choice({ path: 'solver.plane', default: 'axial', restarts: true, solver: 'any' },
    'contact plane (polygons)', PLANE_IDS,
    "polygon contacts: 'usual' the line through the boundary crossings; 'literal-signed', 'literal-abs' paper 001's mean edge angle in its two readings; 'axial' the doubled-angle mean (docs/model.md#contact-plane-for-polygons)"),
  planeHysteresis: num({ path: 'solver.planeHysteresis', default: 20, restarts: true, solver: 'any' },
    'plane flip hysteresis', '°', 0, 45, false, 'polygon contacts: the edge-average planes keep their line-or-perpendicular choice unless the other is closer to the centre line by more than this (docs/model.md#contact-plane-for-polygons; 20° by default: at 5° the E4 sweep still flips); 0 = off'),
  dtOverTc: num({ path: 'solver.dtOverTc', default: 0.02, restarts: false, solver: 'any' },
    'Δt/tc', '', 1e-6, 10, true, 'time step in units of the contact time tc', 1e-5, 1),
  rotation: bool({ path: 'solver.rotation', default: true, restarts: true, solver: 'any' },
    'rotation', 'off: no particle rotates (paper 000 "rotation suppressed")'),
  iterations: int({ path: 'solver.iterations', default: 50, restarts: false, solver: 'cd' },
    'iterations N_I', '', 1, 10000, true, 'contact dynamics: Gauss–Seidel sweeps per step (the cap when a tolerance is set); finite N_I makes rigid discs elastic, c ∝ √N_I (paper 004)', 1, 500),
  sweep: choice({ path: 'solver.sweep', default: 'random', restarts: false, solver: 'cd' },
    'sweep order', SWEEP_ORDERS,
    "contact dynamics: 'random' Gauss–Seidel order reshuffled every sweep (q = 0.797); 'parallel' Jacobi update (q = ½; dilute systems and the 1D chain only)"),
  tolerance: num({ path: 'solver.tolerance', default: 0, restarts: false, solver: 'cd' },
    'convergence tolerance α', '', 0, 1, true, 'contact dynamics: 0 = always N_I sweeps; > 0 = stop early by the [Sho12] test with this α (N_I is the cap)', 1e-10, 1e-2),
  cdRestitution: num({ path: 'solver.cdRestitution', default: 0, restarts: false, solver: 'cd' },
    'CD restitution e', '', 0, 1, false, 'contact dynamics: Newton restitution of closed, approaching contacts (default 0: perfectly inelastic, paper 004)'),
  pistonForce: num({ path: 'pistonForce', default: 0, restarts: false, solver: 'any', group: 'piston' },
    'piston force', 'N', 0, 1e9, false, 'force pushing each piston wall along its inward normal', 0, 100),
  pistonMass: num({ path: 'pistonMass', default: 1, restarts: false, solver: 'any', group: 'piston' },
    'piston mass', 'kg', 1e-6, 1e9, true, 'mass of each piston wall (it moves along its normal only)', 0.01, 1000),
  gravityX: num({ path: 'gravity.0', default: 0, restarts: true, solver: 'any' },
    'gravity x', 'm/s²', -1e4, 1e4, false, 'body force per unit mass', -20, 20),
  gravityY: num({ path: 'gravity.1', default: 0, restarts: true, solver: 'any' },
    'gravity y', 'm/s²', -1e4, 1e4, false, 'body force per unit mass', -20, 20),
} as const satisfies Record<string, ParamInfo>;

for (const [name, row] of Object.entries(LAW_ROWS)) {
  if (Object.hasOwn(LAW_SHARED_ROWS, name) || Object.hasOwn(OTHER_ROWS, name)) throw new Error(`contact law '${row.law}': parameter ${name} is a row of the table already`);
}

/** Every live parameter, by the short name used in URLs, `--set` and the GUI. */
export const PARAMS = { ...LAW_SHARED_ROWS, ...LAW_ROWS, ...OTHER_ROWS };

export type ParamName = keyof typeof PARAMS;

/** The values of all live parameters (one per row of PARAMS, typed by its kind and options). */
export type LiveParams = ParamValues<typeof PARAMS>;

export type ParamPatch = Partial<LiveParams>;

/** The rows' names in table order. */
export const PARAM_NAMES = Object.keys(PARAMS) as ParamName[];
