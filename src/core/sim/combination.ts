/**
 * Which tangential scheme goes with which integrator (docs/model.md#allowed-combinations), checked when a
 * scenario is loaded and on every setParams: each scheme's `worksWith` sees the integrator's GSSSS
 * markers (null for Gear). Contact dynamics has no tangential spring (static friction is an exact
 * stick constraint, docs/model.md#what-contact-dynamics-does-not-do), so any scheme setting is accepted and ignored there.
 * Polygon scenes (`polygons`) take the schemes that have a polygon form (the others still derive disc
 * geometry) and a normal law whose declaration serves polygons (lawShapeProblem). (Contact dynamics has no
 * tangential spring, so any scheme setting is accepted there.)
 * The models of one run (contact law, and the tangential scheme or the contact-dynamics solver) must
 * also fit in the contact record's history slots (state/history-slots.ts).
 * Returns the message for a refused combination, or null.
 */
import { CD_HISTORY } from '../integrators/contact-dynamics';
import { INTEGRATORS, type GssssSettings } from '../integrators/registry';
import { CONTACT_LAWS, normalLawNamed, normalLawIds } from '../laws/registry';
import { historyClash } from '../state/history-slots';
import { TANGENTIAL_SCHEMES } from '../tangential/registry';
import type { LiveParams } from '../config/param-table';

/** Whether the chosen law serves the scene's shapes (its declaration's `shapes`): the message if not, or null. */
export function lawShapeProblem(normalLaw: string, polygons: boolean): string | null {
  const shape = polygons ? 'polygon' : 'disc', law = normalLawNamed(normalLaw).choice;
  if (law.shapes.includes(shape)) return null;
  const ok = normalLawIds().filter((id) => normalLawNamed(id).choice.shapes.includes(shape)).map((id) => `'${id}'`).join(', ');
  const use = polygons ? `polygon contacts use the area law (normalLaw ${ok})` : `disc scenes take normalLaw ${ok}`;
  return `the ${law.name} law is for ${law.shapes.map((s) => `${s}s`).join(' and ')}; ${use}`;
}

export function combinationProblem(p: GssssSettings & Pick<LiveParams, 'integrator' | 'tangential'> & Partial<Pick<LiveParams, 'normalLaw'>>, polygons = false): string | null {
  const shapes = p.normalLaw === undefined ? null : lawShapeProblem(p.normalLaw, polygons);
  if (shapes) return shapes;
  if (p.integrator === 'contact-dynamics') return historyClash([...CONTACT_LAWS, { id: 'contact-dynamics', history: CD_HISTORY }]);
  const scheme = TANGENTIAL_SCHEMES[p.tangential];
  if (polygons && !scheme.polygons) {
    const ok = Object.values(TANGENTIAL_SCHEMES).filter((t) => t.polygons).map((t) => `'${t.id}'`).join(', ');
    return `'${p.tangential}' works with discs only for now; polygon scenes use ${ok}`;
  }
  const entry = INTEGRATORS[p.integrator];
  if (scheme.worksWith(entry.markers(p))) return historyClash([...CONTACT_LAWS, scheme]);
  const what = p.integrator === 'gssss' ? `gssss ${p.gssssFamily}(${p.rhoMin},${p.rhoMax},${p.rhoS}; η=${p.eta})` : p.integrator;
  return `'${p.tangential}' ${scheme.requirement}; the integrator is '${what}'`;
}
