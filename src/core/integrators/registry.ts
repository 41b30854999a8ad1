/** The integrators, one row each. Adding an integrator = one file + one row here. */
import type { IntegratorId } from '../param-rows/param-ids';
import type { LiveParams } from '../config/param-table';
import { ContactDynamics } from './contact-dynamics';
import { GearIntegrator } from './gear';
import { GSSSS_PRESETS, gssssMarkers, type GssssMarkers, type GssssParameters, type GssssPresetId } from './gssss-parameters';
import { GssssIntegrator } from './gssss';
import type { Integrator } from './integrator';

/** The live parameters of the general member. */
export type GssssSettings = Pick<LiveParams, 'gssssFamily' | 'rhoMin' | 'rhoMax' | 'rhoS' | 'eta'>;

export interface IntegratorEntry {
  /** One line for the GUI and --help */
  description: string;
  /** 'force': soft DEM (springs and dashpots); 'impulse': contact dynamics (rigid, constraint forces) */
  kind: 'force' | 'impulse';
  create: (p: LiveParams) => Integrator;
  /** GSSSS markers the tangential update will see; null for Gear (tangential-scheme.ts `worksWith`) */
  markers: (p: GssssSettings) => GssssMarkers | null;
}

function gear(id: 'gear3' | 'gear4' | 'gear5', description: string): IntegratorEntry {
  return { description, kind: 'force', create: () => new GearIntegrator(id), markers: () => null };
}

function preset(id: GssssPresetId): IntegratorEntry {
  const p = GSSSS_PRESETS[id];
  const parameters: GssssParameters = { ...p.parameters };
  return {
    description: `${p.title}: ${p.description}`,
    kind: 'force',
    create: () => new GssssIntegrator(id, parameters, `${p.title} (${p.description})`),
    markers: () => gssssMarkers(parameters),
  };
}

/** The general member U0/V0(ρmin, ρmax, ρs; η) from the live parameters. */
function generalParameters(p: GssssSettings): GssssParameters {
  return { family: p.gssssFamily, rhoMin: p.rhoMin, rhoMax: p.rhoMax, rhoS: p.rhoS, eta: p.eta };
}

function gssssLabel(g: GssssParameters): string {
  return `GSSSS ${g.family}(${g.rhoMin},${g.rhoMax},${g.rhoS}; η=${g.eta})`;
}

export const INTEGRATORS: Record<IntegratorId, IntegratorEntry> = {
  gear5: gear('gear5', 'Gear predictor–corrector, 5th order (paper 000 App. A)'),
  gear4: gear('gear4', 'Gear predictor–corrector, 4th order'),
  gear3: gear('gear3', 'Gear predictor–corrector, 3rd order'),
  cdm: preset('cdm'),
  'v0-110': preset('v0-110'),
  'u0-010': preset('u0-010'),
  'v0-010': preset('v0-010'),
  gssss: {
    description: 'GSSSS U0/V0(ρmin, ρmax, ρs; η): any explicit member, set by gssssFamily, rhoMin, rhoMax, rhoS, eta',
    kind: 'force',
    create: (p) => {
      const g = generalParameters(p);
      return new GssssIntegrator('gssss', g, `${gssssLabel(g)} (general explicit member, second order)`);
    },
    markers: (p) => gssssMarkers(generalParameters(p)),
  },
  'contact-dynamics': {
    description: 'Contact dynamics: rigid discs, iterative constraint solver (paper 004)',
    kind: 'impulse',
    create: () => new ContactDynamics(),
    markers: () => null,
  },
};
