/**
 * The words for a blow-up the "let it blow up" switch let run (src/protocol/blow-up.ts): the growth factor per step
 * measured from the Ek line and the integrator's amplification factor beside it — one number for a scene with one
 * contact mode (they agree when ln ρ differs by at most AGREE), a band over a pile's modes (inside or not) — the line
 * Ek climbed, and why the run stopped.
 */
import type { BlowUpStatus, GrowthFit, GrowthTheory } from '../../protocol/blow-up';
import { fmtInt } from '../controls/format';

/** Measured and theoretical ln ρ agree within this fraction (the lesson's claim: 5 %) */
export const AGREE = 0.05;

const INTEGRATOR_NAMES: Record<string, string> = {
  gear3: 'Gear 3', gear4: 'Gear 4', gear5: 'Gear 5', cdm: 'central difference', 'v0-110': 'V0(1,1,0)', 'u0-010': 'U0(0,1,0)',
  'v0-010': 'V0(0,1,0)', gssss: 'the GSSSS member',
};

/** The integrator as the headline names it. */
export function integratorName(id: string): string {
  return INTEGRATOR_NAMES[id] ?? id;
}

const f4 = (v: number): string => (Number.isFinite(v) ? v.toFixed(4) : '–');
const f2 = (v: number): string => (Number.isFinite(v) ? v.toFixed(2) : '–');

/** 10⁶ as "10⁶", 3.2·10⁴ as "3.2·10⁴" */
export function powerOfTen(v: number): string {
  if (!(v > 0) || !Number.isFinite(v)) return '–';
  const e = Math.floor(Math.log10(v) + 1e-9), m = v / 10 ** e;
  const sup = String(e).split('').map((c) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(c)] ?? (c === '-' ? '⁻' : c)).join('');
  return m < 1.05 ? `10${sup}` : `${m.toFixed(1)}·10${sup}`;
}

/** Why the run stopped, briefly. */
export function stopReason(b: BlowUpStatus): string {
  switch (b.reason) {
    case 'growth': return `stopped at ${powerOfTen(b.maxGrowth)}× its low`;
    case 'left': return `stopped: ${b.left === 1 ? 'a body' : `${fmtInt(b.left)} bodies`} left the scene (marked at its edge)`;
    case 'steps': return `stopped after ${fmtInt(b.maxSteps)} steps of growth short of ${powerOfTen(b.maxGrowth)}×`;
    case 'non-finite': return 'stopped: positions became NaN or infinite';
    default: return '';
  }
}

/** Where the measured ρ lies against the theory: one mode 'agrees' (ln ρ within AGREE) or 'differs'; a band 'inside' or 'outside'. */
export function verdict(fit: GrowthFit, theory: GrowthTheory): 'agrees' | 'differs' | 'inside' | 'outside' {
  if (theory.single) return Math.abs(Math.log(fit.rho) / Math.log(theory.rhoStiffest) - 1) <= AGREE ? 'agrees' : 'differs';
  return fit.rho >= theory.band.low && fit.rho <= theory.band.high ? 'inside' : 'outside';
}

/**
 * A blow-up in three lines: the measured factor against the theory and the verdict; the line Ek climbed and why it
 * stopped; the modes the theory is for.
 */
export function blowUpLines(b: BlowUpStatus): string[] {
  const fit = b.fit, th = b.theory;
  if (!fit) return [stopReason(b), 'too few steps of growth to measure it'];
  const measured = `measured ρ = ${f4(fit.rho)} a step`;
  const climb = `Ek ×${powerOfTen(fit.span)} along a straight line on the log axis (r² = ${fit.r2.toFixed(4)}), ${fmtInt(fit.toStep - fit.fromStep)} steps; ${stopReason(b)}`;
  if (!th) return [measured, climb, 'no amplification factor for this scene (no contacts, polygons, or not the linear law)'];
  const who = integratorName(th.integrator);
  const v = verdict(fit, th);
  if (th.single) {
    const diff = Math.abs(Math.log(fit.rho) / Math.log(th.rhoStiffest) - 1);
    return [
      `${measured} · ${who}'s amplification factor ρ = ${f4(th.rhoStiffest)} · ${v === 'agrees' ? 'agree' : 'differ'}: ln ρ within ${(100 * diff).toFixed(1)} %`,
      climb,
      `one contact mode: ωΔt = ${f2(th.omegaStiffest * th.dt)}, ζ = ${f2(th.zetaStiffest)}`,
    ];
  }
  return [
    `${measured} · ${v === 'inside' ? 'inside' : 'outside'} the theory’s band: ${who} over its modes, ${f4(th.band.low)} … ${f4(th.band.high)}`,
    climb,
    `contact modes ωΔt = ${f2(th.omegaSoftest * th.dt)} … ${f2(th.omegaStiffest * th.dt)}; the stiffest alone (ζ = ${f2(th.zetaStiffest)}): ${f4(th.rhoStiffest)}`,
  ];
}
