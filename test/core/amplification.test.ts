/**
 * The amplification factor ρ(Ω, ζ) of each soft-DEM integrator (src/core/integrators/amplification.ts, docs/model.md#amplification-factor),
 * built from the integrator's own step, against derivations that do not step it:
 * - central difference: ρ = 1 for Ω < 2 undamped, beyond it the larger |root| of λ² − (2 − Ω²)λ + 1; with damping
 *   Ω_s = 2(√(1+4ζ²) − 2ζ) (docs/model.md#gssss-stability-with-damping);
 * - every GSSSS member: the closed-form 3×3 of gssss-stability.ts (its spectral radius and its limit);
 * - Gear 3/4/5: the textbook matrix (I + α cᵀ) P written out here (P the Pascal predictor, c the linear force in
 *   scaled form), its spectral radius from the characteristic polynomial (Faddeev–LeVerrier) and Durand–Kerner
 *   roots, not the QR routine; its limits against the computed table of docs/model.md#stability-of-gear-on-a-damped-contact;
 * - the integrator itself stepped on one oscillator beyond its limit (started as the app starts it) grows by ρ per
 *   step: the slope of a least-squares line through ln|x| over the steps is ln ρ within 1 %;
 * - Gear 3's undamped limit is √2 (the table's 1.414).
 */
import { describe, expect, it } from 'vitest';
import {
  amplificationFactor, amplificationLimit, amplificationMatrix, amplifiedScheme, growthBand, growthPerStep, type AmplifiedScheme,
} from '../../src/core/integrators/amplification';
import { GEAR_TABLES, GearIntegrator } from '../../src/core/integrators/gear';
import { GSSSS_PRESETS, gssssMarkers, type GssssParameters } from '../../src/core/integrators/gssss-parameters';
import { GssssIntegrator } from '../../src/core/integrators/gssss';
import { spectralRadius as gssssClosedForm, stabilityLimit as gssssClosedLimit } from '../../src/core/integrators/gssss-stability';
import type { StepDriver } from '../../src/core/integrators/integrator';
import { BodyState } from '../../src/core/state/body-state';
import { LOCK_ROT, LOCK_Y } from '../../src/core/state/body-flags';

const GEARS = ['gear3', 'gear4', 'gear5'] as const;
const PRESETS = ['cdm', 'v0-110', 'u0-010', 'v0-010'] as const;
const GENERAL: GssssParameters = { family: 'U0', rhoMin: 0.5, rhoMax: 0.8, rhoS: 0.2, eta: 1 };
const gear = (id: (typeof GEARS)[number], velocityDependent: boolean): AmplifiedScheme => ({ kind: 'gear', id, velocityDependent });
const gssss = (parameters: GssssParameters): AmplifiedScheme => ({ kind: 'gssss', parameters });
const CDM = gssss(GSSSS_PRESETS.cdm.parameters);

/** Central difference, undamped, beyond Ω = 2: the larger |root| of λ² − (2 − Ω²)λ + 1 */
const cdmBeyond = (o: number): number => {
  const b = o * o - 2;
  return (b + Math.sqrt(b * b - 4)) / 2;
};

/** Gear's step on ẍ = −ω²x − 2ζωẋ in scaled derivatives, written out: y ← (I + α cᵀ) P y */
function gearTextbook(alpha: readonly number[], omega: number, zeta: number): number[][] {
  const q = alpha.length;
  const binom = (n: number, k: number): number => (k === 0 ? 1 : (binom(n, k - 1) * (n - k + 1)) / k);
  // predictor: y_i^p = Σ_{k ≥ i} C(k, i) y_k (Taylor series)
  const p = Array.from({ length: q }, (_, i) => Array.from({ length: q }, (_, k) => (k >= i ? binom(k, i) : 0)));
  // corrector: Δ = (Δt²/2)(−ω² y_0^p − 2ζω y_1^p/Δt) − y_2^p = cᵀ y^p
  const c = Array.from({ length: q }, (_, k) => (k === 0 ? -omega * omega / 2 : k === 1 ? -zeta * omega : k === 2 ? -1 : 0));
  return Array.from({ length: q }, (_, i) => Array.from({ length: q }, (_, j) => {
    let s = 0;
    for (let k = 0; k < q; k++) s += ((i === k ? 1 : 0) + alpha[i] * c[k]) * p[k][j];
    return s;
  }));
}

