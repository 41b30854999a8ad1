/**
 * The walls as read from the frames (layout: src/protocol/frame.ts, WALL_FLOATS each) and drawn in world
 * coordinates inside the camera: an infinite wall as a shaded half-plane with a light line on its face, a
 * segment as a light line. Redrawn only when the walls read change or the view does (line widths in pixels).
 */
import { Graphics } from 'pixi.js';
import { WALL_FLOATS } from '../../protocol/frame';
import { SCENE } from '../palette';

export interface DrawnWall { kind: number; ax: number; ay: number; bx: number; by: number; nx: number; ny: number }

export class WallLayer {
  readonly graphics = new Graphics();
  private data = new Float32Array(0);
  private count = 0;
  private dirty = true;
  /** bumps when the walls read from a frame change (the comparison's panes copy them) */
  version = 0;
  /** false: the walls are not drawn here (a comparison's side-by-side panes draw their own copies) */
  private shown = true;

  /** Reads the frame's wall block (`count` walls at `o`); a change marks the layer for redrawing. */
  read(f: Float32Array, o: number, count: number): void {
    const len = count * WALL_FLOATS;
    let same = count === this.count && this.data.length >= len;
    if (same) for (let k = 0; k < len; k++) if (this.data[k] !== f[o + k]) { same = false; break; }
    if (same) return;
    if (this.data.length < len) this.data = new Float32Array(len);
    this.data.set(f.subarray(o, o + len));
    this.count = count;
    this.dirty = true;
    this.version++;
  }

  /** The view changed: the line widths are redrawn for it. */
  invalidate(): void {
    this.dirty = true;
  }

  /** Draws the walls here or not (a comparison's panes draw them). */
  setShown(on: boolean): void {
    if (on !== this.shown) { this.shown = on; this.dirty = true; }
  }

  /** The walls as last read from a frame (where they are now). */
  drawn(): DrawnWall[] {
    const out = [];
    for (let k = 0; k < this.count; k++) out.push(this.wall(k));
    return out;
  }

  /** The walls' anchor points [m] (an infinite wall's point, a segment's two ends), for fitting the view. */
  anchors(): [number, number][] {
    const out: [number, number][] = [];
    for (let k = 0; k < this.count; k++) {
      const w = this.wall(k);
      out.push([w.ax, w.ay]);
      if (w.kind !== 0) out.push([w.bx, w.by]);
    }
    return out;
  }

  /** Redraws the walls if they or the view changed: `s` CSS pixels per metre, `screen` the canvas's larger side [px]. */
  draw(s: number, screen: number): void {
    if (!this.dirty) return;
    const g = this.graphics;
    g.clear();
    this.dirty = false;
    if (!this.shown) return;
    const L = 100 * screen / s;
    for (let k = 0; k < this.count; k++) {
      const { kind, ax, ay, bx, by, nx, ny } = this.wall(k);
      if (kind === 0) {
        const dx = -ny, dy = nx;
        const x1 = ax - dx * L, y1 = ay - dy * L, x2 = ax + dx * L, y2 = ay + dy * L;
        g.poly([x1, y1, x2, y2, x2 - nx * L, y2 - ny * L, x1 - nx * L, y1 - ny * L]).fill({ color: SCENE.wallFill, alpha: 0.9 });
        g.moveTo(x1, y1).lineTo(x2, y2).stroke({ width: 3 / s, color: SCENE.wallLine });
      } else {
        g.moveTo(ax, ay).lineTo(bx, by).stroke({ width: 4 / s, color: SCENE.wallLine, cap: 'round' });
      }
    }
  }

  private wall(k: number): DrawnWall {
    const w = this.data, o = k * WALL_FLOATS;
    return { kind: w[o], ax: w[o + 1], ay: w[o + 2], bx: w[o + 3], by: w[o + 4], nx: w[o + 5], ny: w[o + 6] };
  }
}
