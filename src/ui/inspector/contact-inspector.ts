/**
 * The per-contact inspector (issue 11 item 5): for the selected contact (World.selectedContactDetail, through
 * the worker's selectedContact), a small panel over the canvas with the tangential spring ξ and its force, f_n,
 * f_t, the Coulomb limit μ f_n, a bar of |f_t| / (μ f_n) that says "sticking" or "sliding", and the overlap δ
 * with δ over the smaller radius. Hidden when no contact is selected or the pair is apart.
 */
import type { ContactDetail } from '../../protocol/api';
import { fmt } from '../charts/chart-style';

/** |f_t| / (μ f_n): how far out to the Coulomb cone's edge the contact's friction is (NaN without a cone) */
export function coneFraction(d: ContactDetail): number {
  return d.coulombLimit > 0 ? Math.abs(d.ft) / d.coulombLimit : NaN;
}

const party = (i: number) => (i < 0 ? `wall ${-1 - i}` : `body ${i}`);

const ROWS = [
  ['xi', 'spring ξ'], ['spring', 'k<sub>t</sub> ξ'], ['fn', 'f<sub>n</sub>'], ['ft', 'f<sub>t</sub>'], ['limit', 'μ f<sub>n</sub>'],
  ['overlap', 'overlap δ'], ['ratio', 'δ / radius'],
] as const;
type Row = (typeof ROWS)[number][0];

export class ContactInspector {
  readonly root = document.createElement('div');
  private readonly title = document.createElement('div');
  private readonly cells = {} as Record<Row, HTMLElement>;
  private readonly bar = document.createElement('div');
  private readonly fill = document.createElement('div');
  private readonly state = document.createElement('div');
  /** the contact shown now (null: hidden) */
  detail: ContactDetail | null = null;

  constructor(parent: HTMLElement) {
    this.root.id = 'contact-inspector';
    this.root.dataset.testid = 'contact-inspector';
    this.root.hidden = true;
    this.title.className = 'title';
    const table = document.createElement('table');
    for (const [key, label] of ROWS) {
      const tr = table.insertRow();
      const th = document.createElement('th');
      th.innerHTML = label; // constant markup, never data
      const td = tr.insertCell();
      td.dataset.testid = `inspector-${key}`;
      tr.prepend(th);
      this.cells[key] = td;
    }
    this.bar.className = 'cone';
    this.bar.title = '|f_t| / (μ f_n): the friction force as a fraction of the Coulomb limit; at 100 % the contact slides';
    this.fill.className = 'cone-fill';
    this.bar.appendChild(this.fill);
    this.state.className = 'state';
    this.state.dataset.testid = 'inspector-state';
    this.root.append(this.title, table, this.bar, this.state);
    parent.appendChild(this.root);
  }

  show(d: ContactDetail | null): void {
    this.detail = d;
    this.root.hidden = d === null;
    if (!d) return;
    const set = (el: HTMLElement, text: string) => { if (el.textContent !== text) el.textContent = text; };
    set(this.title, `contact ${party(d.i)} – ${party(d.j)}`);
    set(this.cells.xi, `${fmt(d.xi)} m`);
    set(this.cells.spring, `${fmt(d.springForce)} N`);
    set(this.cells.fn, `${fmt(d.fn)} N`);
    set(this.cells.ft, `${fmt(d.ft)} N`);
    set(this.cells.limit, `${fmt(d.coulombLimit)} N`);
    set(this.cells.overlap, `${fmt(d.delta)} m`);
    set(this.cells.ratio, fmt(d.overlapRatio));
    const f = coneFraction(d);
    this.fill.style.width = `${Number.isFinite(f) ? Math.min(100, 100 * f) : 0}%`;
    this.root.classList.toggle('sliding', d.sliding);
    set(this.state, `${d.sliding ? 'sliding' : 'sticking'} · |f_t| / μ f_n = ${Number.isFinite(f) ? `${(100 * f).toFixed(1)} %` : '–'}`);
  }
}
