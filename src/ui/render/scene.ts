/**
 * PixiJS v8 drawing of one frame (layout: src/protocol/frame.ts): discs as one mesh fed from textures
 * (disc-layer.ts: the frame's poses go to the GPU as they are), polygons as Graphics (polygon-layer.ts;
 * their discs hidden, or drawn as dots when the polygons are tiny), walls (wall-layer.ts), and in screen
 * pixels the optional contact network (line width ∝ normal force) and the selection (overlays.ts). World
 * coordinates are SI metres with y up; the camera (camera.ts) maps them to screen pixels (y flipped).
 */
import { Application, type Container, Graphics, UPDATE_PRIORITY, type WebGLRenderer } from 'pixi.js';
import {
  BODY_FIXED, BODY_PRESCRIBED, COLOR_CONTACTS, COLOR_SPEED, F_STEP, F_T,
  FLAG_DIVERGED, FLAG_EMPTY, FLAG_FINITE, FLAG_HAS_CONTACTS, FLAG_HAS_STATIC, FLAG_HAS_WALLS,
  FLAG_TOO_SMALL, H_BYTES_NEEDED, H_CONTACTS, H_CONTACTS_TOTAL, H_CONTACT_CAP, H_FLAGS, H_N, H_N_CAP,
  H_SEQ, H_STATIC_VERSION, H_WALLS, H_WALL_CAP, HEADER_INTS, PARTICLE_FLOATS, SHAPE_POLYGON, STATIC_FLOATS,
  frameOffsets,
} from '../../protocol/frame';
import type { PolygonShapes, Selection } from '../../protocol/api';
import { BACKGROUND } from '../palette';
import { Camera, type Box } from './camera';
import { NEUTRAL_COLOR } from './colormap';
import { DiscLayer } from './disc-layer';
import { discTexture } from './disc-texture';
import { drawContacts, drawSelection, type View } from './overlays';
import { DOT_RADIUS, PolygonLayer } from './polygon-layer';
import { isSoftwareGl } from './software-gl';
import { WallLayer } from './wall-layer';

export interface FrameInfo {
  ok: boolean;
  seq: number;
  n: number;
  t: number;
  step: number;
  finite: boolean;
  diverged: boolean;
  tooSmall: boolean;
  bytesNeeded: number;
  contactsTotal: number;
  staticVersion: number;
  /** main-thread ms spent unpacking the frame into the scene (excludes GPU and Pixi's render) */
  applyMs: number;
}

export class Scene {
  readonly app = new Application();
  private readonly walls = new WallLayer();
  private readonly camera = new Camera(() => this.walls.invalidate());
  private readonly contactsG = new Graphics();
  private readonly selG = new Graphics();
  private discs!: DiscLayer;
  /** WebGL runs in software on the CPU (no GPU, or a blocked one): drawing takes CPU from the simulation. */
  softwareGl = false;
  /** polygon bodies, drawn as polygons; their disc sprites have scale 0 */
  readonly polygons = new PolygonLayer();
  /** the newest polygon shapes received (they may belong to a static version not yet in a frame) */
  private shapes: PolygonShapes | null = null;
  private shapesDirty = false;
  /** kept for picking feedback, fitting and drawing the selection */
  radius = new Float32Array(0);
  /** body flags (BODY_*) as floats, from the static block */
  bflags = new Float32Array(0);
  /** shape kind per body (SHAPE_*), and whether any is a polygon */
  private shape = new Uint8Array(0);
  private hasPolygons = false;
  /** world width [m] right of the scene that fit() includes (a comparison's further panes) */
  fitExtraWidth = 0;
  n = 0;
  staticVersion = -1;
  colorMode = COLOR_SPEED;
  /** a packed particle colour for every movable body instead of colorMode's (a comparison's variant 1), or null */
  tint: number | null = null;
  showContacts = false;
  selection: Selection = { particle: -1, contact: null };
  /** a body the view keeps in sight at its zoom (a lesson's tracked body, issue 36 item 3); −1: none */
  follow = -1;
  private needFit = true;
  private speedScale = 1e-9;
  /** largest speed seen recently, for the legend */
  speedMax = 0;
  /** main-thread ms of Pixi's last render call (its JS: sprite buffers, batching, GL calls issued; not the GPU's work) */
  renderMs = 0;
  private renderT0 = 0;
  nonFiniteSkipped = 0;
  /** the simulated time [s] of the frame the bodies are drawn from (the last one applied) */
  drawnT = 0;
  /** Renders so far (ticks of Pixi's ticker: the view is applied to the layers just before each; the tests wait on it) */
  renders = 0;
  /** should stay 0: non-finite values that reached a sprite */
  nonFiniteDrawn = 0;