/** det(λI − A) = λⁿ + p_1 λ^{n−1} + … + p_n by Faddeev–LeVerrier: [1, p_1, …, p_n] */
function characteristicPolynomial(a: number[][]): number[] {
  const n = a.length;
  let m = a.map((row) => row.map(() => 0));
  const p = [1];
  for (let k = 1; k <= n; k++) {
    m = a.map((row, i) => row.map((_, j) => row.reduce((s, aik, l) => s + aik * m[l][j], 0) + (i === j ? p[k - 1] : 0)));
    let trace = 0;
    for (let i = 0; i < n; i++) for (let l = 0; l < n; l++) trace += a[i][l] * m[l][i];
    p.push(-trace / k);
  }
  return p;
}

/** Largest |root| of the monic polynomial [1, p_1, …, p_n] by the Durand–Kerner iteration */
function largestRoot(p: number[]): number {
  const n = p.length - 1;
  let zr = Array.from({ length: n }, (_, k) => Math.pow(1.1, k) * Math.cos(0.4 + 1.3 * k));
  let zi = Array.from({ length: n }, (_, k) => Math.pow(1.1, k) * Math.sin(0.4 + 1.3 * k));
  for (let it = 0; it < 2000; it++) {
    const nr = [...zr], ni = [...zi];
    for (let i = 0; i < n; i++) {
      let vr = 1, vi = 0; // Horner: p(z)
      for (let k = 1; k <= n; k++) [vr, vi] = [vr * zr[i] - vi * zi[i] + p[k], vr * zi[i] + vi * zr[i]];
      let dr = 1, di = 0; // Π_{j≠i} (z_i − z_j)
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        const er = zr[i] - zr[j], ei = zi[i] - zi[j];
        [dr, di] = [dr * er - di * ei, dr * ei + di * er];
      }
      const den = dr * dr + di * di;
      nr[i] = zr[i] - (vr * dr + vi * di) / den;
      ni[i] = zi[i] - (vi * dr - vr * di) / den;
    }
    zr = nr; zi = ni;
  }
  return Math.max(...zr.map((r, k) => Math.hypot(r, zi[k])));
}

/** x after each step of the integrator itself on one body (m = 2 kg, ω = 50 rad/s, Δt = Ω/ω), started as the app starts it */
function oscillatorRun(s: AmplifiedScheme, omega: number, zeta: number, steps: number): number[] {
  const w0 = 50, m = 2, dt = omega / w0;
  const b = new BodyState(1);
  b.add(0.01, 0, 0.1, m, 1);
  b.vx[0] = 0.3;
  b.flags[0] = LOCK_Y | LOCK_ROT;
  b.updateInverseMasses(true);
  const w: StepDriver & { t: number } = {
    bodies: b, dt, t: 0, stepCount: 0, pool: null, wasm: null,
    velocityDependentForces: s.kind === 'gear' && s.velocityDependent,
    computeForces() { b.fx[0] = m * (-w0 * w0 * b.ex[0] - 2 * zeta * w0 * b.evx[0]); b.fy[0] = 0; b.tau[0] = 0; },
    commitTangential() {},
  };
  const integrator = s.kind === 'gear' ? new GearIntegrator(s.id) : new GssssIntegrator('gssss', s.parameters, '');
  integrator.init(w);
  const xs: number[] = [];
  for (let k = 0; k < steps; k++) {
    integrator.step(w);
    w.t += dt;
    xs.push(b.x[0]);
  }
  return xs;
}

/** exp of the least-squares slope of ln|x| against the step number, over the last 90 % of the steps */
function fittedGrowth(xs: number[]): number {
  let n = 0, sk = 0, sl = 0, skk = 0, skl = 0;
  for (let k = Math.floor(xs.length / 10); k < xs.length; k++) {
    if (xs[k] === 0) continue;
    const l = Math.log(Math.abs(xs[k]));
    n++; sk += k; sl += l; skk += k * k; skl += k * l;
  }
  return Math.exp((n * skl - sk * sl) / (n * skk - sk * sk));
}

describe('central difference against its closed form', () => {
  it('undamped: ρ = 1 below Ω = 2, the larger |root| of λ² − (2 − Ω²)λ + 1 beyond; Ω_s = 2', () => {
    for (let o = 0.05; o < 1.99; o += 0.05) expect(Math.abs(amplificationFactor(CDM, o, 0) - 1)).toBeLessThan(1e-9);
    for (const o of [2.01, 2.1, 2.5, 3, 4]) expect(amplificationFactor(CDM, o, 0) / cdmBeyond(o) - 1).toBeCloseTo(0, 10);
    expect(amplificationLimit(CDM, 0)).toBeCloseTo(2, 5);
  });

  it('damped: Ω_s = 2(√(1+4ζ²) − 2ζ) to 1e-5, and ρ < 1 just below it', () => {
    for (const z of [0.05, 0.1, 0.3, 0.5]) {
      const limit = 2 * (Math.sqrt(1 + 4 * z * z) - 2 * z);
      expect(amplificationLimit(CDM, z)).toBeCloseTo(limit, 5);
      expect(amplificationFactor(CDM, 0.99 * limit, z)).toBeLessThan(1);
    }
  });
});

