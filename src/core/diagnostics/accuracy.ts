/**
 * Accuracy warnings for runs that are stable but measurably wrong, before any divergence, each in one
 * sentence that gives the numbers it is based on (issue 10):
 * - energy not accounted for: kinetic + elastic energy plus what the normal dashpots have dissipated
 *   (Σ γ_n u_n² Δt, a lower bound of all dissipation) exceeds what the start state, gravity, walls and
 *   the hand supplied. The contact law only removes energy, so any excess is made by the integration.
 * - effective restitution of binary collisions off from εn (collision-monitor.ts).
 */

export type AccuracyKind = 'energy' | 'restitution';

export interface Accuracy {
  status: 'ok' | 'warning';
  kind: AccuracyKind | '';
  message: string;
  /** energy: excess / supplied energy; restitution: typical |e/εn − 1| of the recent collisions */
  value: number;
}

export const ACCURACY_OK: Accuracy = { status: 'ok', kind: '', message: '', value: 0 };

/**
 * Excess energy reported above this fraction of the supplied energy. Gear 5 at Δt = t_c/50 keeps the
 * account within 0.1 % on the built-ins (docs/validation.md); 5 % is far outside that and far inside
 * the divergence detector's 100 %.
 */
export const ENERGY_EXCESS = 0.05;
/**
 * Restitution reported when the typical recent binary collision (collision-monitor.ts) is off from εn
 * by more than this fraction. A single head-on collision is exact to 0.0004 % at Δt = t_c/100 and off
 * by 3.4 % at t_c/5 (0.931 for 0.9); collisions in a shower of falling discs scatter, so that the
 * median of 20 reaches 2 % in the heap at the default t_c/50 (1.1 % at t_c/200): 3 % stays clear of it.
 * A pile at t_c/20 is caught by the energy account instead (it creates 30× its energy in 0.5 s).
 */
export const RESTITUTION_TOLERANCE = 0.03;
/**
 * Steps to wait after a confirmation of the energy account (exact elastic energy) while the quick estimate
 * stays above the bound. Gear's evaluation-state overlaps overshoot during contacts, so a settled pile can
 * keep the quick estimate above the bound every step, and the confirmation re-tests every pair: waiting 16
 * steps after each costs 1/16 of that and delays a warning by at most 16 steps. While the excess grows (each
 * confirmation finds it worse than the warning shown) the waits are 1, 2, 4, 8, 16 steps: a short burst is
 * followed closely, a long growth costs 1/16 (confirming every step cost a quarter of Gear's step on the 10k
 * bench pile). The divergence check, which stops the run, never waits.
 */
export const EXACT_CHECK_EVERY = 16;

const f3 = (v: number) => (Math.abs(v) >= 0.01 && Math.abs(v) < 1e4 ? v.toPrecision(3) : v.toExponential(2));

export interface StepContext {
  dtOverTc: number;
  stableDtOverTc: number;
  integrator: string;
}

/**
 * Δt against the integrator's stability limit, as a ratio. The limit is that of a lasting contact (its oscillation
 * grows by the amplification factor every step, integrators/amplification.ts); a single short collision ends
 * within a few steps, before such growth shows, so a run past the limit can stay stable and only be inaccurate.
 */
function stepAdvice(c: StepContext): string {
  const ratio = c.dtOverTc / c.stableDtOverTc;
  const limit = `${ratio.toPrecision(2)}× the stability limit ${f3(c.stableDtOverTc)} tc`;
  const where = ratio > 1 ? `, ${limit} — a limit for lasting contacts, which a short collision can outrun`
    : ratio > 0.5 ? `, ${limit}` : '';
  return `Δt = ${f3(c.dtOverTc)} tc${where}: the run is stable but inaccurate — reduce Δt/tc`;
}

export function energyWarning(excess: number, supplied: number, dissipated: number, c: StepContext): Accuracy {
  const value = excess / Math.max(supplied, 1e-300);
  const message = `Energy not accounted for: kinetic + elastic energy plus ${f3(dissipated)} J dissipated by the normal dashpots is ${f3(excess)} J (${(100 * value).toFixed(0)} %) more than the start state, gravity and the walls supplied (${f3(supplied)} J). The ${c.integrator} integration creates energy at ${stepAdvice(c)}.`;
  return { status: 'warning', kind: 'energy', message, value };
}

export function restitutionWarning(last: number, typical: number, collisions: number, en: number, stepsPerContact: number, c: StepContext): Accuracy {
  const off = last / en - 1;
  const lastText = `${f3(last)} in the last binary collision, εn = ${f3(en)} (${off > 0 ? '+' : ''}${(100 * off).toFixed(1)} %)`;
  const over = collisions >= 5 ? `; the median of the last ${collisions} is ${(100 * typical).toFixed(1)} % off`
    : collisions > 1 ? `; all of the last ${collisions} are at least ${(100 * typical).toFixed(1)} % off` : '';
  const message = `Effective restitution ${lastText}${over}: about ${Math.max(1, Math.round(stepsPerContact))} steps resolve a contact at ${stepAdvice(c)}.`;
  return { status: 'warning', kind: 'restitution', message, value: typical };
}