  /** screen = (ox + s·x, oy − s·y) in CSS pixels */
  get view(): View {
    return this.camera.view;
  }

  async init(host: HTMLElement): Promise<void> {
    await this.app.init({
      resizeTo: host,
      background: BACKGROUND,
      antialias: false,
      preference: 'webgl',
      autoDensity: true,
      resolution: Math.min(2, window.devicePixelRatio || 1),
      preserveDrawingBuffer: true,
    });
    this.app.canvas.setAttribute('data-testid', 'sim-canvas');
    this.app.canvas.style.touchAction = 'none';
    host.appendChild(this.app.canvas);
    const gl = (this.app.renderer as Partial<WebGLRenderer>).gl;
    this.discs = new DiscLayer(discTexture(), gl ? (gl.getParameter(gl.ALIASED_POINT_SIZE_RANGE) as Float32Array)[1] : 0);
    this.softwareGl = gl ? isSoftwareGl(gl) : false;
    this.camera.container.addChild(this.walls.graphics, this.discs.mesh, this.polygons.container);
    // contact network and selection are drawn in screen pixels (crisp at any zoom)
    this.app.stage.addChild(this.camera.container, this.contactsG, this.selG);
    // the host changes size with the window and when a banner above the layout opens or closes
    new ResizeObserver(() => this.app.resize()).observe(host);
    // Pixi renders from a ticker listener at priority LOW: size the bodies for the view, time it from just before to just after
    this.app.ticker.add(() => {
      this.renderT0 = performance.now();
      this.renders++;
      this.scaleBodies();
      // the outlines about to be drawn must come from the same frame as the discs (counted for the tests)
      if (this.polygons.shown && this.polygons.placedVersion !== this.discs.poseVersion) this.polygons.staleFrames++;
    }, undefined, UPDATE_PRIORITY.LOW + 1);
    this.app.ticker.add(() => { this.renderMs = performance.now() - this.renderT0; }, undefined, UPDATE_PRIORITY.UTILITY);
    this.app.renderer.on('resize', () => this.camera.resized(this.app.screen.width, this.app.screen.height, () => this.fit()));
  }

  /**
   * The disc and polygon layers for the view's device pixels per metre: polygons switched to dots or back change
   * the disc layer's radii, and polygons shown again, or coming into sight as the view moves, are placed from the
   * latest frame before they are drawn.
   */
  private scaleBodies(): void {
    const px = this.view.s * this.app.renderer.resolution;
    const [x0, y1] = this.camera.toWorld(0, 0), [x1, y0] = this.camera.toWorld(this.app.screen.width, this.app.screen.height);
    const moved = this.polygons.setViewBox(x0, y0, x1, y1);
    if (this.polygons.setPixelScale(px)) {
      this.discRadii();
      this.placePolygons();
    } else if (moved && this.polygons.shown) this.placePolygons();
    this.discs.setPixelScale(px);
  }