describe('GSSSS members against the closed-form 3×3 of gssss-stability.ts', () => {
  const members: [string, GssssParameters][] = [...PRESETS.map((id) => [id, GSSSS_PRESETS[id].parameters] as [string, GssssParameters]), ['U0(0.5,0.8,0.2)', GENERAL]];
  for (const [name, p] of members) {
    it(`${name}: the same matrix, ρ on a grid of Ω ≤ 3, ζ ≤ 0.5 to 1e-9, the same Ω_s`, () => {
      const m = gssssMarkers(p), s = gssss(p);
      for (const zeta of [0, 0.1, 0.3, 0.5]) {
        for (let o = 0.1; o <= 3; o += 0.1) {
          // the closed form's matrix, written from its docstring, entry by entry
          const c = m.W1L6, dq = -o * o / c, dv = -(o * o * m.W1 + 2 * zeta * o) / c, da = -(o * o * m.W2L2 + 2 * zeta * o * m.W1 + 1) / c;
          const want = [[1 + m.lambda3 * dq, 1 + m.lambda3 * dv, 0.5 + m.lambda3 * da], [m.lambda5 * dq, 1 + m.lambda5 * dv, 1 + m.lambda5 * da], [dq, dv, 1 + da]];
          amplificationMatrix(s, o, zeta).forEach((row, i) => row.forEach((v, j) => expect(Math.abs(v - want[i][j])).toBeLessThan(1e-12 * (1 + Math.abs(want[i][j])))));
          const closed = gssssClosedForm(m, o, zeta);
          // the bisection root of the closed form is exact to ~1e-15 except at a double root (≈ 1e-8 there)
          expect(Math.abs(amplificationFactor(s, o, zeta) - closed)).toBeLessThan(Math.abs(closed - 1) < 1e-3 ? 1e-7 : 1e-9);
        }
        expect(Math.abs(amplificationLimit(s, zeta) - gssssClosedLimit(m, zeta))).toBeLessThan(1e-5);
      }
    });
  }
});

describe('Gear predictor–corrector against the matrix written out by hand', () => {
  for (const id of GEARS) {
    for (const velocityDependent of [true, false]) {
      const alpha = velocityDependent ? GEAR_TABLES[id].alphaVel : GEAR_TABLES[id].alphaPos;
      it(`${id}, α0 = ${alpha[0].toFixed(4)}: the step's matrix is (I + α cᵀ)P; ρ agrees with the characteristic polynomial's roots to 1e-8`, () => {
        const s = gear(id, velocityDependent);
        for (const zeta of [0, 0.05, 0.2]) {
          for (const o of [0.07, 0.3, 0.55, 0.9, 1.3, 1.8]) {
            const want = gearTextbook(alpha, o, zeta), got = amplificationMatrix(s, o, zeta);
            expect(got.length).toBe(alpha.length);
            got.forEach((row, i) => row.forEach((v, j) => expect(Math.abs(v - want[i][j])).toBeLessThan(1e-13 * (1 + Math.abs(want[i][j])))));
            expect(Math.abs(amplificationFactor(s, o, zeta) - largestRoot(characteristicPolynomial(want)))).toBeLessThan(1e-8);
          }
        }
      });
    }
  }

  it('Gear 3 undamped: the limit is √2, where the hand-written matrix has the eigenvalue −1 (det(A + I) = 0)', () => {
    const s = gear('gear3', false);
    expect(amplificationLimit(s, 0)).toBeCloseTo(Math.SQRT2, 5);
    const a = gearTextbook(GEAR_TABLES.gear3.alphaPos, Math.SQRT2, 0).map((row, i) => row.map((v, j) => v + (i === j ? 1 : 0)));
    expect(Math.abs(characteristicPolynomial(a)[4])).toBeLessThan(1e-12); // p_n = (−1)ⁿ det
  });

  it('the limits reproduce the table of docs/model.md#stability-of-gear-on-a-damped-contact (gear.ts) to ±0.002', () => {
    const zetas = [0, 0.05, 0.1, 0.2, 0.3];
    for (const id of GEARS) {
      for (const velocityDependent of [true, false]) {
        const row = velocityDependent ? GEAR_TABLES[id].stabilityVel : GEAR_TABLES[id].stabilityPos;
        zetas.forEach((zeta, k) => expect(Math.abs(amplificationLimit(gear(id, velocityDependent), zeta) - row[k])).toBeLessThan(0.002));
      }
    }
  });

  it('the dashpot-rate limits of docs/model.md#gears-dashpot-rate-limit: with the spring all but gone (Ω = 10⁻³), ρ crosses 1 at c Δt = 2ζΩ = 0.163 (Gear 5), 0.300 (Gear 4), 0.545 (Gear 3), 1.0 (central difference)', () => {
    const o = 1e-3, rho = (s: AmplifiedScheme, alpha: readonly number[] | null, cdt: number): number =>
      alpha ? largestRoot(characteristicPolynomial(gearTextbook(alpha, o, cdt / (2 * o)))) : amplificationFactor(s, o, cdt / (2 * o));
    const cases: [AmplifiedScheme, readonly number[] | null, number][] = [
      [gear('gear5', true), GEAR_TABLES.gear5.alphaVel, 0.163], [gear('gear5', false), GEAR_TABLES.gear5.alphaPos, 0.163],
      [gear('gear4', true), GEAR_TABLES.gear4.alphaVel, 0.3], [gear('gear3', true), GEAR_TABLES.gear3.alphaVel, 0.545], [CDM, null, 1],
    ];
    for (const [s, alpha, limit] of cases) {
      expect(rho(s, alpha, limit - 0.002)).toBeLessThanOrEqual(1 + 1e-6);
      expect(rho(s, alpha, limit + 0.002)).toBeGreaterThan(1 + 1e-6);
      if (alpha) expect(Math.abs(amplificationFactor(s, o, (limit + 0.002) / (2 * o)) - rho(s, alpha, limit + 0.002))).toBeLessThan(1e-8);
    }
  });
});

