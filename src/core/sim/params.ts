/**
 * Live parameters: the ones a slider, a URL or `--set` may change while a run goes on.
 * One table of ranges serves the scenario schema, the CLI, the sliders and the URL parser, so every
 * "allowed range" message says the same thing everywhere.
 */

import { DISC_LAW_IDS, type DiscLawId } from '../laws/law-ids';
import { PLANE_IDS, type PlaneId } from '../plane/plane-ids';

export { DISC_LAW_IDS, PLANE_IDS, type DiscLawId, type PlaneId };

/** A numeric parameter's allowed range and how a slider should show it. */
export interface NumericParamInfo {
  kind: 'number';
  label: string;
  unit: string;
  min: number;
  max: number;
  /** Suggested slider range (may be narrower than the allowed range). */
  sliderMin: number;
  sliderMax: number;
  log: boolean;
  help: string;
  /** Only whole numbers are allowed */
  integer?: boolean;
}

export interface ChoiceParamInfo {
  kind: 'choice';
  label: string;
  options: readonly string[];
  help: string;
}

export interface BooleanParamInfo {
  kind: 'boolean';
  label: string;
  help: string;
}

export type ParamInfo = NumericParamInfo | ChoiceParamInfo | BooleanParamInfo;

function num(
  label: string, unit: string, min: number, max: number, log: boolean, help: string,
  sliderMin = min, sliderMax = max,
): NumericParamInfo {
  return { kind: 'number', label, unit, min, max, sliderMin, sliderMax, log, help };
}

export const INTEGRATOR_IDS = ['gear5', 'gear4', 'gear3', 'cdm', 'v0-110', 'u0-010', 'v0-010', 'gssss', 'contact-dynamics'] as const;
export type IntegratorId = (typeof INTEGRATOR_IDS)[number];

export const TANGENTIAL_IDS = ['cundall', 'geometric', 'geometric-paper', 'traditional', 'consistent', 'midpoint', 'haff-werner'] as const;
export type TangentialId = (typeof TANGENTIAL_IDS)[number];

/** Order in which contact dynamics visits the contacts in one sweep (docs/model.md#sweeps-and-the-stopping-rule). */
export const SWEEP_ORDERS = ['random', 'parallel'] as const;
export type SweepOrder = (typeof SWEEP_ORDERS)[number];

export const CAP_MODES = ['total', 'elastic'] as const;
export type CapMode = (typeof CAP_MODES)[number];

/** Families of the general GSSSS member (docs/model.md#the-u0-and-v0-parameters). */
export const GSSSS_FAMILIES = ['U0', 'V0'] as const;
export type GssssFamilyId = (typeof GSSSS_FAMILIES)[number];

export const TANGENTIAL_DAMPING_MODES = ['ratio', 'restitution'] as const;
export type TangentialDampingMode = (typeof TANGENTIAL_DAMPING_MODES)[number];