  /** Unpacks one frame into the scene. Never draws non-finite values. */
  apply(buf: ArrayBuffer): FrameInfo {
    const t0 = performance.now();
    const hdr = new Int32Array(buf, 0, HEADER_INTS);
    const f64 = new Float64Array(buf, HEADER_INTS * 4, 4);
    const flags = hdr[H_FLAGS];
    const info: FrameInfo = {
      ok: false, seq: hdr[H_SEQ], n: hdr[H_N], t: f64[F_T], step: f64[F_STEP],
      finite: (flags & FLAG_FINITE) !== 0, diverged: (flags & FLAG_DIVERGED) !== 0,
      tooSmall: (flags & FLAG_TOO_SMALL) !== 0, bytesNeeded: hdr[H_BYTES_NEEDED],
      contactsTotal: hdr[H_CONTACTS_TOTAL], staticVersion: hdr[H_STATIC_VERSION], applyMs: 0,
    };
    if (flags & (FLAG_EMPTY | FLAG_TOO_SMALL)) return info;
    if (!info.finite) {
      // keep the last good picture; the divergence banner explains why it froze
      this.nonFiniteSkipped++;
      info.applyMs = performance.now() - t0;
      return info;
    }
    const n = hdr[H_N];
    const off = frameOffsets({ nCap: hdr[H_N_CAP], contactCap: hdr[H_CONTACT_CAP], wallCap: hdr[H_WALL_CAP] });
    const f = new Float32Array(buf, 0, off.bytes / 4);
    let staticChanged = false;
    if (flags & FLAG_HAS_STATIC) {
      if (n !== this.discs.count) { this.discs.resize(n); this.needFit = true; }
      if (this.radius.length !== n) { this.radius = new Float32Array(n); this.bflags = new Float32Array(n); this.shape = new Uint8Array(n); }
      let s = off.statics;
      this.hasPolygons = false;
      for (let i = 0; i < n; i++) {
        this.radius[i] = f[s]; this.bflags[i] = f[s + 1]; this.shape[i] = f[s + 2];
        if (this.shape[i] === SHAPE_POLYGON) this.hasPolygons = true;
        s += STATIC_FLOATS;
      }
      this.discRadii();
      this.staticVersion = hdr[H_STATIC_VERSION];
      staticChanged = true;
    }
    if (n !== this.discs.count) return info; // statics not yet received for this particle count
    this.n = n;
    if (staticChanged || this.shapesDirty) this.syncPolygons(n);
    const mode = this.colorMode;
    const p = off.particles;
    let vmax = 0;
    if (mode === COLOR_SPEED) {
      for (let i = 0, q = p + 3; i < n; i++, q += PARTICLE_FLOATS) if (f[q] > vmax) vmax = f[q];
      this.speedScale = Math.max(vmax, this.speedScale * 0.97, 1e-12);
      this.speedMax = this.speedScale;
    }
    const inv = 255 / this.speedScale;
    const tint = this.tint;
    if (tint !== null) this.discs.setColoring('flat', 0, tint);
    else if (mode === COLOR_SPEED) this.discs.setColoring('speed', inv, 0);
    else if (mode === COLOR_CONTACTS) this.discs.setColoring('count', 0, 0);
    else this.discs.setColoring('flat', 0, NEUTRAL_COLOR);
    this.discs.setPoses(f, p);
    // the same colours as the discs' shader, for the polygon outlines (not placed while they are dots)
    this.polygons.coloring = { mode, inv, tint };
    this.placePolygons();
    if (flags & FLAG_HAS_WALLS) this.walls.read(f, off.walls, hdr[H_WALLS]);
    if (staticChanged && this.needFit) { this.fit(); this.needFit = false; }
    this.keepInView();
    info.applyMs = performance.now() - t0;
    // overlays (not part of the sprite-update figure)
    this.walls.draw(this.view.s, Math.max(this.app.screen.width, this.app.screen.height));
    drawContacts(this.contactsG, f, off.contacts, this.showContacts && (flags & FLAG_HAS_CONTACTS) ? hdr[H_CONTACTS] : 0,
      this.view, this.radius.length ? this.radius[0] : 0.01);
    drawSelection(this.selG, this.selection, { n: this.n, x: (i) => this.px(i), y: (i) => this.py(i), r: this.radius }, this.view);
    info.ok = true;
    this.drawnT = info.t;
    return info;
  }

  /** The polygon outlines where the disc layer has their bodies now (nothing while they are drawn as dots). */
  private placePolygons(): void {
    if (this.polygons.count) this.polygons.place(this.discs.poses, this.discs.poseVersion, this.discs.fixed);
  }

  /** The disc layer's radii and flags: a polygon's disc is hidden (radius 0) while the polygon layer draws it, else a dot */
  private discRadii(): void {
    const dr = this.discs.radius, df = this.discs.fixed, dots = this.polygons.dots;
    for (let i = 0; i < this.radius.length; i++) {
      dr[i] = this.shape[i] !== SHAPE_POLYGON ? this.radius[i] : dots ? DOT_RADIUS * this.radius[i] : 0;
      df[i] = this.bflags[i] & (BODY_FIXED | BODY_PRESCRIBED) ? 1 : 0;
    }
    this.discs.staticsChanged();
  }

