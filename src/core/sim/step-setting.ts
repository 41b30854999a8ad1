/**
 * How a world's Δt follows its parameters: fixed in seconds (a scenario's solver.dt, or contact dynamics) or as
 * Δt/t_c (which then follows t_c as the material changes), and the step each kind of integrator last used;
 * t_c is that of the reference contact (time-scales.ts).
 */
import { PARAMS, type LiveParams } from '../config/param-table';
import type { Integrator } from '../integrators/integrator';
import type { MaterialCoefficients } from '../laws/material';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';
import { DashpotRate, MAX_ITERATIONS } from '../diagnostics/dashpot-rate';
import { timeScales } from './time-scales';
import type { TimeScales } from './world-types';

/** First Δt/t_c when a contact-dynamics scene is switched to soft DEM (the table's default, well inside Gear's and CDM's limits). */
const DEFAULT_SOFT_DT_OVER_TC = PARAMS.dtOverTc.default;

type Kind = 'force' | 'impulse';

/**
 * The dashpots' fastest rate is estimated again when asked at least this many steps after the last estimate (or for
 * other dashpots, bodies or rotation, or when contacts appear): the page asks for the status every frame, and an
 * estimate costs up to MAX_ITERATIONS passes over the contacts, each ≈ 0.5 of a step's time on the 100k disc bench
 * pile, so at most ≈ 3 % of the steps' time while the page polls and none in a run nobody asks
 */
const RATE_REFRESH_STEPS = 1024;
/** What the dashpot-rate estimate reads of the world: its complete contact record, their number, its step */
export interface RateSource {
  readonly contacts: ContactList;
  readonly contactCount: number;
  readonly stepCount: number;
}

export class StepSetting {
  /** The step setting last used with each kind of integrator (see switchKind) */
  private readonly byKind: Partial<Record<Kind, { absolute: boolean; dt: number; dtOverTc: number }>> = {};
  /** t − stepCount·Δt: time runs on across a change of Δt [s] */
  tOffset = 0;

  /**
   * `absolute`: Δt is kept in seconds (params.dtOverTc follows t_c), else Δt/t_c is kept; `mrRef`: the reference
   * contact's reduced mass (state/reference-mass.ts) [kg]
   */
  constructor(public absolute: boolean, readonly mrRef: number) {}

  /**
   * Contacts a progressive caller's call passes over at most (at least one pass): the page's status spreads a refresh
   * over its frames instead of stopping the worker for the whole estimate (≈ 0.6 s at 100k discs, 55 passes over
   * 135,000 contacts), while the last estimate stands; a 1,000-body scene's refresh still ends within one call
   */
  static progressiveContacts = 200_000;
  private readonly rate = new DashpotRate();
  /** The step the estimate under way (or the last) began at */
  private began = -1;
  /** The last estimate of c_max [1/s], the step it was made at, for which dashpots and bodies (rateKey), with contacts or without */
  private readonly rated = { cMax: 0, step: -1, key: '', contacts: false };

  /**
   * The time scales of material m for bodies b and integrator (with the live parameters p) and the contacts of `run`;
   * `progressive` (the page's status, asked every frame): a due refresh of a valid estimate runs a few passes a call
   */
  timeScales(m: MaterialCoefficients, b: BodyState, p: LiveParams, integrator: Integrator, run: RateSource, progressive = false): TimeScales {
    return timeScales(m, this.mrRef, b, p.rotation, integrator, this.dashpotRate(m, b, p, integrator, run, progressive));
  }

  /**
   * c_max of run's contacts, estimated afresh when the last estimate is RATE_REFRESH_STEPS old, or was made for other
   * dashpots, bodies or rotation (a change of Δt alone keeps it: the contacts are the same), or before contacts
   * appeared; a non-finite estimate (a diverged state) keeps the last finite one. A refresh that is only due by age
   * may take a progressive caller several calls (progressiveContacts each), on the contacts of the step it began at,
   * and the last estimate stands until it ends; any other caller, or an estimate that is no longer valid, gets it whole.
   */
  private dashpotRate(
    m: MaterialCoefficients, b: BodyState, p: LiveParams, integrator: Integrator, run: RateSource, progressive: boolean,
  ): { cMax: number; step: number } | null {
    const r = this.rated, contacts = run.contactCount > 0, age = run.stepCount - r.step;
    if (!contacts) r.contacts = false;
    if (!contacts || !Number.isFinite(integrator.dashpotRateLimit())) return null;
    const key = rateKey(m, b.n, p.rotation), rate = this.rate;
    const invalid = key !== r.key || !r.contacts || age < 0, spread = progressive && !invalid;
    if (invalid || age >= RATE_REFRESH_STEPS) {
      if (!spread || !rate.pending) {
        rate.begin(b, run.contacts, m);
        this.began = run.stepCount;
      }
      if (rate.advance(spread ? Math.max(1, Math.floor(StepSetting.progressiveContacts / Math.max(1, rate.contacts))) : MAX_ITERATIONS)) {
        if (Number.isFinite(rate.result)) { r.cMax = rate.result; r.step = this.began; }
        r.key = key;
        r.contacts = true;
      }
    }
    return { cMax: r.cMax, step: r.step };
  }

  /** The Δt for contact time tc: `dt` kept, params.dtOverTc set to match, or params.dtOverTc·tc [s] */
  fit(dt: number, p: LiveParams, tc: number): number {
    if (this.absolute) {
      p.dtOverTc = dt / tc;
      return dt;
    }
    return p.dtOverTc * tc;
  }

  /**
   * Soft DEM and contact dynamics want very different steps (a fraction of t_c vs a fraction of a
   * radius of travel), so switching between the two kinds restores the step last used with the new
   * kind. The first switch to soft DEM starts at Δt = 0.02 t_c; the first switch to contact dynamics
   * keeps the current (soft-DEM, hence small) Δt in seconds. A Δt given in the same patch wins.
   * Returns the Δt [s] (fit then sets the one that holds); may set params.dtOverTc.
   */
  switchKind(oldKind: Kind, newKind: Kind, dtGiven: boolean, dt: number, p: LiveParams): number {
    if (newKind === oldKind || dtGiven) return dt;
    this.byKind[oldKind] = { absolute: this.absolute, dt, dtOverTc: p.dtOverTc };
    const saved = this.byKind[newKind];
    if (saved) {
      this.absolute = saved.absolute;
      p.dtOverTc = saved.dtOverTc;
      return saved.dt;
    }
    if (newKind === 'force') {
      this.absolute = false;
      p.dtOverTc = DEFAULT_SOFT_DT_OVER_TC;
    } else {
      this.absolute = true;
    }
    return dt;
  }
}

/** What c_max depends on besides the contacts' geometry: the dashpots' coefficients and the rules for which act, the bodies */
function rateKey(m: MaterialCoefficients, n: number, rotation: boolean): string {
  return [m.law, m.kn, m.kt, m.zetaN, m.zetaT, m.gtFromRatio, m.gtRatio, m.rateDamping, m.gammaRate, m.viscousShear, m.gammaS,
    m.mu, m.capElastic, m.clampNormal, n, rotation].join(' ');
}
