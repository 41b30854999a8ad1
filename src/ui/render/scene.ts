/**
 * PixiJS v8 drawing of one frame (layout: src/protocol/frame.ts): discs as one mesh fed from textures
 * (disc-layer.ts: the frame's poses go to the GPU as they are), polygons as Graphics (polygon-layer.ts;
 * their discs hidden, or drawn as dots when the polygons are tiny), walls, the optional contact network (line width
 * ∝ normal force) and the selection. World coordinates are SI metres with y up; the camera container
 * maps them to screen pixels (y flipped).
 */
import { Application, Container, Graphics, Texture, UPDATE_PRIORITY, type WebGLRenderer } from 'pixi.js';
import {
  BODY_FIXED, BODY_PRESCRIBED, COLOR_CONTACTS, COLOR_SPEED, CONTACT_FLOATS, F_STEP, F_T,
  FLAG_DIVERGED, FLAG_EMPTY, FLAG_FINITE, FLAG_HAS_CONTACTS, FLAG_HAS_STATIC, FLAG_HAS_WALLS,
  FLAG_TOO_SMALL, H_BYTES_NEEDED, H_CONTACTS, H_CONTACTS_TOTAL, H_CONTACT_CAP, H_FLAGS, H_N, H_N_CAP,
  H_SEQ, H_STATIC_VERSION, H_WALLS, H_WALL_CAP, HEADER_INTS, PARTICLE_FLOATS, SHAPE_POLYGON, STATIC_FLOATS, WALL_FLOATS,
  frameOffsets,
} from '../../protocol/frame';
import type { PolygonShapes, Selection } from '../../protocol/api';
import { COUNT_COLORS, FIXED_COLOR, NEUTRAL_COLOR, packedToRgb, SPEED_LUT } from './colormap';
import { DiscLayer } from './disc-layer';
import { BACKGROUND, SCENE } from '../palette';
import { DOT_RADIUS, PolygonLayer } from './polygon-layer';

const TEX = 128;

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

/** WebGL renderers that draw on the CPU: Chromium's SwiftShader, Mesa's llvmpipe and softpipe, Windows' Basic Render Driver */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** The GL's renderer: the unmasked name where the browser gives it (Chromium answers RENDERER with "WebKit WebGL") */
function rendererName(gl: WebGL2RenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return `${String(gl.getParameter(gl.RENDERER))} ${info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : ''}`;
}

function discTexture(): Texture {
  const c = document.createElement('canvas');
  c.width = c.height = TEX;
  const g = c.getContext('2d')!;
  const r = TEX / 2;
  g.beginPath();
  g.arc(r, r, r - 2, 0, Math.PI * 2);
  // white, for the tint; the rim and the orientation mark dark (SCENE.bodyRim)
  g.fillStyle = '#ffffff';
  g.fill();
  g.lineWidth = 5;
  g.strokeStyle = SCENE.bodyRim;
  g.globalAlpha = 0.85;
  g.stroke();
  // orientation mark: a bar from the centre to the rim along the body's x axis
  g.beginPath();
  g.moveTo(r, r);
  g.lineTo(TEX - 5, r);
  g.lineWidth = 10;
  g.globalAlpha = 0.9;
  g.stroke();
  g.beginPath();
  g.arc(r, r, 9, 0, Math.PI * 2);
  g.fillStyle = SCENE.bodyRim;
  g.fill();
  return Texture.from(c);
}


