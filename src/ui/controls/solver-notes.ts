/**
 * The text under the solver choices: the core's one-line description of the chosen integrator and
 * tangential scheme, which schemes the core refuses with the chosen integrator (those options are
 * disabled in the dropdown, so they cannot be picked), and the core's message when a change was
 * refused. All strings come from the worker (the core's registries) and are set as text, never HTML.
 */
import type { Controller, OptionController } from 'lil-gui';
import type { SchemeProblems, SolverCatalog } from '../../protocol/api';

function note(after: HTMLElement, testId: string, cls = 'solver-note'): HTMLElement {
  const el = document.createElement('div');
  el.className = cls;
  el.setAttribute('data-testid', testId);
  after.after(el);
  return el;
}

function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
  el.hidden = text === '';
}

export class SolverNotes {
  private readonly integratorNote: HTMLElement;
  private readonly tangentialNote: HTMLElement;
  private readonly refusedNote: HTMLElement;
  private readonly rejectionNote: HTMLElement;
  private readonly integrators: Map<string, string>;
  private readonly schemes: Map<string, string>;
  private tangentialShown = true;

  constructor(
    catalog: SolverCatalog,
    integratorCtrl: Controller,
    private readonly tangentialCtrl: Controller,
  ) {
    this.integrators = new Map(catalog.integrators.map((c) => [c.id, c.description]));
    this.schemes = new Map(catalog.tangential.map((c) => [c.id, c.description]));
    this.integratorNote = note(integratorCtrl.domElement, 'integrator-description');
    this.tangentialNote = note(tangentialCtrl.domElement, 'tangential-description');
    this.refusedNote = note(this.tangentialNote, 'refused-schemes');
    this.rejectionNote = note(this.refusedNote, 'combination-message', 'solver-note rejected');
    this.rejectionNote.setAttribute('role', 'alert');
    this.rejectionNote.hidden = true;
  }

  /** Shows the descriptions of the current choice. */
  show(integrator: string, tangential: string): void {
    setText(this.integratorNote, this.integrators.get(integrator) ?? '');
    setText(this.tangentialNote, this.tangentialShown ? this.schemes.get(tangential) ?? '' : '');
  }

  /** Contact dynamics has no tangential spring: its scheme notes are hidden with the dropdown. */
  showTangential(on: boolean): void {
    if (on === this.tangentialShown) return;
    this.tangentialShown = on;
    this.tangentialNote.hidden = !on || this.tangentialNote.textContent === '';
    this.refusedNote.hidden = !on || this.refusedNote.textContent === '';
  }

  /**
   * Disables the schemes the core refuses with the current integrator settings, with the reason
   * as the option's tooltip, and lists them under the dropdown.
   */
  showRefusedSchemes(problems: SchemeProblems, integrator: string): void {
    const ctrl = this.tangentialCtrl as OptionController;
    const refused: string[] = [];
    for (const [k, option] of Array.from(ctrl.$select.options).entries()) {
      const id = String(ctrl._values[k]);
      const why = (problems as Record<string, string | null>)[id] ?? null;
      option.disabled = why !== null;
      option.title = why ?? '';
      if (why !== null) refused.push(id);
    }
    setText(this.refusedNote, refused.length && this.tangentialShown ? `Not with ${integrator}: ${refused.join(', ')}` : '');
  }

  /** The core's message for a refused change (empty: hide). */
  showRejection(message: string): void {
    setText(this.rejectionNote, message);
  }
}
