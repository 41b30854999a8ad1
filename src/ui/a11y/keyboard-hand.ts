/**
 * The canvas by keyboard (issue 42 item 2), while the canvas has focus: b / Shift+b select the next / previous movable
 * body; g grabs the selected body, the arrows then move it (Shift: a quarter step), Enter throws it with the velocity of
 * its last moves and g or Esc drops it; c selects the selected body's contacts in turn; without a body held the arrows
 * pan the view and + / − zoom it. The body is held, moved and thrown by the same hand as the pointer's (body-hand.ts):
 * each arrow press is a sample of the hand KEY_MS after the last, so a throw is as fast as the moves before it.
 */
import { BODY_FIXED, BODY_PRESCRIBED } from '../../protocol/frame';
import type { BodyHand } from '../body-hand';
import { fmtNum } from '../controls/format';
import type { Scene } from '../render/scene';
import type { SimRemote } from '../sim-client';

/** The hand's time between two arrow presses [ms]: a key's auto-repeat rate, about 20 a second */
export const KEY_MS = 50;
/** A move of the held body: this fraction of the view's shorter side */
const MOVE_FRACTION = 1 / 20;
/** A pan [CSS px], and the zoom factor of + / − */
const PAN_PX = 40;
const ZOOM = 1.25;
/** Two bodies closer than this factor × the sum of their radii are in contact (as drawn) */
const TOUCH = 1.05;

export interface KeyboardHandDeps {
  api: SimRemote;
  scene: Scene;
  hand: BodyHand;
  /** the selection was changed here (pointer-input.ts's rule: a status asked for before must not undo it) */
  selected(): void;
  /** says what happened (the live region) */
  say(text: string): void;
}

export class KeyboardHand {
  /** the hand's clock while a body is held [ms] */
  private t = 0;
  /** the body whose contacts c goes through, and the last contact partner chosen */
  private contactsOf = -1;
  private partner = -1;

  constructor(private readonly d: KeyboardHandDeps) {
    d.scene.app.canvas.addEventListener('keydown', (e) => { if (this.handle(e)) { e.preventDefault(); e.stopPropagation(); } });
  }

  /** Handles a key pressed on the canvas; true when it was one of its keys. */
  handle(e: KeyboardEvent): boolean {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    const held = this.d.hand.held >= 0;
    const arrow = ARROWS[e.key];
    if (arrow) {
      if (held) this.move(arrow[0], arrow[1], e.shiftKey ? 0.25 : 1);
      else this.d.scene.panBy(-arrow[0] * PAN_PX * (e.shiftKey ? 4 : 1), -arrow[1] * PAN_PX * (e.shiftKey ? 4 : 1));
      return true;
    }
    switch (e.key) {
      case 'b': case 'B': if (!held) this.selectNext(e.key === 'B' ? -1 : 1); return true;
      case 'g': if (held) this.release(false); else this.grab(e.timeStamp); return true;
      case 'Enter': if (!held) return false; this.release(true); return true;
      case 'Escape': if (!held) return false; this.release(false); return true;
      case 'c': this.nextContact(); return true;
      case '+': case '=': this.zoom(ZOOM); return true;
      case '-': case '_': this.zoom(1 / ZOOM); return true;
      default: return false;
    }
  }

  private movable(i: number): boolean {
    return (this.d.scene.bflags[i] & (BODY_FIXED | BODY_PRESCRIBED)) === 0;
  }

  /** The next (+1) or previous (−1) movable body after the selected one. */
  private selectNext(by: 1 | -1): void {
    const { scene } = this.d;
    const n = scene.n;
    let i = scene.selection.particle >= 0 ? scene.selection.particle : scene.selection.contact?.[0] ?? (by > 0 ? -1 : 0);
    for (let k = 0; k < n; k++) {
      i = (i + by + n) % n;
      if (this.movable(i)) { this.select(i); return; }
    }
    this.d.say('No body here can be moved.');
  }

  private select(i: number): void {
    const { api, scene } = this.d;
    void api.selectParticle(i);
    scene.selection = { particle: i, contact: scene.selection.contact };
    this.d.selected();
    this.contactsOf = i;
    this.partner = -1;
    this.d.say(`Body ${i} of ${scene.n} selected, at x = ${fmtNum(scene.px(i))} m, y = ${fmtNum(scene.py(i))} m. g grabs it, c selects its contacts.`);
  }

  private grab(t: number): void {
    const i = this.d.scene.selection.particle;
    if (i < 0 || !this.movable(i)) { this.d.say('Select a body first: b.'); return; }
    this.t = t;
    this.d.hand.grab(i, t, this.d.scene.px(i), this.d.scene.py(i));
    this.d.say(`Body ${i} held: the arrows move it, Enter throws it, g drops it.`);
  }

  private move(dx: number, dy: number, scale: number): void {
    const { scene, hand } = this.d;
    const step = scale * MOVE_FRACTION * Math.min(scene.app.screen.width, scene.app.screen.height) / scene.view.s;
    this.t += KEY_MS;
    hand.moveTo(this.t, hand.at[0] + dx * step, hand.at[1] - dy * step);
  }

  /** Lets go: thrown with the last moves' velocity, or dropped (the hand at rest). */
  private release(throwIt: boolean): void {
    const { hand } = this.d;
    const i = hand.held;
    const thrown = hand.release(throwIt ? this.t : this.t + 1e6);
    if (thrown?.moving) this.d.say(`Body ${i} thrown at ${fmtNum(Math.hypot(thrown.vx, thrown.vy))} m/s.`);
    else this.d.say(`Body ${i} let go.`);
  }

  /** The selected body's contacts (bodies drawn touching it), one after another. */
  private nextContact(): void {
    const { api, scene } = this.d;
    const i = scene.selection.particle >= 0 ? scene.selection.particle : this.contactsOf;
    if (i < 0 || i >= scene.n) { this.d.say('Select a body first: b.'); return; }
    if (i !== this.contactsOf) { this.contactsOf = i; this.partner = -1; }
    const touching: number[] = [];
    const x = scene.px(i), y = scene.py(i), r = scene.radius[i];
    for (let j = 0; j < scene.n; j++) {
      if (j !== i && Math.hypot(scene.px(j) - x, scene.py(j) - y) < TOUCH * (r + scene.radius[j])) touching.push(j);
    }
    if (touching.length === 0) { this.d.say(`Body ${i} touches no other body.`); return; }
    const j = touching[(touching.indexOf(this.partner) + 1) % touching.length];
    this.partner = j;
    void api.selectContact(i, j);
    scene.selection = { particle: -1, contact: [i, j] };
    this.d.selected();
    this.d.say(`Contact between bodies ${i} and ${j} selected (${touching.indexOf(j) + 1} of ${touching.length}): its plane angle is charted.`);
  }

  private zoom(factor: number): void {
    const { scene } = this.d;
    scene.zoomAt(scene.app.screen.width / 2, scene.app.screen.height / 2, factor);
  }
}

/** An arrow key's direction on the screen (x right, y down) */
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
