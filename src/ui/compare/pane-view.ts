/**
 * A comparison drawn side by side (issue 11): each variant in its own pane, left to right (pane-layout.ts),
 * with its own copy of the walls, a frame in the variant's colour and its label. Variant 1 stays where the
 * Scene draws it (pane 1); the VariantLayer shifts variant v's outlines into pane v. The view is fitted to
 * all panes when the layout changes. Per frame this compares a few numbers; the walls are redrawn only when
 * they move, the zoom changes or the layout changes, and the labels are placed only when the view moves.
 */
import { Container, Graphics } from 'pixi.js';
import type { Scene } from '../render/scene';
import { clipLine, clipSolidSide, paneAt, paneLayout, type PaneLayout } from './pane-layout';
import { SCENE, VARIANTS } from '../palette';
import type { VariantLayer } from './variant-layer';

export class PaneView {
  /** world layer: the panes' walls and frames */
  readonly container = new Container();
  private readonly g = new Graphics();
  private readonly labels: HTMLElement[] = [];
  layout: PaneLayout | null = null;
  /** main-thread ms of the last sync() */
  ms = 0;
  private staticVersion = -1;
  private wallsVersion = -1;
  private drawnS = NaN;
  /** the view (s, ox, oy) the labels were placed for (NaN: place them again) */
  private readonly placed = [NaN, NaN, NaN];
  private texts: string[] = [];
  private readonly poly: number[] = [];

  constructor(private readonly scene: Scene, private readonly variants: VariantLayer, private readonly stage: HTMLElement) {
    this.container.addChild(this.g);
  }

  /** Every frame: `count` variants side by side (0: overlaid, or no comparison); `texts` label the panes. */
  sync(count: number, texts: string[]): void {
    const t0 = performance.now();
    this.place(count, texts);
    this.ms = performance.now() - t0;
  }

  private place(count: number, texts: string[]): void {
    const scene = this.scene;
    if (count < 2 || scene.n === 0) {
      if (this.layout) this.off();
      return;
    }
    if (!this.layout || this.layout.count !== count || this.staticVersion !== scene.staticVersion) {
      const b = scene.bounds();
      if (!b) return;
      this.layout = paneLayout(b, count);
      this.staticVersion = scene.staticVersion;
      scene.fitExtraWidth = (count - 1) * this.layout.step;
      scene.setWallsShown(false);
      this.variants.paneStep = this.layout.step;
      scene.fit();
      this.wallsVersion = -1;
      this.placed[0] = NaN;
    }
    if (this.wallsVersion !== scene.wallsVersion || this.drawnS !== scene.view.s) this.draw(this.layout);
    if (texts !== this.texts) { this.texts = texts; this.placed[0] = NaN; }
    this.placeLabels(this.layout);
  }

  /** The world x shift [m] of the pane that world x falls in (0 when overlaid). */
  offsetAt(x: number): number {
    return this.layout ? paneAt(this.layout, x) * this.layout.step : 0;
  }

  /** The pane (0-based) world x falls in (0 when overlaid). */
  paneAt(x: number): number {
    return this.layout ? paneAt(this.layout, x) : 0;
  }

  private off(): void {
    this.layout = null;
    this.g.clear();
    for (const el of this.labels) el.hidden = true;
    this.placed[0] = NaN;
    this.variants.paneStep = 0;
    this.scene.fitExtraWidth = 0;
    this.scene.setWallsShown(true);
    this.scene.fit();
  }

  /** Each pane's walls (half-planes clipped to the pane) and its frame in the variant's colour. */
  private draw(l: PaneLayout): void {
    const g = this.g, scene = this.scene;
    const s = scene.view.s;
    this.drawnS = s;
    this.wallsVersion = scene.wallsVersion;
    g.clear();
    const walls = scene.drawnWalls();
    for (let k = 0; k < l.count; k++) {
      const dx = k * l.step;
      const box = { x0: l.x0 + dx, y0: l.y0, x1: l.x1 + dx, y1: l.y1 };
      for (const w of walls) {
        if (w.kind === 0) {
          const solid = clipSolidSide(box, w.ax + dx, w.ay, w.nx, w.ny, this.poly);
          if (solid.length >= 6) g.poly(solid).fill({ color: SCENE.wallFill, alpha: 0.9 });
          const line = clipLine(box, w.ax + dx, w.ay, w.nx, w.ny);
          if (line) g.moveTo(line[0], line[1]).lineTo(line[2], line[3]).stroke({ width: 3 / s, color: SCENE.wallLine });
        } else {
          g.moveTo(w.ax + dx, w.ay).lineTo(w.bx + dx, w.by).stroke({ width: 4 / s, color: SCENE.wallLine, cap: 'round' });
        }
      }
      g.rect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0).stroke({ width: 2 / s, color: VARIANTS[k].color, alpha: 0.9 });
    }
  }

  /** The labels at the panes' top-left corners, in screen pixels (only when the view or the texts changed). */
  private placeLabels(l: PaneLayout): void {
    const { s, ox, oy } = this.scene.view;
    const p = this.placed;
    if (p[0] === s && p[1] === ox && p[2] === oy) return;
    p[0] = s; p[1] = ox; p[2] = oy;
    const canvas = this.scene.app.canvas.getBoundingClientRect(), stage = this.stage.getBoundingClientRect();
    for (let k = 0; k < Math.max(l.count, this.labels.length); k++) {
      let el = this.labels[k];
      if (!el) {
        el = document.createElement('div');
        el.className = 'pane-label';
        el.setAttribute('data-testid', `compare-pane-label-${k + 1}`);
        this.stage.appendChild(el);
        this.labels.push(el);
      }
      el.hidden = k >= l.count;
      if (el.hidden) continue;
      // textContent only: a label shows overrides that may come from a URL
      el.textContent = this.texts[k] ?? `#${k + 1}`;
      el.style.color = VARIANTS[k].color;
      el.style.left = `${canvas.left - stage.left + ox + s * (l.x0 + k * l.step) + 4}px`;
      el.style.top = `${canvas.top - stage.top + oy - s * l.y1 + 4}px`;
    }
  }

  /** For the tests: the layout and its panes' screen x ranges [CSS px, canvas-relative], or null. */
  describe(): { count: number; step: number; panes: [number, number][]; labels: string[] } | null {
    const l = this.layout;
    if (!l) return null;
    const { s, ox } = this.scene.view;
    const panes: [number, number][] = [];
    for (let k = 0; k < l.count; k++) panes.push([ox + s * (l.x0 + k * l.step), ox + s * (l.x1 + k * l.step)]);
    return { count: l.count, step: l.step, panes, labels: this.labels.slice(0, l.count).map((el) => el.textContent ?? '') };
  }
}