describe('the integrator itself grows by ρ per step beyond its limit (fit of ln|x| over the steps, within 1 %)', () => {
  const cases: [string, AmplifiedScheme, number, number][] = [
    ['cdm', CDM, 2.1, 0],
    ['cdm', CDM, 1.8, 0.1],
    ['v0-110', gssss(GSSSS_PRESETS['v0-110'].parameters), 2.1, 0],
    ['u0-010', gssss(GSSSS_PRESETS['u0-010'].parameters), 1.9, 0],
    ['v0-010', gssss(GSSSS_PRESETS['v0-010'].parameters), 1.6, 0.2],
    ['U0(0.5,0.8,0.2)', gssss(GENERAL), 1.9, 0.05],
    ['gear3', gear('gear3', true), 1.2, 0.1],
    ['gear4', gear('gear4', true), 0.85, 0.1],
    ['gear5', gear('gear5', true), 0.6, 0.1],
    ['gear5, r̈ = f(r)', gear('gear5', false), 0.75, 0],
  ];
  for (const [name, s, o, zeta] of cases) {
    it(`${name} at Ω = ${o}, ζ = ${zeta}`, () => {
      const rho = amplificationFactor(s, o, zeta);
      expect(rho).toBeGreaterThan(1.001);
      expect(o).toBeGreaterThan(amplificationLimit(s, zeta));
      // as many steps as keep |x| below 1e150
      const steps = Math.min(20_000, Math.floor((150 * Math.LN10) / Math.log(rho)));
      const fit = fittedGrowth(oscillatorRun(s, o, zeta, steps));
      // the growth rate ln ρ within 1 % (observed: 3e-5 for Gear 5 undamped, whose growing pair is complex; 1e-14 for the
      // others, whose growing eigenvalue beyond the limit is real and negative: |x| is exactly geometric)
      expect(Math.abs(Math.log(fit) / Math.log(rho) - 1)).toBeLessThan(0.01);
      expect(growthPerStep(s, 50, o / 50, zeta)).toBeCloseTo(rho, 12);
    });
  }
});

describe('the band of ρ over a range of contact frequencies, and the scheme of each integrator id', () => {
  it('central difference over Ω from 1 to 2.5: low = 1 (the stable modes), high = ρ(2.5)', () => {
    const dt = 0.01, band = growthBand(CDM, 1 / dt, 2.5 / dt, dt, 0);
    expect(Math.abs(band.low - 1)).toBeLessThan(1e-9);
    expect(band.high).toBeCloseTo(cdmBeyond(2.5), 10);
  });

  it('ids map to their schemes; contact dynamics has none', () => {
    expect(amplifiedScheme('gear5', GENERAL, true)).toEqual(gear('gear5', true));
    expect(amplifiedScheme('u0-010', GENERAL, true)).toEqual(gssss(GSSSS_PRESETS['u0-010'].parameters));
    expect(amplifiedScheme('gssss', GENERAL, false)).toEqual(gssss(GENERAL));
    expect(amplifiedScheme('contact-dynamics', GENERAL, true)).toBeNull();
  });
});
