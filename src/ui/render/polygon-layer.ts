/**
 * The polygons of a scene as PixiJS Graphics, one per polygon body, in world coordinates inside the
 * camera (metres, y up): a white polygon with a dark outline and an orientation bar from the centroid to
 * the midpoint of its first edge, tinted per frame with the colour its disc sprite would have had, and
 * placed at the frame's x, y, φ. The shapes (SimApi.polygonShapes) are static: built once per load.
 * Polygons fewer than DOT_MAX_PX device pixels across are hidden here and drawn by the disc layer as dots
 * (`dots`; scene.ts): no outline can be seen at that size, and 10,000 Graphics held the page to a few frames a
 * second under software WebGL (docs/benchmarks.md#the-page). While they are dots their Graphics are neither
 * placed nor tinted (that took 3–4 ms a frame at 10,000); the frame they are shown again, they are placed first.
 * Zoomed in, a polygon whose circumcircle lies off the screen (viewBox) is hidden and not placed either; when the view
 * moves, the scene places them again from the latest frame before it draws (scene.ts scaleBodies).
 */
import { Container, Graphics } from 'pixi.js';
import type { PolygonShapes } from '../../protocol/api';
import { COLOR_CONTACTS, COLOR_SPEED, PARTICLE_FLOATS } from '../../protocol/frame';
import { SCENE } from '../palette';
import { COUNT_COLORS, FIXED_COLOR, NEUTRAL_COLOR, packedToRgb, SPEED_LUT } from './colormap';
import { polygonName } from './shape-name';

/** the outline and the orientation mark (the discs' rim colour) */
const DARK = SCENE.bodyRim;
/** the largest polygon drawn as a dot, device pixels across its circumcircle */
export const DOT_MAX_PX = 8;
/** a polygon's dot: its circumradius times this (a random 4–8-gon covers ≈ 0.7 of its circumcircle) */
export const DOT_RADIUS = 0.85;

/**
 * How the polygons are tinted, as the disc layer's shader colours the discs: the colour mode (COLOR_*), the
 * speed scale (255 / the speed at the ramp's end), and a packed colour for every movable body instead (or null).
 */
export interface PolygonColoring { mode: number; inv: number; tint: number | null }

export class PolygonLayer {
  readonly container = new Container();
  /** the frame static version of the shapes drawn (-1: none) */
  version = -1;
  /** body index of each drawn polygon, and its Graphics */
  private bodies: number[] = [];
  private graphics: Graphics[] = [];
  /** each Graphics' tint as last set (0xRRGGBB; -1: not yet): a tint is set only when it changes */
  private tints = new Int32Array(0);
  /** how place() tints the polygons */
  coloring: PolygonColoring = { mode: COLOR_SPEED, inv: 0, tint: null };

  /** each polygon body's name by its shape (shape-name.ts) */
  private readonly names = new Map<number, string>();
  /** the largest circumradius of the polygons drawn [m] */
  private rMax = 0;
  /** the polygons are too small on screen for their outlines: hidden here, drawn by the disc layer as dots */
  dots = false;
  /** the version of the poses last placed (place(); -1: none since they were built) */
  placedVersion = -1;
  /** should stay 0: renders that showed the outlines placed from an older frame than the discs (scene.ts) */
  staleFrames = 0;
  /** the screen in world coordinates [m], widened by the largest circumradius: polygons centred outside it are not drawn */
  private readonly box = { x0: -Infinity, y0: -Infinity, x1: Infinity, y1: Infinity };

  get count(): number {
    return this.graphics.length;
  }

  /** Whether Pixi draws the outlines now (there are polygons, and they are not dots). */
  get shown(): boolean {
    return this.graphics.length > 0 && !this.dots;
  }

  /** Body `i`'s name by its shape ("hexagon"), or undefined when it is not a polygon drawn here. */
  nameOf(i: number): string | undefined {
    return this.names.get(i);
  }

  /** Draws the polygons of `shapes` (bodies ≥ n, or with non-finite vertices, are left out). */
  build(shapes: PolygonShapes, n: number): void {
    this.clear();
    const v = shapes.vertices;
    for (let p = 0; p < shapes.bodies.length; p++) {
      const body = shapes.bodies[p];
      const pts = Array.from(v.subarray(2 * shapes.start[p], 2 * (shapes.start[p] + shapes.count[p])));
      if (body < 0 || body >= n || pts.length < 6 || !pts.every(Number.isFinite)) continue;
      for (let k = 0; k < pts.length; k += 2) this.rMax = Math.max(this.rMax, Math.hypot(pts[k], pts[k + 1]));
      const g = polygonGraphics(pts);
      g.visible = false; // until the first frame places it
      this.bodies.push(body);
      this.names.set(body, polygonName(pts));
      this.graphics.push(g);
      this.container.addChild(g);
    }
    this.tints = new Int32Array(this.graphics.length).fill(-1);
    this.version = shapes.staticVersion;
  }

