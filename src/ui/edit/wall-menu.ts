/**
 * A wall's context actions in build mode, opened by a click on it with the select tool or a long press in any tool
 * (a tablet has no right button): delete it, turn it by 15° either way, make it a gate (named gate 1, gate 2, …) or
 * give it a velocity [m/s] (a shear plate). A small panel over the canvas beside the wall; Esc or × closes it.
 */
import type { SceneEditInput } from '../../core/scenarios/edit-schema';

export class WallMenu {
  readonly root = document.createElement('div');
  /** the wall the actions are for (−1: none yet) */
  wall = -1;
  private readonly title = document.createElement('strong');
  private readonly vx = document.createElement('input');
  private readonly vy = document.createElement('input');

  constructor(host: HTMLElement, private readonly edit: (e: SceneEditInput) => void, private readonly gateName: () => string, private readonly closed: () => void) {
    this.root.className = 'wall-menu';
    this.root.dataset.testid = 'wall-menu';
    this.root.setAttribute('role', 'dialog');
    this.root.setAttribute('aria-label', 'wall actions');
    this.root.hidden = true;
    const close = this.button('×', 'wall-menu-close', () => this.close());
    close.setAttribute('aria-label', 'close the wall actions');
    this.root.append(this.title, close, document.createElement('br'));
    this.button('Delete', 'wall-delete', () => this.act({ op: 'remove-wall', wall: this.wall }));
    this.button('Turn −15°', 'wall-turn-cw', () => this.act({ op: 'rotate-wall', wall: this.wall, degrees: -15 }));
    this.button('Turn +15°', 'wall-turn-ccw', () => this.act({ op: 'rotate-wall', wall: this.wall, degrees: 15 }));
    this.button('Make gate', 'wall-gate', () => this.act({ op: 'mark-gate', wall: this.wall, gate: this.gateName() }));
    this.root.appendChild(document.createElement('br'));
    const v = document.createElement('span');
    v.textContent = 'velocity m/s ';
    for (const [i, name] of [[this.vx, 'x'], [this.vy, 'y']] as const) {
      i.type = 'number'; i.step = 'any'; i.value = '0'; i.size = 5;
      i.setAttribute('aria-label', `the wall's velocity along ${name} in m/s`);
      i.dataset.testid = `wall-v${name}`;
      v.appendChild(i);
    }
    this.root.appendChild(v);
    this.button('Set', 'wall-velocity', () => this.act({ op: 'wall-velocity', wall: this.wall, velocity: [Number(this.vx.value) || 0, Number(this.vy.value) || 0] }));
    this.root.addEventListener('keydown', (e) => { if (e.key === 'Escape') { e.stopPropagation(); this.close(); } });
    host.appendChild(this.root);
  }

  get open(): boolean { return !this.root.hidden; }

  /** Opens for wall `wall` at canvas point (sx, sy) [CSS px] */
  show(wall: number, sx: number, sy: number): void {
    this.wall = wall;
    this.title.textContent = `wall ${wall}`;
    this.root.hidden = false;
    const host = this.root.parentElement!;
    this.root.style.left = `${Math.max(0, Math.min(sx + 12, host.clientWidth - this.root.offsetWidth))}px`;
    this.root.style.top = `${Math.max(0, Math.min(sy + 12, host.clientHeight - this.root.offsetHeight))}px`;
    (this.root.querySelector('[data-testid="wall-delete"]') as HTMLElement).focus({ preventScroll: true });
  }

  close(): void {
    if (this.root.hidden) return;
    this.root.hidden = true;
    this.closed();
  }

  private act(e: SceneEditInput): void {
    this.edit(e);
    this.close();
  }

  private button(text: string, testid: string, click: () => void): HTMLButtonElement {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.dataset.testid = testid;
    b.addEventListener('click', click);
    this.root.appendChild(b);
    return b;
  }
}
