/**
 * The option lists of the live parameters that pick a model (integrator, tangential scheme, …). The
 * registries (integrators/, tangential/) have one row per id; the parameter table (param-table.ts) offers them.
 */

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
