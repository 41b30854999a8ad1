/**
 * Build mode's pointer on the canvas (mouse, pen and touch alike: pointer events): while build mode is on it takes
 * the canvas's presses before the page's drag-and-throw hand (pointer-input.ts) sees them, and each tool turns a
 * gesture into an edit — a drag into a wall or a box, clicks into a polyline's corners, a press into a pour, a
 * body placed, erased or pinned, a drag of a wall into its move. A long press on a wall (any tool) or a click on it
 * (select) opens its actions (wall-menu.ts); two fingers pinch to zoom and pan; the wheel still zooms.
 */
import type { SceneEditInput } from '../../core/scenarios/edit-schema';
import type { PickResult } from '../../protocol/api';
import { snapEnd, snapToGrid, wallAt, type DrawnWall, type Pt } from './edit-geometry';
import type { EditOverlay, View } from './edit-overlay';
import type { ToolName, ToolSettings } from './tool-options';
import type { WallMenu } from './wall-menu';

export interface EditPointerDeps {
  host: HTMLElement;
  canvas: HTMLCanvasElement;
  view(): View;
  toWorld(sx: number, sy: number): Pt;
  zoomAt(sx: number, sy: number, factor: number): void;
  panBy(dx: number, dy: number): void;
  walls(): DrawnWall[];
  pick(x: number, y: number, tol: number): Promise<PickResult>;
  /** applies an edit (quiet: no message when refused); resolves true when applied */
  edit(e: SceneEditInput, quiet?: boolean): Promise<boolean>;
  /** says a refusal the page found itself */
  refuse(line: string): void;
  overlay: EditOverlay;
  menu: WallMenu;
  active(): boolean;
  tool(): ToolName;
  settings: ToolSettings;
  /** a seed for the next pour: each gets its own, recorded in the file */
  nextSeed(): number;
}

/** A press held this long [ms] without moving opens the wall's actions */
const LONG_PRESS_MS = 500;
/** How far [CSS px] a press may move and still be a click or a long press */
const SLOP_PX = 8;
/** How near [CSS px] to a wall a press picks it */
const PICK_PX = 8;

type Gesture =
  | { kind: 'segment' | 'box'; a: Pt }
  | { kind: 'move'; wall: number; start: Pt; a: Pt; b: Pt }
  | { kind: 'pour' | 'erase' | 'none' };

export class EditPointer {
  /** the polyline's corners so far */
  corners: Pt[] = [];
  private gesture: Gesture = { kind: 'none' };
  private readonly pointers = new Map<number, [number, number]>();
  private pinch: { d: number; mid: [number, number] } | null = null;
  private press: [number, number] = [0, 0];
  private longPress = 0;
  private longPressed = false;
  private cursor: Pt = [0, 0];
  private shift = false;
  private pourTimer = 0;
  private erasing = false;
  private lastErase: Pt = [0, 0];

  constructor(private readonly d: EditPointerDeps) {
    const opts = { capture: true };
    d.host.addEventListener('pointerdown', (e) => this.down(e), opts);
    d.host.addEventListener('pointermove', (e) => this.move(e), opts);
    d.host.addEventListener('pointerup', (e) => this.up(e), opts);
    d.host.addEventListener('pointercancel', (e) => this.cancelPointer(e), opts);
    d.host.addEventListener('dblclick', (e) => {
      if (!this.mine(e)) return;
      e.stopPropagation(); // no fit of the view
      if (d.tool() === 'polyline') this.finishPolyline();
    }, opts);
    d.host.addEventListener('pointerleave', () => { if (d.active()) d.overlay.setBrush(null); });
  }

  /**
   * The polyline drawn so far becomes walls (Enter, a double click); repeated corners of a double click count once.
   * False when there was none.
   */
  finishPolyline(): boolean {
    const raw = this.corners;
    if (!raw.length) return false;
    this.corners = [];
    this.d.overlay.setDraft([]);
    const pts = raw.filter((p, k) => k === 0 || p[0] !== raw[k - 1][0] || p[1] !== raw[k - 1][1]);
    if (raw.length < 2) return true;
    // a polyline of one point is a wall of zero length: the worker says so
    void this.d.edit({ op: 'add-polyline', points: pts.length >= 2 ? pts : [raw[0], raw[1]] });
    return true;
  }

  /** Drops what is being drawn (Esc) */
  cancel(): void {
    this.corners = [];
    this.gesture = { kind: 'none' };
    this.stopPour();
    this.d.overlay.setDraft([]);
    this.d.overlay.setWall(null);
  }

  private mine(e: Event): boolean {
    return this.d.active() && e.target === this.d.canvas;
  }

  private pos(e: PointerEvent): [number, number] {
    const r = this.d.canvas.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  }

  /** The world point under the pointer, to 10 µm (the file stays readable; a pixel is ≥ 10 µm at any usual zoom) */
  private world(e: PointerEvent): Pt {
    const [sx, sy] = this.pos(e);
    const [x, y] = this.d.toWorld(sx, sy);
    return [Number(x.toFixed(5)), Number(y.toFixed(5))];
  }