/** A followed body is kept this fraction of the canvas's width and height away from its edges */
const FOLLOW_MARGIN = 0.25;
export class Scene {
  readonly app = new Application();
  private readonly camera = new Container();
  private readonly wallsG = new Graphics();
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
  private texture!: Texture;
  /** kept for picking feedback, fitting and drawing the selection */
  radius = new Float32Array(0);
  /** body flags (BODY_*) as floats, from the static block */
  bflags = new Float32Array(0);
  /** shape kind per body (SHAPE_*), and whether any is a polygon */
  private shape = new Uint8Array(0);
  private hasPolygons = false;
  private wallData = new Float32Array(0);
  private wallCount = 0;
  private wallsDirty = true;
  /** bumps when the walls read from a frame change (the comparison's panes copy them) */
  wallsVersion = 0;
  /** false: the walls are not drawn here (a comparison's side-by-side panes draw their own copies) */
  private wallsShown = true;
  /** world width [m] right of the scene that fit() includes (a comparison's further panes) */
  fitExtraWidth = 0;
  n = 0;
  staticVersion = -1;
  colorMode = COLOR_SPEED;
  /** a packed particle colour for every movable body instead of colorMode's (a comparison's variant 1), or null */
  tint: number | null = null;
  showContacts = false;
  selection: Selection = { particle: -1, contact: null };
  /** screen = (ox + s·x, oy − s·y) in CSS pixels */
  view = { s: 100, ox: 0, oy: 0 };
  /** a body the view keeps in sight at its zoom (a lesson's tracked body, issue 36 item 3); −1: none */
  follow = -1;
  private needFit = true;
  /** the view is the fit of the scene (no zoom or pan since): resizing refits it */
  private fitted = false;
  private lastW = 0;
  private lastH = 0;
  private speedScale = 1e-9;
  /** largest speed seen recently, for the legend */
  speedMax = 0;
  /** main-thread ms of Pixi's last render call (its JS: sprite buffers, batching, GL calls issued; not the GPU's work) */
  renderMs = 0;
  private renderT0 = 0;
  nonFiniteSkipped = 0;
  /** should stay 0: non-finite values that reached a sprite */
  nonFiniteDrawn = 0;

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
    this.texture = discTexture();
    const gl = (this.app.renderer as Partial<WebGLRenderer>).gl;
    this.discs = new DiscLayer(this.texture, gl ? (gl.getParameter(gl.ALIASED_POINT_SIZE_RANGE) as Float32Array)[1] : 0);
    this.softwareGl = gl ? SOFTWARE_RENDERER.test(rendererName(gl)) : false;
    this.camera.addChild(this.wallsG, this.discs.mesh, this.polygons.container);
    // contact network and selection are drawn in screen pixels (crisp at any zoom)
    this.app.stage.addChild(this.camera, this.contactsG, this.selG);
    // the host changes size with the window and when a banner above the layout opens or closes
    new ResizeObserver(() => this.app.resize()).observe(host);
    // Pixi renders from a ticker listener at priority LOW: size the discs for the view, time it from just before to just after
    this.app.ticker.add(() => {
      this.renderT0 = performance.now();
      const px = this.view.s * this.app.renderer.resolution;
      if (this.polygons.setPixelScale(px)) this.discRadii();
      this.discs.setPixelScale(px);
    }, undefined, UPDATE_PRIORITY.LOW + 1);
    this.app.ticker.add(() => { this.renderMs = performance.now() - this.renderT0; }, undefined, UPDATE_PRIORITY.UTILITY);
    this.app.renderer.on('resize', () => this.onResize());
    this.applyView();
  }

  /** A view that was fitted stays fitted; one the user zoomed or panned keeps its centre. */
  private onResize(): void {
    const W = this.app.screen.width, H = this.app.screen.height;
    if (this.fitted) this.fit();
    else {
      this.view.ox += (W - this.lastW) / 2;
      this.view.oy += (H - this.lastH) / 2;
      this.applyView();
    }
    this.lastW = W; this.lastH = H;
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
    if (this.polygons.count) {
      // the same colours as the discs' shader, for the few polygon outlines
      const bflags = this.bflags;
      this.polygons.place(f, p, PARTICLE_FLOATS, (i) => {
        const v = f[p + PARTICLE_FLOATS * i + 3];
        return packedToRgb(bflags[i] & (BODY_FIXED | BODY_PRESCRIBED) ? FIXED_COLOR : tint !== null ? tint
          : mode === COLOR_SPEED ? SPEED_LUT[Math.min(255, (v * inv) | 0)]
            : mode === COLOR_CONTACTS ? COUNT_COLORS[Math.min(6, v | 0)] : NEUTRAL_COLOR);
      });
    }
    if (flags & FLAG_HAS_WALLS) this.readWalls(f, off.walls, hdr[H_WALLS]);
    if (staticChanged && this.needFit) { this.fit(); this.needFit = false; }
    this.keepInView();
    info.applyMs = performance.now() - t0;
    // overlays (not part of the sprite-update figure)
    if (this.wallsDirty) this.drawWalls();
    this.drawContacts(f, off.contacts, (flags & FLAG_HAS_CONTACTS) ? hdr[H_CONTACTS] : 0);
    this.drawSelection();
    info.ok = true;
    return info;
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

  /** The polygon layer shows the shapes of the current static version, or nothing (never older ones). */
  private syncPolygons(n: number): void {
    this.shapesDirty = false;
    const shapes = this.shapes;
    if (this.hasPolygons && shapes && shapes.staticVersion === this.staticVersion) {
      if (this.polygons.version !== shapes.staticVersion) this.polygons.build(shapes, n);
    } else if (this.polygons.version !== -1) this.polygons.clear();
  }

  /** Adds a layer drawn in world coordinates above the bodies (a comparison's other variants). */
  addWorldLayer(layer: Container): void {
    this.camera.addChild(layer);
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

  private readWalls(f: Float32Array, o: number, count: number): void {
    const len = count * WALL_FLOATS;
    let same = count === this.wallCount && this.wallData.length >= len;
    if (same) for (let k = 0; k < len; k++) if (this.wallData[k] !== f[o + k]) { same = false; break; }
    if (same) return;
    if (this.wallData.length < len) this.wallData = new Float32Array(len);
    this.wallData.set(f.subarray(o, o + len));
    this.wallCount = count;
    this.wallsDirty = true;
    this.wallsVersion++;
  }

  /** Draws the walls here or not (a comparison's panes draw them). */
  setWallsShown(on: boolean): void {
    if (on !== this.wallsShown) { this.wallsShown = on; this.wallsDirty = true; }
  }

  /** The walls as last read from a frame (where they are now), for the tests. */
  drawnWalls(): { kind: number; ax: number; ay: number; bx: number; by: number; nx: number; ny: number }[] {
    const w = this.wallData, out = [];
    for (let k = 0; k < this.wallCount; k++) {
      const o = k * WALL_FLOATS;
      out.push({ kind: w[o], ax: w[o + 1], ay: w[o + 2], bx: w[o + 3], by: w[o + 4], nx: w[o + 5], ny: w[o + 6] });
    }
    return out;
  }

  private drawWalls(): void {
    const g = this.wallsG;
    g.clear();
    this.wallsDirty = false;
    if (!this.wallsShown) return;
    const s = this.view.s;
    const w = this.wallData;
    const L = 100 * Math.max(this.app.screen.width, this.app.screen.height) / s;
    for (let k = 0; k < this.wallCount; k++) {
      const o = k * WALL_FLOATS;
      const kind = w[o], ax = w[o + 1], ay = w[o + 2], bx = w[o + 3], by = w[o + 4], nx = w[o + 5], ny = w[o + 6];
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

  private drawContacts(f: Float32Array, o: number, count: number): void {
    const g = this.contactsG;
    g.clear();
    if (!this.showContacts || count === 0) return;
    let fmax = 0;
    for (let k = 0; k < count; k++) { const fn = f[o + k * CONTACT_FLOATS + 6]; if (fn > fmax) fmax = fn; }
    if (!(fmax > 0)) return;
    // group the lines into width bins: one stroke per bin instead of one per contact
    const BINS = 6;
    const { s, ox, oy } = this.view;
    const rmean = this.radius.length ? this.radius[0] : 0.01;
    const maxW = Math.min(14, Math.max(2, 0.7 * rmean * s));
    for (let b = BINS - 1; b >= 0; b--) {
      let any = false;
      for (let k = 0; k < count; k++) {
        const q = o + k * CONTACT_FLOATS;
        const fn = f[q + 6];
        if (fn <= 0) continue;
        const bin = Math.min(BINS - 1, Math.floor((fn / fmax) * BINS));
        if (bin !== b) continue;
        // centre → contact point (the midpoint for two discs) → centre
        g.moveTo(ox + s * f[q], oy - s * f[q + 1]).lineTo(ox + s * f[q + 2], oy - s * f[q + 3]).lineTo(ox + s * f[q + 4], oy - s * f[q + 5]);
        any = true;
      }
      if (any) g.stroke({ width: Math.max(1, ((b + 1) / BINS) * maxW), color: SCENE.contactNetwork, alpha: 0.85, cap: 'round', join: 'round' });
    }
  }

  private drawSelection(): void {
    const g = this.selG;
    g.clear();
    const { s, ox, oy } = this.view;
    const X = (i: number) => ox + s * this.px(i);
    const Y = (i: number) => oy - s * this.py(i);
    const ring = (i: number) => {
      if (i < 0 || i >= this.n) return;
      g.circle(X(i), Y(i), this.radius[i] * s + 3).stroke({ width: 3, color: SCENE.selectionRing });
    };
    ring(this.selection.particle);
    const c = this.selection.contact;
    if (c) {
      ring(c[0]);
      ring(c[1]);
      if (c[0] >= 0 && c[1] >= 0 && c[0] < this.n && c[1] < this.n) {
        g.moveTo(X(c[0]), Y(c[0])).lineTo(X(c[1]), Y(c[1])).stroke({ width: 2, color: SCENE.selectedContact });
      }
    }
  }

  // ---- camera ----

  toWorld(sx: number, sy: number): [number, number] {
    return [(sx - this.view.ox) / this.view.s, (this.view.oy - sy) / this.view.s];
  }

  /** The box [m] of the bodies and the wall anchor points, or null when there is none. */
  bounds(): { x0: number; y0: number; x1: number; y1: number } | null {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let i = 0; i < this.n; i++) {
      const x = this.px(i), y = this.py(i), r = this.radius[i];
      if (x - r < x0) x0 = x - r; if (x + r > x1) x1 = x + r;
      if (y - r < y0) y0 = y - r; if (y + r > y1) y1 = y + r;
    }
    for (let k = 0; k < this.wallCount; k++) {
      const o = k * WALL_FLOATS;
      const pts = this.wallData[o] === 0 ? [[this.wallData[o + 1], this.wallData[o + 2]]]
        : [[this.wallData[o + 1], this.wallData[o + 2]], [this.wallData[o + 3], this.wallData[o + 4]]];
      for (const [x, y] of pts) {
        if (Math.abs(x) > 1e6 || Math.abs(y) > 1e6) continue;
        x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      }
    }
    return Number.isFinite(x0 + x1 + y0 + y1) ? { x0, y0, x1, y1 } : null;
  }

  /** Fits particles and wall anchor points (and fitExtraWidth) into the view with a margin. */
  fit(): void {
    const b = this.bounds();
    if (!b) return;
    const { x0, y0, y1 } = b, x1 = b.x1 + this.fitExtraWidth;
    const W = this.app.screen.width, H = this.app.screen.height;
    const w = Math.max(x1 - x0, 1e-9), h = Math.max(y1 - y0, 1e-9);
    const s = 0.88 * Math.min(W / w, H / h);
    this.view.s = s;
    this.view.ox = W / 2 - s * (x0 + x1) / 2;
    this.view.oy = H / 2 + s * (y0 + y1) / 2;
    this.fitted = true;
    this.lastW = W; this.lastH = H;
    this.applyView();
  }

  /** Pans the view, at its zoom, just enough that the followed body stays inside the canvas less FOLLOW_MARGIN of it on each side. */
  private keepInView(): void {
    const i = this.follow;
    if (i < 0 || i >= this.n) return;
    const x = this.px(i), y = this.py(i);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    const W = this.app.screen.width, H = this.app.screen.height, m = FOLLOW_MARGIN;
    const sx = this.view.ox + this.view.s * x, sy = this.view.oy - this.view.s * y;
    const dx = sx < m * W ? m * W - sx : sx > (1 - m) * W ? (1 - m) * W - sx : 0;
    const dy = sy < m * H ? m * H - sy : sy > (1 - m) * H ? (1 - m) * H - sy : 0;
    if (dx === 0 && dy === 0) return;
    this.view.ox += dx;
    this.view.oy += dy;
    this.applyView();
  }

  zoomAt(sx: number, sy: number, factor: number): void {
    const [wx, wy] = this.toWorld(sx, sy);
    this.view.s *= factor;
    this.view.ox = sx - wx * this.view.s;
    this.view.oy = sy + wy * this.view.s;
    this.fitted = false;
    this.applyView();
  }

  panBy(dx: number, dy: number): void {
    this.view.ox += dx;
    this.view.oy += dy;
    if (dx !== 0 || dy !== 0) this.fitted = false;
    this.applyView();
  }

  private applyView(): void {
    this.camera.position.set(this.view.ox, this.view.oy);
    this.camera.scale.set(this.view.s, -this.view.s);
    this.wallsDirty = true;
  }
}
