/**
 * Which soft-DEM controls mean something for the current model, read off the parameter table (param-table.ts) and
 * so off the contact laws' declarations (laws/contact-law.ts): a law's own row while that law is the normalLaw, a
 * shared row (kn, kt/kn, εn) while the chosen law reads it (its `reads`), every other row always; none under
 * contact dynamics. The tangential scheme then takes away what it does not use: Haff–Werner friction shows its γS
 * instead of the tangential spring, its damping and the cap mode (that cap is always on the total force); εn shows
 * also while it sets εt (a spring scheme that takes its damping from restitution).
 */
import type { ParamInfo } from '../param-rows/param-info';
import { SOFT_ONLY_PARAMS, type SoftParam } from './param-lists';
import { PARAMS, type LiveParams } from './param-table';

/** Whether the row `info` is read under the normal law `lawId` (its own law's row, a shared row its readers', or any other row). */
export function readUnderLaw(info: ParamInfo, lawId: string): boolean {
  if (info.law !== undefined) return info.law === lawId;
  return info.readBy === undefined || info.readBy.includes(lawId);
}

/** Each soft-DEM-only row: whether its control shows for this law, tangential scheme and solver. */
export function shownSoftParams(p: Pick<LiveParams, 'normalLaw' | 'tangential' | 'tangentialDamping'>, contactDynamics: boolean): Record<SoftParam, boolean> {
  const shown = {} as Record<SoftParam, boolean>;
  for (const name of SOFT_ONLY_PARAMS) shown[name] = !contactDynamics && readUnderLaw(PARAMS[name], p.normalLaw);
  const spring = p.tangential !== 'haff-werner', ratio = p.tangentialDamping !== 'restitution';
  shown.en ||= !contactDynamics && spring && !ratio;
  shown.ktOverKn &&= spring;
  shown.tangentialDamping &&= spring;
  shown.nuTOverNuN &&= spring && ratio;
  shown.etOverEn &&= spring && !ratio;
  shown.capMode &&= spring;
  shown.gammaS &&= !spring;
  return shown;
}