/** Every live parameter, by the short name used in URLs, `--set` and the GUI. */
export const PARAMS = {
  normalLaw: {
    kind: 'choice', label: 'normal law (discs)', options: DISC_LAW_IDS,
    help: "disc contacts: 'linear' spring–dashpot f_n = k_n δ − γ_n u_n with γ_n from εn; 'hertz' f_n = k_N δ^{3/2} − γ_N m_r u_n (paper 003 Eq. 18), kn read in N/m^1.5, damping from gammaN; polygons always use the area law",
  } as ChoiceParamInfo,
  kn: num('normal stiffness kn', 'N/m', 1e-6, 1e14, true, 'linear law: spring on the overlap [N/m] (docs/model.md#linear-spring-and-dashpot); Hertz: k_N [N/m^1.5]', 1, 1e10),
  ktOverKn: num('kt/kn', '', 0, 10, false, 'tangential over normal stiffness; paper 000 uses 1/3', 0, 2),
  en: num('normal restitution εn', '', 0.01, 1, false, 'linear law: sets the normal dashpot exactly (docs/model.md#damping-from-restitution)'),
  gammaN: num('Hertz damping γN', '1/s', 0, 1e7, false, 'Hertz law: normal dashpot per unit reduced mass, γ_n = γ_N m_r (paper 003 uses 1000); the restitution then depends on the impact speed', 0, 5000),
  hertzSpeed: num('Hertz reference speed', 'm/s', 1e-6, 1e4, true, 'Hertz law: the impact speed at which tc (and so Δt/tc and the stability limit) is quoted: a Hertz contact is shorter the faster the impact, tc ∝ v^(−1/5)', 1e-3, 10),
  tangentialDamping: {
    kind: 'choice', label: 'tangential damping from', options: TANGENTIAL_DAMPING_MODES,
    help: "'ratio': γt = (νt/νn) γn; 'restitution': γt from εt = (εt/εn) εn with kt (paper 000 Eq. 8)",
  } as ChoiceParamInfo,
  nuTOverNuN: num('νt/νn', '', 0, 10, false, 'tangential over normal dashpot (paper 000 takes kt/kn)', 0, 2),
  etOverEn: num('εt/εn', '', 0.01, 100, false, 'tangential "restitution" label of paper 000 Eq. 8 over εn', 0.5, 1.1),
  gammaS: num('shear friction γS', '1/s', 0, 1e7, false, "tangential 'haff-werner': viscous shear friction per unit reduced mass, f_t = −min(γ_S m_r |u_t|, μ f_n) sign(u_t) (paper 003 uses 300)", 0, 2000),
  mu: num('friction μ', '', 0, 1000, true, 'Coulomb coefficient; the papers use 500 so contacts never slide', 1e-3, 1000),
  capMode: {
    kind: 'choice', label: 'Coulomb cap', options: CAP_MODES,
    help: "'total': |spring+dashpot| ≤ μ fn (paper 002); 'elastic': |kt ξ| ≤ μ kn δ (paper 000)",
  } as ChoiceParamInfo,
  clampNormal: { kind: 'boolean', label: 'no attractive normal force', help: 'use max(fn, 0) (changes the restitution formula)' } as BooleanParamInfo,
  integrator: {
    kind: 'choice', label: 'integrator', options: INTEGRATOR_IDS,
    help: "soft DEM: Gear predictor–corrector of order 5, 4 or 3 (docs/model.md#gear-predictor-corrector); explicit GSSSS members cdm = U0(1,1,0), v0-110, u0-010, v0-010, or 'gssss' with gssssFamily, rhoMin, rhoMax, rhoS, eta (docs/model.md#explicit-gssss-family); 'contact-dynamics': rigid discs, implicit Euler + iterative constraint solver (docs/model.md#contact-dynamics, paper 004)",
  } as ChoiceParamInfo,
  tangential: {
    kind: 'choice', label: 'tangential scheme', options: TANGENTIAL_IDS,
    help: 'how the friction spring is advanced (docs/model.md#tangential-schemes); traditional, consistent and midpoint (cdm only) need a GSSSS integrator, geometric-paper needs Gear',
  } as ChoiceParamInfo,
  gssssFamily: {
    kind: 'choice', label: 'GSSSS family', options: GSSSS_FAMILIES,
    help: "integrator 'gssss': U0 (no overshoot in displacement) or V0 (in velocity) (paper 002 Eqs. 24–25, reconstructed)",
  } as ChoiceParamInfo,
  rhoMin: num('GSSSS ρmin', '', 0, 1, false, "integrator 'gssss': smallest spectral radius at the design frequency (suggested ρs ≤ ρmin ≤ ρmax)"),
  rhoMax: num('GSSSS ρmax', '', 0, 1, false, "integrator 'gssss': largest spectral radius at the design frequency; 1 keeps low frequencies undamped"),
  rhoS: num('GSSSS ρs', '', 0, 1, false, "integrator 'gssss': spurious root at the design frequency"),
  eta: num('GSSSS η', '', 0, 1, false, "integrator 'gssss': splits the predictor between W2Λ2 and λ3; changes neither stability nor dissipation"),
  plane: {
    kind: 'choice', label: 'contact plane (polygons)', options: PLANE_IDS,
    help: "polygon contacts: 'usual' the line through the boundary crossings; 'literal-signed', 'literal-abs' paper 001's mean edge angle in its two readings; 'axial' the doubled-angle mean (docs/model.md#contact-plane-for-polygons)",
  } as ChoiceParamInfo,
  planeHysteresis: num('plane flip hysteresis', '°', 0, 45, false, 'polygon contacts: the edge-average planes keep their line-or-perpendicular choice unless the other is closer to the centre line by more than this (docs/model.md#contact-plane-for-polygons; 20° by default: at 5° the E4 sweep still flips); 0 = off'),
  dtOverTc: num('Δt/tc', '', 1e-6, 10, true, 'time step in units of the contact time tc', 1e-5, 1),
  rotation: { kind: 'boolean', label: 'rotation', help: 'off: no particle rotates (paper 000 "rotation suppressed")' } as BooleanParamInfo,
  iterations: { ...num('iterations N_I', '', 1, 10000, true, 'contact dynamics: Gauss–Seidel sweeps per step (the cap when a tolerance is set); finite N_I makes rigid discs elastic, c ∝ √N_I (paper 004)', 1, 500), integer: true },
  sweep: {
    kind: 'choice', label: 'sweep order', options: SWEEP_ORDERS,
    help: "contact dynamics: 'random' Gauss–Seidel order reshuffled every sweep (q = 0.797); 'parallel' Jacobi update (q = ½; dilute systems and the 1D chain only)",
  } as ChoiceParamInfo,
  tolerance: num('convergence tolerance α', '', 0, 1, true, 'contact dynamics: 0 = always N_I sweeps; > 0 = stop early by the [Sho12] test with this α (N_I is the cap)', 1e-10, 1e-2),
  cdRestitution: num('CD restitution e', '', 0, 1, false, 'contact dynamics: Newton restitution of closed, approaching contacts (default 0: perfectly inelastic, paper 004)'),
  pistonForce: num('piston force', 'N', 0, 1e9, false, 'force pushing each piston wall along its inward normal', 0, 100),
  pistonMass: num('piston mass', 'kg', 1e-6, 1e9, true, 'mass of each piston wall (it moves along its normal only)', 0.01, 1000),
  gravityX: num('gravity x', 'm/s²', -1e4, 1e4, false, 'body force per unit mass', -20, 20),
  gravityY: num('gravity y', 'm/s²', -1e4, 1e4, false, 'body force per unit mass', -20, 20),
} as const satisfies Record<string, ParamInfo>;

