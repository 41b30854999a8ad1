/**
 * The parameters ("DNA markers") of the explicit GSSSS / GS4-II family, in ONE table so that paper 002's
 * Eqs. 24 (U0) and 25 (V0) can replace our reconstruction in one place.
 *
 * STATUS (docs/model.md#the-u0-and-v0-parameters): paper 002's Eqs. 24–25 are lost in the text we have and were not
 * found in any public source. The formulas below are our RECONSTRUCTION: the eigenvalues of
 * the step matrix equal −ρmin, −ρmax, −ρs at the design frequency Ω_b; it reproduces everything the paper
 * states (CDM = U0(1,1,0) with η = 1, every member second order, U0 and V0(0,1,0) may coincide, V0(1,1,0)
 * differs from CDM), agrees with the explicit GSSE family when ρmin = ρmax (M), and carries the U0/V0 split
 * and the meaning of η over from implicit GS4-II (L–M). Confidence: CDM row (H); the rest [R].
 *
 *   Ω_b² = 2 + ρmin + ρmax + ρs − ρmin ρmax ρs ,   D = (1 + ρmin)(1 + ρmax)
 *   Λ = (3 + ρmin + ρmax − ρmin ρmax)/(2D) ,        W1Λ6 = Ω_b²/(D(1 + ρs))
 *                  U0                                  V0
 *   W1        1/(1+ρs)                              Λ
 *   λ5        Λ                                     1/(1+ρs)
 *   W2Λ2      1/(2(1+ρs)) − (1−η)/Ω_b²              1/D − η/Ω_b²
 *   λ3        1/D − η/Ω_b²                          1/(2(1+ρs)) − (1−η)/Ω_b²
 *   common: λ1 = λ4 = 1, λ2 = ½, W1Λ1 = W1Λ4 = W1, W3Λ3 = W2Λ5 = 0 (explicit), φ = W1Λ6 − W1
 */

import type { GssssFamilyId } from '../param-rows/param-ids';

/** The markers one explicit step needs (docs/model.md#explicit-gssss-family). */
export interface GssssMarkers {
  /** Evaluation time t̃ = t_n + W1 Δt; q̃, ṽ predictors use W1Λ1 = W1Λ4 = W1 */
  W1: number;
  /** q̃ = q_n + W1 Δt v_n + W2Λ2 Δt² a_n */
  W2L2: number;
  /** Δa = (a* − a_n)/W1Λ6 */
  W1L6: number;
  /** q_{n+1} = q_n + Δt v_n + ½Δt² a_n + λ3 Δt² Δa */
  lambda3: number;
  /** v_{n+1} = v_n + Δt a_n + λ5 Δt Δa */
  lambda5: number;
  /** Acceleration time shift: the stored a_n approximates q̈(t_n − φΔt), φ = W1Λ6 − W1 (paper 002 §2.2) */
  phi: number;
}

export interface GssssParameters {
  family: GssssFamilyId;
  rhoMin: number;
  rhoMax: number;
  rhoS: number;
  eta: number;
}

/** Markers of U0/V0(ρmin, ρmax, ρs; η) from the reconstructed Eqs. 24–25 (table above). */
export function gssssMarkers(p: GssssParameters): GssssMarkers {
  const { rhoMin: r1, rhoMax: r2, rhoS: r3, eta } = p;
  const omegaB2 = 2 + r1 + r2 + r3 - r1 * r2 * r3;
  const D = (1 + r1) * (1 + r2);
  const Lam = (3 + r1 + r2 - r1 * r2) / (2 * D);
  const W1L6 = omegaB2 / (D * (1 + r3));
  const half = 1 / (2 * (1 + r3)) - (1 - eta) / omegaB2;
  const byD = 1 / D - eta / omegaB2;
  const u0 = p.family === 'U0';
  const W1 = u0 ? 1 / (1 + r3) : Lam;
  return {
    W1,
    W2L2: u0 ? half : byD,
    W1L6,
    lambda3: u0 ? byD : half,
    lambda5: u0 ? Lam : 1 / (1 + r3),
    phi: W1L6 - W1,
  };
}

/** The named members registered as integrators (docs/model.md#named-members, paper 002 §3.2). */
export const GSSSS_PRESETS = {
  cdm: {
    parameters: { family: 'U0', rhoMin: 1, rhoMax: 1, rhoS: 0, eta: 1 },
    title: 'central difference U0(1,1,0)',
    description: 'velocity Verlet; non-dissipative, φ = 0, stable to ωΔt = 2 (paper 002 Eqs. 33–34)',
  },
  'v0-110': {
    parameters: { family: 'V0', rhoMin: 1, rhoMax: 1, rhoS: 0, eta: 1 },
    title: 'GSSSS V0(1,1,0)',
    description: 'position Verlet (drift–kick–drift); non-dissipative, a_n belongs to t_n − ½Δt, stable to ωΔt = 2',
  },
  'u0-010': {
    parameters: { family: 'U0', rhoMin: 0, rhoMax: 1, rhoS: 0, eta: 1 },
    title: 'GSSSS U0(0,1,0)',
    description: 'damps high frequencies (ρ = 0.93 at ωΔt = 1), a_n belongs to t_n − ½Δt, stable to ωΔt = √3',
  },
  'v0-010': {
    parameters: { family: 'V0', rhoMin: 0, rhoMax: 1, rhoS: 0, eta: 1 },
    title: 'GSSSS V0(0,1,0)',
    description: 'same spectrum as U0(0,1,0), different predictor split; a_n at t_n − ½Δt, stable to ωΔt = √3',
  },
} as const satisfies Record<string, { parameters: GssssParameters; title: string; description: string }>;

export type GssssPresetId = keyof typeof GSSSS_PRESETS;