  private down(e: PointerEvent): void {
    if (!this.mine(e)) return;
    e.stopPropagation();
    e.preventDefault();
    this.d.canvas.setPointerCapture(e.pointerId);
    this.pointers.set(e.pointerId, this.pos(e));
    if (this.pointers.size === 2) { this.startPinch(); return; }
    if (this.pointers.size > 2) return;
    this.shift = e.shiftKey;
    this.press = this.pos(e);
    const p = this.world(e);
    this.cursor = p;
    this.longPressed = false;
    clearTimeout(this.longPress);
    this.longPress = window.setTimeout(() => this.longPressAt(p), LONG_PRESS_MS);
    const tol = PICK_PX / this.d.view().s;
    const tool = this.d.tool();
    if (tool !== 'select') this.d.menu.close();
    switch (tool) {
      case 'segment': case 'box': this.gesture = { kind: tool, a: e.shiftKey ? snapToGrid(p) : p }; break;
      case 'polyline': {
        const last = this.corners[this.corners.length - 1];
        this.corners.push(!e.shiftKey ? p : last ? snapEnd(last, p) : snapToGrid(p));
        this.d.overlay.setDraft([...this.corners]);
        break;
      }
      case 'select': {
        const w = wallAt(this.d.walls(), p, tol);
        this.d.menu.close();
        if (w < 0) { this.d.overlay.setWall(null); break; }
        const wall = this.d.walls()[w];
        this.gesture = { kind: 'move', wall: w, start: p, a: [wall.ax, wall.ay], b: [wall.bx, wall.by] };
        this.d.overlay.setWall(wall.kind === 0 ? null : [[wall.ax, wall.ay], [wall.bx, wall.by]]);
        break;
      }
      case 'pour': this.gesture = { kind: 'pour' }; this.startPour(); break;
      case 'place': void this.d.edit({ op: 'place', body: this.body(p) }); break;
      case 'erase': this.gesture = { kind: 'erase' }; this.eraseAt(p, e.shiftKey, false); break;
      case 'pin': void this.pinAt(p, tol); break;
    }
  }

  private move(e: PointerEvent): void {
    if (!this.d.active() || (e.target !== this.d.canvas && !this.pointers.has(e.pointerId))) return;
    e.stopPropagation();
    const [sx, sy] = this.pos(e);
    if (this.pointers.has(e.pointerId)) this.pointers.set(e.pointerId, [sx, sy]);
    if (this.pinch) { this.movePinch(); return; }
    if (Math.hypot(sx - this.press[0], sy - this.press[1]) > SLOP_PX) clearTimeout(this.longPress);
    const p = this.world(e);
    this.cursor = p;
    this.shift = e.shiftKey;
    const tool = this.d.tool();
    const half = tool === 'pour' ? this.d.settings.pour.sizeMm / 2000 : this.d.settings.erase.radiusMm / 1000;
    this.d.overlay.setBrush(tool === 'pour' || tool === 'erase' ? { c: p, half, round: tool === 'erase' } : null);
    const g = this.gesture;
    if (g.kind === 'segment') this.d.overlay.setDraft([g.a, this.end(g.a, p)]);
    else if (g.kind === 'box') { const b = this.corner(p); this.d.overlay.setDraft([g.a, [b[0], g.a[1]], b, [g.a[0], b[1]], g.a]); }
    else if (g.kind === 'move') {
      const by = this.shift ? snapToGrid([p[0] - g.start[0], p[1] - g.start[1]]) : [p[0] - g.start[0], p[1] - g.start[1]];
      this.d.overlay.setWall([[g.a[0] + by[0], g.a[1] + by[1]], [g.b[0] + by[0], g.b[1] + by[1]]]);
    } else if (g.kind === 'erase' && Math.hypot(p[0] - this.lastErase[0], p[1] - this.lastErase[1]) > half / 2) this.eraseAt(p, e.shiftKey, true);
    else if (tool === 'polyline' && this.corners.length) {
      const last = this.corners[this.corners.length - 1];
      this.d.overlay.setDraft([...this.corners, this.end(last, p)]);
    }
  }

  private up(e: PointerEvent): void {
    if (!this.pointers.has(e.pointerId)) return;
    e.stopPropagation();
    this.pointers.delete(e.pointerId);
    if (this.pinch) { if (this.pointers.size === 0) this.pinch = null; return; }
    clearTimeout(this.longPress);
    const g = this.gesture;
    this.gesture = { kind: 'none' };
    this.stopPour();
    if (this.longPressed) return;
    const p = this.world(e);
    if (g.kind === 'segment') {
      this.d.overlay.setDraft([]);
      void this.d.edit({ op: 'add-segment', a: g.a, b: this.end(g.a, p) });
    } else if (g.kind === 'box') {
      this.d.overlay.setDraft([]);
      const b = this.corner(p);
      void this.d.edit({ op: 'add-box', xmin: Math.min(g.a[0], b[0]), ymin: Math.min(g.a[1], b[1]), xmax: Math.max(g.a[0], b[0]), ymax: Math.max(g.a[1], b[1]), openTop: this.d.settings.box.openTop });
    } else if (g.kind === 'move') {
      const [sx, sy] = this.pos(e);
      if (Math.hypot(sx - this.press[0], sy - this.press[1]) <= SLOP_PX) { this.d.menu.show(g.wall, sx, sy); return; }
      const by = e.shiftKey ? snapToGrid([p[0] - g.start[0], p[1] - g.start[1]]) : [p[0] - g.start[0], p[1] - g.start[1]] as Pt;
      this.d.overlay.setWall(null);
      void this.d.edit({ op: 'move-wall', wall: g.wall, by });
    }
  }