export type ParamName = keyof typeof PARAMS;

/** The values of all live parameters. */
export interface LiveParams {
  normalLaw: DiscLawId;
  kn: number;
  ktOverKn: number;
  en: number;
  /** [1/s] */
  gammaN: number;
  /** [m/s] */
  hertzSpeed: number;
  /** [1/s] */
  gammaS: number;
  tangentialDamping: TangentialDampingMode;
  nuTOverNuN: number;
  etOverEn: number;
  mu: number;
  capMode: CapMode;
  clampNormal: boolean;
  integrator: IntegratorId;
  tangential: TangentialId;
  gssssFamily: GssssFamilyId;
  rhoMin: number;
  rhoMax: number;
  rhoS: number;
  eta: number;
  dtOverTc: number;
  plane: PlaneId;
  /** [°] */
  planeHysteresis: number;
  rotation: boolean;
  iterations: number;
  sweep: SweepOrder;
  tolerance: number;
  cdRestitution: number;
  pistonForce: number;
  pistonMass: number;
  gravityX: number;
  gravityY: number;
}

export type ParamPatch = Partial<LiveParams>;

/** Bad input: names the field and the allowed range. */
export class ParamError extends Error {
  constructor(public readonly field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'ParamError';
  }
}

export function describeRange(info: ParamInfo): string {
  if (info.kind === 'number') return `${info.integer ? 'a whole number' : 'a number'} from ${info.min} to ${info.max}`;
  if (info.kind === 'choice') return `one of ${info.options.map((o) => `'${o}'`).join(', ')}`;
  return 'true or false';
}

/** Checks one value against its parameter's range; returns it typed, or throws ParamError. */
export function checkParam(name: string, value: unknown): LiveParams[ParamName] {
  const info = Object.hasOwn(PARAMS, name) ? (PARAMS as Record<string, ParamInfo>)[name] : undefined; // 'toString' is not a parameter
  if (!info) {
    throw new ParamError(name, `unknown parameter; known: ${Object.keys(PARAMS).join(', ')}`);
  }
  if (info.kind === 'number') {
    // text must be a plain decimal number ('0x1', '1_000', '' are not)
    const v = typeof value === 'string' ? parseDecimal(value) : value;
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new ParamError(name, `must be ${describeRange(info)}, got ${shown(value)}`);
    }
    if (v < info.min || v > info.max || (info.integer && !Number.isInteger(v))) {
      throw new ParamError(name, `must be ${describeRange(info)}, got ${v}`);
    }
    return v;
  }
  if (info.kind === 'choice') {
    if (typeof value !== 'string' || !info.options.includes(value)) {
      throw new ParamError(name, `must be ${describeRange(info)}, got ${shown(value)}`);
    }
    return value as LiveParams[ParamName];
  }
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new ParamError(name, `must be ${describeRange(info)}, got ${shown(value)}`);
}

/** A plain decimal number, optionally signed, with an optional exponent. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The number a plain decimal text says ('0.1', '-2.5e6'); NaN for anything else ('0x1', '1_0', ''). */
export function parseDecimal(text: string): number {
  const t = text.trim();
  return DECIMAL.test(t) ? Number(t) : NaN;
}

/** A bad value as quoted in a message, cut to 60 characters so it cannot run off a banner. */
function shown(value: unknown): string {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

/** Validates a whole patch; throws on the first bad field, changing nothing. */
export function checkPatch(patch: Record<string, unknown>): ParamPatch {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(patch)) out[k] = checkParam(k, v);
  return out as ParamPatch;
}