  clear(): void {
    for (const g of this.graphics) g.destroy();
    this.container.removeChildren();
    this.bodies = [];
    this.graphics = [];
    this.tints = new Int32Array(0);
    this.placedVersion = -1;
    this.names.clear();
    this.version = -1;
    this.rMax = 0;
  }

  /**
   * Device pixels per metre now; true when that switched the polygons between Graphics and dots (then the
   * disc layer's radii change, and Graphics shown again must be placed before they are drawn: place()).
   */
  setPixelScale(px: number): boolean {
    const dots = this.graphics.length > 0 && 2 * this.rMax * px < DOT_MAX_PX;
    if (dots === this.dots) return false;
    this.dots = dots;
    this.container.visible = !dots;
    return true;
  }

  /**
   * The screen is the world box [x0, x1] × [y0, y1] [m] now; true when that moved the box polygons are drawn in (then
   * place() must run again before the next render, so that polygons coming into sight are placed from the latest frame).
   */
  setViewBox(x0: number, y0: number, x1: number, y1: number): boolean {
    const b = this.box, r = this.rMax;
    if (b.x0 === x0 - r && b.y0 === y0 - r && b.x1 === x1 + r && b.y1 === y1 + r) return false;
    b.x0 = x0 - r; b.y0 = y0 - r; b.x1 = x1 + r; b.y1 = y1 + r;
    return true;
  }

  /**
   * Places every polygon in sight from `poses` (body i's x, y, φ and colour value at PARTICLE_FLOATS · i: the disc layer's
   * copy of the latest frame, `version` its poseVersion) and tints it by `coloring`, or in the fixed colour where `fixed[i]` is 1; one
   * centred outside the view box is hidden. Nothing while the polygons are dots (their Graphics hidden): the scene calls
   * it again when setPixelScale shows them.
   */
  place(poses: Float32Array, version: number, fixed: ArrayLike<number>): void {
    if (this.dots) return;
    this.placedVersion = version;
    const { mode, inv, tint } = this.coloring, box = this.box;
    for (let p = 0; p < this.graphics.length; p++) {
      const i = this.bodies[p], g = this.graphics[p];
      const q = PARTICLE_FLOATS * i, v = poses[q + 3], x = poses[q], y = poses[q + 1];
      if (!(x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1)) { // off the screen (or not finite): not drawn
        if (g.visible) g.visible = false;
        continue;
      }
      g.position.set(x, y);
      g.rotation = poses[q + 2];
      // the same colours as the discs' shader
      const c = packedToRgb(fixed[i] ? FIXED_COLOR : tint !== null ? tint
        : mode === COLOR_SPEED ? SPEED_LUT[Math.min(255, (v * inv) | 0)]
          : mode === COLOR_CONTACTS ? COUNT_COLORS[Math.min(6, v | 0)] : NEUTRAL_COLOR);
      if (c !== this.tints[p]) { g.tint = c; this.tints[p] = c; }
      if (!g.visible) g.visible = true;
    }
  }

  /** The polygons' Graphics as last placed: body, x, y, φ, and whether it is drawn now (for the tests; not placed while `dots`, nor off the screen). */
  drawn(): { body: number; x: number; y: number; phi: number; shown: boolean }[] {
    return this.graphics.map((g, p) => ({ body: this.bodies[p], x: g.position.x, y: g.position.y, phi: g.rotation, shown: this.container.visible && g.visible }));
  }

  /** Polygons placed with a non-finite transform (should stay 0). */
  countNonFinite(): number {
    let bad = 0;
    for (const g of this.graphics) if (!Number.isFinite(g.position.x) || !Number.isFinite(g.position.y) || !Number.isFinite(g.rotation)) bad++;
    return bad;
  }
}

/** One polygon in its body frame (x, y pairs, counter-clockwise about the centroid), white for the tint. */
function polygonGraphics(pts: number[]): Graphics {
  const m = pts.length / 2;
  // line widths relative to the inradius (the nearest edge line to the centroid), as the disc texture's
  let inradius = Infinity;
  for (let k = 0; k < m; k++) {
    const ax = pts[2 * k], ay = pts[2 * k + 1], bx = pts[(2 * k + 2) % pts.length], by = pts[(2 * k + 3) % pts.length];
    const len = Math.hypot(bx - ax, by - ay);
    if (len > 0) inradius = Math.min(inradius, Math.abs(ax * by - ay * bx) / len);
  }
  if (!Number.isFinite(inradius)) inradius = Math.hypot(pts[0], pts[1]);
  const w = 0.08 * inradius;
  const g = new Graphics();
  g.poly(pts, true).fill({ color: 0xffffff }).stroke({ width: w, color: DARK, alpha: 0.85, alignment: 1, join: 'round' });
  // orientation mark: centroid → midpoint of the first edge, and a dot at the centroid
  const mx = 0.5 * (pts[0] + pts[2]), my = 0.5 * (pts[1] + pts[3]);
  g.moveTo(0, 0).lineTo(mx, my).stroke({ width: 2 * w, color: DARK, alpha: 0.9, cap: 'butt' });
  g.circle(0, 0, 1.4 * w).fill({ color: DARK, alpha: 0.9 });
  return g;
}
