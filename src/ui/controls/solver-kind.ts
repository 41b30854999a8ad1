/**
 * The "Soft DEM / Contact dynamics" choice at the top of the Solver folder, and the unit a parameter is shown in
 * under the chosen law (which controls show: core/config/param-visibility.ts). Switching keeps the scene running: it only changes the integrator
 * (to contact dynamics, or back to the soft-DEM integrator used last, gear5 at first); the core
 * restores each kind's own Δt. The kinds come from the core's integrator registry via the worker.
 */
import type GUI from 'lil-gui';
import type { Controller } from 'lil-gui';
import { PARAMS, type ParamName } from '../../core/config/param-table';
import { normalLawNamed } from '../../core/laws/registry';
import type { ScheduledChange, SolverCatalog } from '../../protocol/api';
import { fmtNum } from './format';

/** The unit a numeric parameter is shown in under the chosen law (its declaration's `units`: Hertz reads kn as k_N in N/m^1.5) */
export function paramUnit(name: ParamName, normalLaw: string | undefined): string {
  const info = PARAMS[name];
  if (info.kind !== 'number') return '';
  const units = normalLaw === undefined ? undefined : normalLawNamed(normalLaw).choice.units;
  return units && Object.hasOwn(units, name) ? units[name] : info.unit;
}

export type SolverKind = 'soft' | 'cd';

const LABELS: Record<string, SolverKind> = {
  'Soft DEM': 'soft',
  'Contact dynamics': 'cd',
};

export class SolverKindChoice {
  readonly ctrl: Controller;
  private readonly model: { solverKind: SolverKind } = { solverKind: 'soft' };
  private readonly cdIds: Set<string>;
  private readonly cdIntegrator: string;
  /** the soft-DEM integrator to go back to */
  private lastSoft: string;

  constructor(folder: GUI, catalog: SolverCatalog, onChoose: (integrator: string) => void) {
    this.cdIds = new Set(catalog.integrators.filter((c) => c.kind === 'impulse').map((c) => c.id));
    this.cdIntegrator = [...this.cdIds][0] ?? 'contact-dynamics';
    this.lastSoft = catalog.integrators.find((c) => c.kind !== 'impulse')?.id ?? 'gear5';
    this.ctrl = folder.add(this.model, 'solverKind', LABELS).name('method');
    this.ctrl.domElement.setAttribute('data-testid', 'gui-solverKind');
    this.ctrl.domElement.classList.add('solver-kind');
    this.ctrl.domElement.title = 'Same scene, other solver: soft DEM integrates spring–dashpot forces on overlaps; contact dynamics treats the discs as rigid and solves the contact forces with N_I sweeps per step (paper 004).';
    this.ctrl.onChange((v: SolverKind) => onChoose(v === 'cd' ? this.cdIntegrator : this.lastSoft));
  }

  isContactDynamics(integrator: string): boolean {
    return this.cdIds.has(integrator);
  }

  /** Shows the kind of the worker's integrator (no change is sent). */
  show(integrator: string): void {
    const kind: SolverKind = this.isContactDynamics(integrator) ? 'cd' : 'soft';
    if (kind === 'soft') this.lastSoft = integrator;
    if (this.model.solverKind !== kind) {
      this.model.solverKind = kind;
      this.ctrl.updateDisplay();
    }
  }
}

/** "At t = 2.5 s the scenario sets pistonMass = 100, …" for scheduled changes still to come ('' if none). */
export function scheduleText(schedule: readonly ScheduledChange[]): string {
  const pending = schedule.filter((e) => !e.done);
  if (!pending.length) return '';
  return pending
    .map((e) => `At t = ${fmtNum(e.at)} s the scenario sets ${Object.entries(e.set).map(([k, v]) => `${k} = ${typeof v === 'number' ? fmtNum(v) : String(v)}`).join(', ')}.`)
    .join(' ');
}