  /** Scan used by tests: are all particle positions currently drawn finite? (polygons included) */
  countNonFiniteDrawn(): number {
    let bad = this.polygons.countNonFinite();
    const d = this.discs;
    for (let i = 0; i < d.count; i++) if (!Number.isFinite(d.x(i)) || !Number.isFinite(d.y(i)) || !Number.isFinite(d.phi(i))) bad++;
    this.nonFiniteDrawn = bad;
    return bad;
  }

  /** The scene has polygons whose shapes (SimApi.polygonShapes) it does not have yet for its static version. */
  needsShapes(): boolean {
    return this.hasPolygons && this.staticVersion >= 0 && (this.shapes?.staticVersion ?? -1) < this.staticVersion;
  }

  /** Shapes from the worker; drawn once a frame of their static version has arrived. */
  setPolygonShapes(shapes: PolygonShapes): void {
    this.shapes = shapes;
    this.shapesDirty = true;
  }

  /**
   * The polygon layer shows the shapes of the current static version, or nothing (never older ones). A new
   * build is sized for the view at once, so that 10,000 polygons fitted as dots are never placed as Graphics.
   */
  private syncPolygons(n: number): void {
    this.shapesDirty = false;
    const shapes = this.shapes;
    if (this.hasPolygons && shapes && shapes.staticVersion === this.staticVersion) {
      if (this.polygons.version !== shapes.staticVersion) {
        this.polygons.build(shapes, n);
        if (this.polygons.setPixelScale(this.view.s * this.app.renderer.resolution)) this.discRadii();
      }
    } else if (this.polygons.version !== -1) this.polygons.clear();
  }

  /** Adds a layer drawn in world coordinates above the bodies (a comparison's other variants). */
  addWorldLayer(layer: Container): void {
    this.camera.container.addChild(layer);
  }

  requestFit(): void {
    this.needFit = true;
  }

  /** Whether the discs are drawn as point sprites now (small on screen) rather than quads. */
  get discsAsPoints(): boolean {
    return this.discs.drawnAsPoints;
  }

  /** Where body i is drawn (x, y) [m]. */
  px(i: number): number {
    return this.discs.x(i);
  }

  py(i: number): number {
    return this.discs.y(i);
  }

  /** bumps when the walls read from a frame change (the comparison's panes copy them) */
  get wallsVersion(): number {
    return this.walls.version;
  }

  /** Draws the walls here or not (a comparison's panes draw them). */
  setWallsShown(on: boolean): void {
    this.walls.setShown(on);
  }

  /** The walls as last read from a frame (where they are now), for the tests. */
  drawnWalls(): ReturnType<WallLayer['drawn']> {
    return this.walls.drawn();
  }

  // ---- camera ----

  toWorld(sx: number, sy: number): [number, number] {
    return this.camera.toWorld(sx, sy);
  }

  /** The box [m] of the bodies and the wall anchor points, or null when there is none. */
  bounds(): Box | null {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let i = 0; i < this.n; i++) {
      const x = this.px(i), y = this.py(i), r = this.radius[i];
      if (x - r < x0) x0 = x - r; if (x + r > x1) x1 = x + r;
      if (y - r < y0) y0 = y - r; if (y + r > y1) y1 = y + r;
    }
    for (const [x, y] of this.walls.anchors()) {
      if (Math.abs(x) > 1e6 || Math.abs(y) > 1e6) continue;
      x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
    }
    return Number.isFinite(x0 + x1 + y0 + y1) ? { x0, y0, x1, y1 } : null;
  }

  /** Fits particles and wall anchor points (and fitExtraWidth) into the view with a margin. */
  fit(): void {
    const b = this.bounds();
    if (b) this.camera.fit({ ...b, x1: b.x1 + this.fitExtraWidth }, this.app.screen.width, this.app.screen.height);
  }

  /** Pans the view, at its zoom, just enough that the followed body stays in sight (camera.ts). */
  private keepInView(): void {
    const i = this.follow;
    if (i >= 0 && i < this.n) this.camera.keepInView(this.px(i), this.py(i), this.app.screen.width, this.app.screen.height);
  }

  zoomAt(sx: number, sy: number, factor: number): void {
    this.camera.zoomAt(sx, sy, factor);
  }

  panBy(dx: number, dy: number): void {
    this.camera.panBy(dx, dy);
  }
}