  private cancelPointer(e: PointerEvent): void {
    if (!this.pointers.delete(e.pointerId)) return;
    clearTimeout(this.longPress);
    if (this.pointers.size === 0) this.pinch = null;
    this.gesture = { kind: 'none' };
    this.stopPour();
    this.d.overlay.setDraft(this.corners);
  }

  /** The far end of a segment from a: with Shift, at 15° steps and a grid length */
  private end(a: Pt, p: Pt): Pt {
    return this.shift ? snapEnd(a, p) : p;
  }

  private corner(p: Pt): Pt {
    return this.shift ? snapToGrid(p) : p;
  }

  private longPressAt(p: Pt): void {
    const w = wallAt(this.d.walls(), p, (2 * PICK_PX) / this.d.view().s);
    if (w < 0) return;
    this.longPressed = true;
    this.gesture = { kind: 'none' };
    this.stopPour();
    if (this.d.tool() === 'polyline') this.corners.pop();
    this.d.overlay.setDraft(this.corners);
    const wall = this.d.walls()[w];
    this.d.overlay.setWall(wall.kind === 0 ? null : [[wall.ax, wall.ay], [wall.bx, wall.by]]);
    this.d.menu.show(w, this.press[0], this.press[1]);
  }

  private startPinch(): void {
    clearTimeout(this.longPress);
    this.gesture = { kind: 'none' };
    this.stopPour();
    if (this.d.tool() === 'polyline') { this.corners.pop(); this.d.overlay.setDraft(this.corners); }
    this.pinch = this.pinchNow();
  }

  private pinchNow(): { d: number; mid: [number, number] } {
    const [a, b] = [...this.pointers.values()];
    return { d: Math.hypot(a[0] - b[0], a[1] - b[1]), mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
  }

  private movePinch(): void {
    if (this.pointers.size !== 2 || !this.pinch) return;
    const now = this.pinchNow();
    this.d.panBy(now.mid[0] - this.pinch.mid[0], now.mid[1] - this.pinch.mid[1]);
    if (this.pinch.d > 0 && now.d > 0) this.d.zoomAt(now.mid[0], now.mid[1], now.d / this.pinch.d);
    this.pinch = now;
  }

  private startPour(): void {
    const pour = (quiet: boolean) => {
      const s = this.d.settings.pour, h = s.sizeMm / 2000, [x, y] = this.cursor;
      void this.d.edit({
        op: 'pour', region: [x - h, y - h, x + h, y + h], count: s.count, rMin: s.rMinMm / 1000, rMax: s.rMaxMm / 1000,
        polygons: s.polygons, seed: this.d.nextSeed(),
      }, quiet);
    };
    pour(false);
    const s = this.d.settings.pour;
    this.pourTimer = window.setInterval(() => pour(true), Math.max(100, (1000 * s.count) / s.rate));
  }

  private stopPour(): void {
    clearInterval(this.pourTimer);
    this.pourTimer = 0;
  }

  private eraseAt(p: Pt, walls: boolean, quiet: boolean): void {
    if (this.erasing) return;
    this.erasing = true;
    this.lastErase = p;
    void this.d.edit({ op: 'erase', center: p, radius: this.d.settings.erase.radiusMm / 1000, walls }, quiet).finally(() => { this.erasing = false; });
  }

  private async pinAt(p: Pt, tol: number): Promise<void> {
    const hit = await this.d.pick(p[0], p[1], tol);
    if (hit.kind !== 'particle') { this.d.refuse(`pin: no body at (${p[0].toFixed(3)}, ${p[1].toFixed(3)}) m; click on a body`); return; }
    // a pinned body is let go: the worker knows which are pinned
    if (!(await this.d.edit({ op: 'pin', body: hit.i }, true))) await this.d.edit({ op: 'unpin', body: hit.i });
  }

  /** The body the place tool puts at p: a disc, or a square or a hexagon of that circumradius */
  private body(p: Pt): { x: number; y: number; r?: number; vertices?: Pt[] } {
    const { shape, rMm } = this.d.settings.place;
    const r = rMm / 1000;
    if (shape === 'disc') return { x: p[0], y: p[1], r };
    const n = shape === 'square' ? 4 : 6;
    const vertices = Array.from({ length: n }, (_, k): Pt => {
      const a = (2 * Math.PI * k) / n + (n === 4 ? Math.PI / 4 : 0);
      return [Number((r * Math.cos(a)).toPrecision(12)), Number((r * Math.sin(a)).toPrecision(12))];
    });
    return { x: p[0], y: p[1], vertices };
  }
}
