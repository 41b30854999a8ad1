/**
 * Which models go together (docs/model.md#allowed-combinations), checked when a scenario is loaded and on every
 * setParams: the normal law, the tangential scheme and the solver must serve every shape of the scene (`shapes`,
 * its shape kinds: the laws declare theirs, the shape registry shapes/shape-kind.ts the schemes and solvers), and
 * each scheme's `worksWith` sees the integrator's GSSSS markers (null for Gear). Contact dynamics has no tangential
 * spring (static friction is an exact stick constraint, docs/model.md#what-contact-dynamics-does-not-do), so any
 * scheme setting is accepted and ignored there. The models of one run (contact law, and the tangential scheme or
 * the contact-dynamics solver) must also fit in the contact record's history slots (state/history-slots.ts).
 * Each check returns the message for a refused combination, or null.
 */
import { ParamError } from '../config/param-check';
import { TANGENTIAL_IDS } from '../param-rows/param-ids';
import type { LiveParams } from '../config/param-table';
import { CD_HISTORY } from '../integrators/contact-dynamics';
import { INTEGRATORS, type GssssSettings } from '../integrators/registry';
import { CONTACT_LAWS, normalLawNamed, normalLawIds } from '../laws/registry';
import { DISC, firstUnserved, SHAPES, type ShapeDeclaration } from '../shapes/shape-kind';
import { historyClash } from '../state/history-slots';
import { TANGENTIAL_SCHEMES } from '../tangential/registry';

/** A scene of discs only: the shapes a check assumes when it is given none */
const DISCS: readonly number[] = [DISC];

const plural = (s: ShapeDeclaration) => `${s.name}s`;

/** Whether the chosen law serves the scene's shapes (its declaration's `shapes`): the message if not, or null. */
export function lawShapeProblem(normalLaw: string, shapes: readonly number[] = DISCS): string | null {
  const law = normalLawNamed(normalLaw).choice, serves = (s: ShapeDeclaration, l = law) => (l.shapes as readonly string[]).includes(s.name);
  const missing = firstUnserved(shapes, (s) => serves(s));
  if (!missing) return null;
  const ok = normalLawIds().filter((id) => serves(missing, normalLawNamed(id).choice)).map((id) => `'${id}'`).join(', ');
  const use = !ok ? `no normalLaw serves ${plural(missing)}` : missing.lawNote ? `${missing.lawNote} (normalLaw ${ok})` : `${missing.name} scenes take normalLaw ${ok}`;
  return `the ${law.name} law is for ${law.shapes.map((s) => `${s}s`).join(' and ')}; ${use}`;
}

/** Whether the integrator's solver has colliders for every shape of the scene: the message if not, or null. */
export function solverShapeProblem(integrator: LiveParams['integrator'], shapes: readonly number[] = DISCS): string | null {
  const kind = INTEGRATORS[integrator].kind, missing = firstUnserved(shapes, (s) => s.solvers.includes(kind));
  if (!missing) return null;
  const ok = SHAPES.filter((s) => s.solvers.includes(kind)).map(plural).join(' and ');
  return `'${integrator}' has no colliders for ${plural(missing)} (${kind === 'force' ? 'soft DEM' : 'contact dynamics'} serves ${ok})`;
}

export function combinationProblem(
  p: GssssSettings & Pick<LiveParams, 'integrator' | 'tangential'> & Partial<Pick<LiveParams, 'normalLaw'>>, shapes: readonly number[] = DISCS,
): string | null {
  const refused = (p.normalLaw === undefined ? null : lawShapeProblem(p.normalLaw, shapes)) ?? solverShapeProblem(p.integrator, shapes);
  if (refused) return refused;
  if (p.integrator === 'contact-dynamics') return historyClash([...CONTACT_LAWS, { id: 'contact-dynamics', history: CD_HISTORY }]);
  const scheme = TANGENTIAL_SCHEMES[p.tangential];
  const missing = firstUnserved(shapes, (s) => s.tangential.includes(p.tangential));
  if (missing) {
    const ok = TANGENTIAL_IDS.filter((t) => missing.tangential.includes(t)).map((t) => `'${t}'`).join(', ');
    const forms = SHAPES.filter((s) => s.tangential.includes(p.tangential)).map(plural).join(' and ');
    return `'${p.tangential}' works with ${forms} only for now; ${missing.name} scenes use ${ok}`;
  }
  const entry = INTEGRATORS[p.integrator];
  if (scheme.worksWith(entry.markers(p))) return historyClash([...CONTACT_LAWS, scheme]);
  const what = p.integrator === 'gssss' ? `gssss ${p.gssssFamily}(${p.rhoMin},${p.rhoMax},${p.rhoS}; η=${p.eta})` : p.integrator;
  return `'${p.tangential}' ${scheme.requirement}; the integrator is '${what}'`;
}

/**
 * Throws a refused combination as a ParamError naming the parameter to change: the one of `changed` (a patch's
 * keys) that made it, or for a scenario the normalLaw, integrator or tangential scheme that does not fit.
 */
export function checkCombination(p: LiveParams, shapes: readonly number[], changed?: Partial<LiveParams>): void {
  const refused = combinationProblem(p, shapes);
  if (!refused) return;
  const param = changed ? ('normalLaw' in changed ? 'normalLaw' : 'tangential' in changed ? 'tangential' : 'integrator')
    : lawShapeProblem(p.normalLaw, shapes) ? 'normalLaw' : solverShapeProblem(p.integrator, shapes) ? 'integrator' : 'tangential';
  throw new ParamError(param, refused);
}
