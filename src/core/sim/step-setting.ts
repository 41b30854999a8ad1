/**
 * How a world's Δt follows its parameters: fixed in seconds (a scenario's solver.dt, or contact dynamics) or as
 * Δt/t_c (which then follows t_c as the material changes), and the step each kind of integrator last used;
 * t_c is that of the reference contact (time-scales.ts).
 */
import { PARAMS, type LiveParams } from '../config/param-table';
import type { Integrator } from '../integrators/integrator';
import type { MaterialCoefficients } from '../laws/material';
import type { BodyState } from '../state/body-state';
import { timeScales } from './time-scales';
import type { TimeScales } from './world-types';

/** First Δt/t_c when a contact-dynamics scene is switched to soft DEM (the table's default, well inside Gear's and CDM's limits). */
const DEFAULT_SOFT_DT_OVER_TC = PARAMS.dtOverTc.default;

type Kind = 'force' | 'impulse';

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

  /** The time scales of material m for bodies b and integrator (with the live parameters p) */
  timeScales(m: MaterialCoefficients, b: BodyState, p: LiveParams, integrator: Integrator): TimeScales {
    return timeScales(m, this.mrRef, b, p.rotation, integrator);
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
