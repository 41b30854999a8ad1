/**
 * Bodies that left the scene during a blow-up the "let it blow up" switch let run (issue 36; the scene's bounds are
 * SimStatus.blowUp.bounds): each is marked by a triangle on the edge of the bounds where it went out, pointing the way it
 * went, and the bounds are outlined — a body is never drawn far off the picture, nor at a non-finite place. In screen
 * pixels over the scene, redrawn every frame so it follows pan and zoom.
 */
import { Graphics } from 'pixi.js';
import { ACCENT } from '../palette';

const SIZE_PX = 12;

export class EscapeMarkers {
  readonly g = new Graphics();
  /** xmin, ymin, xmax, ymax [m], or null: no blow-up watched */
  bounds: readonly number[] | null = null;
  /** bodies marked at the last draw */
  marked = 0;

  /** Redraws for the bodies at (x(i), y(i)), i < n [m], through the view screen = (ox + s·x, oy − s·y). */
  draw(view: { s: number; ox: number; oy: number }, n: number, x: (i: number) => number, y: (i: number) => number): void {
    const g = this.g, b = this.bounds;
    g.clear();
    this.marked = 0;
    if (!b) return;
    const [x0, y0, x1, y1] = b;
    const sx = (v: number): number => view.ox + view.s * v, sy = (v: number): number => view.oy - view.s * v;
    for (let i = 0; i < n; i++) {
      const px = x(i), py = y(i);
      if (!Number.isFinite(px) || !Number.isFinite(py) || (px >= x0 && px <= x1 && py >= y0 && py <= y1)) continue;
      const cx = Math.min(x1, Math.max(x0, px)), cy = Math.min(y1, Math.max(y0, py));
      // the way out, on the screen (y down)
      const len = Math.hypot(px - cx, py - cy), dx = (px - cx) / len, dy = -(py - cy) / len;
      const ex = sx(cx), ey = sy(cy);
      g.poly([ex + dx * SIZE_PX, ey + dy * SIZE_PX, ex - dy * SIZE_PX * 0.6, ey + dx * SIZE_PX * 0.6, ex + dy * SIZE_PX * 0.6, ey - dx * SIZE_PX * 0.6])
        .fill({ color: ACCENT });
      this.marked++;
    }
    if (this.marked > 0) g.rect(sx(x0), sy(y1), view.s * (x1 - x0), view.s * (y1 - y0)).stroke({ width: 1.5, color: ACCENT, alpha: 0.6 });
  }
}
