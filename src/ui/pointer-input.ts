/**
 * The pointer on the canvas: a press asks the worker (or, side by side, the pane's own variant) what is under it,
 * then drags a disc, selects a contact (a press near one, or shift and a second disc), or pans the background;
 * the wheel zooms at the cursor, a double click fits the view. A dragged disc is held at the cursor and, on
 * release, thrown with the hand's velocity: the body hand (body-hand.ts), which the keyboard's hand shares.
 */
import type { CompareUi } from './compare/compare-panel';
import type { BodyHand } from './body-hand';
import type { Scene } from './render/scene';
import type { SimRemote } from './sim-client';

export interface PointerDeps {
  api: SimRemote;
  scene: Scene;
  /** holds, moves and throws the dragged disc */
  hand: BodyHand;
  /** side by side: the pane a press is in, and what is under it in that pane's variant */
  compare: Pick<CompareUi, 'paneOffset' | 'pickInPane'>;
  /** whether a press picks contacts too (the contact network is shown) */
  pickContacts(): boolean;
  /** the selection was changed here: a status asked for before it must not undo it */
  selected(): void;
}

/** waiting for the worker's pick answer, panning the view, dragging a disc, or none of them */
type PointerMode = 'none' | 'pending' | 'pan' | 'drag';

/** The wheel's zoom: a factor exp(−deltaY · WHEEL_ZOOM) per event. */
const WHEEL_ZOOM = 0.0015;
/** How near [CSS px] a press must be to a disc or contact to pick it. */
const PICK_PX = 6;

export class PointerInput {
  private mode: PointerMode = 'none';
  /** the pointer's latest canvas position and event time, and where the current press began */
  private lastX = 0;
  private lastY = 0;
  private lastMoveT = 0;
  private pressX = 0;
  private pressY = 0;
  /** where on the dragged disc the hand holds it */
  private grabDx = 0;
  private grabDy = 0;
  /** side by side: the world x shift of the pane the press began in; the hand acts on the scene at the cursor less it */
  private paneDx = 0;
  /** the current press (a pick answer for an older one is ignored) and whether its button is up yet */
  private press = 0;
  private pressUp = false;
  private readonly canvas: HTMLCanvasElement;

  constructor(private readonly d: PointerDeps) {
    const canvas = d.scene.app.canvas;
    this.canvas = canvas;
    canvas.addEventListener('pointerdown', (e) => this.down(e));
    canvas.addEventListener('pointermove', (e) => this.move(e));
    canvas.addEventListener('pointerup', (e) => this.end(e));
    canvas.addEventListener('pointercancel', (e) => this.end(e));
    canvas.addEventListener('wheel', (e) => {
      e.preventDefault();
      const [sx, sy] = this.pos(e);
      d.scene.zoomAt(sx, sy, Math.exp(-e.deltaY * WHEEL_ZOOM));
    }, { passive: false });
    canvas.addEventListener('dblclick', () => d.scene.fit());
  }

  /** An event's position in the canvas [CSS px]. */
  private pos(e: PointerEvent | WheelEvent | MouseEvent): [number, number] {
    const r = this.canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  }

  /** The simulated scene's point under canvas point (sx, sy), in the pane the press began in. */
  private simAt(sx: number, sy: number): [number, number] {
    const [x, y] = this.d.scene.toWorld(sx, sy);
    return [x - this.paneDx, y];
  }

  private down(e: PointerEvent): void {
    const { api, scene, compare } = this.d;
    const [sx, sy] = this.pos(e);
    this.lastX = sx; this.lastY = sy; this.lastMoveT = e.timeStamp;
    this.pressX = sx; this.pressY = sy;
    this.mode = 'pending';
    const id = ++this.press;
    this.pressUp = false;
    this.canvas.setPointerCapture(e.pointerId);
    const [px, wy] = scene.toWorld(sx, sy);
    this.paneDx = compare.paneOffset(px);
    const wx = px - this.paneDx;
    const tol = PICK_PX / scene.view.s;
    const inPane = compare.pickInPane(px, wy, tol);
    void (inPane ? Promise.resolve(inPane) : api.pick(wx, wy, tol, this.d.pickContacts() || e.altKey)).then((p) => {
      // a click whose button came up before the worker answered still selects (but starts no drag)
      if (id !== this.press || this.mode !== 'pending') return;
      if (p.kind === 'contact') {
        void api.selectContact(p.i, p.j);
        scene.selection = { particle: -1, contact: [p.i, p.j] };
        this.d.selected();
        this.mode = 'none';
      } else if (p.kind === 'particle') {
        const sel = scene.selection.particle;
        if (e.shiftKey && sel >= 0 && sel !== p.i) {
          void api.selectContact(sel, p.i);
          scene.selection = { particle: -1, contact: [sel, p.i] };
          this.d.selected();
          this.mode = 'none';
        } else {
          void api.selectParticle(p.i);
          scene.selection = { particle: p.i, contact: scene.selection.contact };
          this.d.selected();
          if (this.pressUp) { this.mode = 'none'; return; }
          this.mode = 'drag';
          this.grabDx = p.x - wx; this.grabDy = p.y - wy;
          this.d.hand.grab(p.i, e.timeStamp, p.x, p.y);
          // the hand may have moved on while the worker answered (a busy worker): catch up
          if (this.lastX !== this.pressX || this.lastY !== this.pressY) {
            const [cx, cy] = this.simAt(this.lastX, this.lastY);
            this.d.hand.moveNow(this.lastMoveT, cx + this.grabDx, cy + this.grabDy);
          }
        }
      } else {
        // the background: pan, including what the hand moved while the worker answered
        scene.panBy(this.lastX - this.pressX, this.lastY - this.pressY);
        this.mode = this.pressUp ? 'none' : 'pan';
      }
    });
  }

  private move(e: PointerEvent): void {
    const [sx, sy] = this.pos(e);
    if (this.mode === 'pan') {
      this.d.scene.panBy(sx - this.lastX, sy - this.lastY);
    } else if (this.mode === 'drag') {
      // every sample of the hand with its own timestamp (a busy page gets several per event), then held at the cursor
      const samples = e.getCoalescedEvents?.() ?? [];
      for (const c of samples.length ? samples : [e]) {
        const [wx, wy] = this.simAt(...this.pos(c));
        this.d.hand.sample(c.timeStamp, wx + this.grabDx, wy + this.grabDy);
      }
      const [wx, wy] = this.simAt(sx, sy);
      this.d.hand.moveTo(e.timeStamp, wx + this.grabDx, wy + this.grabDy);
    }
    this.lastX = sx; this.lastY = sy; this.lastMoveT = e.timeStamp;
  }

  private end(e: PointerEvent): void {
    if (this.mode === 'pending') this.pressUp = true;
    // the hand's velocity if it was still moving when it let go; a hand at rest drops the disc
    if (this.mode === 'drag') this.d.hand.release(e.timeStamp);
    if (this.mode !== 'pending') this.mode = 'none';
  }
}
