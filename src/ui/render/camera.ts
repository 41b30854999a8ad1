/**
 * The scene's camera: the container that maps world coordinates (SI metres, y up) to the canvas's CSS pixels
 * (y down), screen = (ox + s·x, oy − s·y), and how the view moves: fitted to a box, zoomed about a point, panned,
 * kept on a followed body, and kept (a fit refitted, another view its centre) when the canvas changes size.
 */
import { Container } from 'pixi.js';
import type { View } from './overlays';

/** A followed body is kept this fraction of the canvas's width and height away from its edges */
const FOLLOW_MARGIN = 0.25;
/** A fitted box takes this share of the canvas's width or height, whichever binds */
const FIT_SHARE = 0.88;

export interface Box { x0: number; y0: number; x1: number; y1: number }

export class Camera {
  readonly container = new Container();
  /** screen = (ox + s·x, oy − s·y) in CSS pixels */
  readonly view: View = { s: 100, ox: 0, oy: 0 };
  /** the view is the fit of the scene (no zoom or pan since): resizing refits it */
  fitted = false;
  private lastW = 0;
  private lastH = 0;

  /** `changed`: called after every change of the view */
  constructor(private readonly changed: () => void) {
    this.apply();
  }

  toWorld(sx: number, sy: number): [number, number] {
    return [(sx - this.view.ox) / this.view.s, (this.view.oy - sy) / this.view.s];
  }

  /** Fits box b into a W × H canvas with a margin. */
  fit(b: Box, W: number, H: number): void {
    const { x0, y0, x1, y1 } = b;
    const w = Math.max(x1 - x0, 1e-9), h = Math.max(y1 - y0, 1e-9);
    const s = FIT_SHARE * Math.min(W / w, H / h);
    this.view.s = s;
    this.view.ox = W / 2 - s * (x0 + x1) / 2;
    this.view.oy = H / 2 + s * (y0 + y1) / 2;
    this.fitted = true;
    this.lastW = W; this.lastH = H;
    this.apply();
  }

  /** The canvas is now W × H: a fitted view is refitted (`refit`), one the user zoomed or panned keeps its centre. */
  resized(W: number, H: number, refit: () => void): void {
    if (this.fitted) refit();
    else {
      this.view.ox += (W - this.lastW) / 2;
      this.view.oy += (H - this.lastH) / 2;
      this.apply();
    }
    this.lastW = W; this.lastH = H;
  }

  /** Pans the view, at its zoom, just enough that world point (x, y) stays inside the W × H canvas less FOLLOW_MARGIN of it on each side. */
  keepInView(x: number, y: number, W: number, H: number): void {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    const m = FOLLOW_MARGIN;
    const sx = this.view.ox + this.view.s * x, sy = this.view.oy - this.view.s * y;
    const dx = sx < m * W ? m * W - sx : sx > (1 - m) * W ? (1 - m) * W - sx : 0;
    const dy = sy < m * H ? m * H - sy : sy > (1 - m) * H ? (1 - m) * H - sy : 0;
    if (dx === 0 && dy === 0) return;
    this.view.ox += dx;
    this.view.oy += dy;
    this.apply();
  }

  zoomAt(sx: number, sy: number, factor: number): void {
    const [wx, wy] = this.toWorld(sx, sy);
    this.view.s *= factor;
    this.view.ox = sx - wx * this.view.s;
    this.view.oy = sy + wy * this.view.s;
    this.fitted = false;
    this.apply();
  }

  panBy(dx: number, dy: number): void {
    this.view.ox += dx;
    this.view.oy += dy;
    if (dx !== 0 || dy !== 0) this.fitted = false;
    this.apply();
  }

  private apply(): void {
    this.container.position.set(this.view.ox, this.view.oy);
    this.container.scale.set(this.view.s, -this.view.s);
    this.changed();
  }
}
