/**
 * A lockstep comparison on the one canvas (issue 11): variants 2, 3, … drawn over variant 1 as outlined
 * discs in their colours and ring styles (solid, dashed, dotted: palette.ts VARIANTS; variant 1's discs are
 * filled in its colour by the Scene), each with its orientation bar, so bodies that coincide read as one disc with a coloured rim and bodies that part show
 * as separate outlines. Reads the frame's variant blocks (protocol/frame.ts); a polygon is outlined by its
 * bounding circle. Fixed and prescribed bodies are the same in every variant and are not outlined, except in
 * side-by-side panes (pane-layout.ts: variant v drawn paneStep × (v − 1) to the right), where each pane shows them.
 * A variant that stopped stays drawn where it last was, frozen, grey and faded (stopped-labels.ts names it on the canvas).
 */
import { Container, Particle, ParticleContainer, Rectangle, Texture } from 'pixi.js';
import {
  BODY_FIXED, BODY_PRESCRIBED, frameOffsets, H_CONTACT_CAP, H_N, H_N_CAP, H_STATIC_VERSION, H_VARIANT_CAP, H_VARIANTS, H_WALL_CAP, HEADER_INTS,
  readVariantHeader, VARIANT_FLOATS,
} from '../../protocol/frame';
import type { PickResult } from '../../protocol/api';
import { hexNumber, MUTED, VARIANTS } from '../palette';
import { BODY_TEXTURE_SIZE, bodyTexture, orientationBar } from '../render/disc-texture';

type RingStyle = (typeof VARIANTS)[number]['ring'];

/** The ring's dashes (on, off) as fractions of its circumference: a whole number of them round it. */
const RING_DASH: Record<RingStyle, number[]> = { solid: [], dashed: [0.065, 0.035], dotted: [0.025, 0.0375] };

/** A white ring (tinted per variant) in `style`, with the orientation bar. */
function ringTexture(style: RingStyle): Texture {
  return bodyTexture((g, r) => {
    g.beginPath();
    g.arc(r, r, r - 5, 0, Math.PI * 2);
    g.lineWidth = 8;
    g.strokeStyle = '#ffffff';
    g.setLineDash(RING_DASH[style].map((f) => f * 2 * Math.PI * (r - 5)));
    g.stroke();
    g.setLineDash([]);
    orientationBar(g, r, 8, 6);
  });
}

/** '#rrggbb' as a Pixi packed particle colour (BGR + alpha << 24, render/colormap.ts). */
export function packedColor(css: string, alpha = 1): number {
  const v = parseInt(css.slice(1), 16);
  const r = (v >> 16) & 255, g = (v >> 8) & 255, b = v & 255;
  return (b << 16 | g << 8 | r) + (Math.round(alpha * 255) << 24);
}

export class VariantLayer {
  readonly container = new Container();
  /** per variant after the first; fixedShown: its outlines' sizes include the fixed and prescribed bodies (side by side) */
  private readonly layers: { pc: ParticleContainer; list: Particle[]; fixedShown: boolean }[] = [];
  private readonly textures = new Map<RingStyle, Texture>();
  /** variants after the first that the worker has (the frame pool must hold this many blocks) */
  total = 0;
  /** bit v − 2: variant v is drawn now */
  drawn = 0;
  /** the static version the outlines' sizes belong to */
  private staticVersion = -1;
  /** side-by-side panes: variant v is drawn (v − 1) × paneStep [m] to the right (0: overlaid) */
  paneStep = 0;
  /**
   * bit v − 2: variant v has stopped (diverged; compare-panel.ts sets it from the status): it stays drawn where it was
   * last drawn, frozen, in grey and faded (issue 36)
   */
  frozen = 0;
  /** bit v − 2: variant v is drawn frozen now, and the box of its bodies then [m]: x0, y0, x1, y1 */
  private frozenShown = 0;
  private readonly frozenBoxes: [number, number, number, number][] = [];

  /**
   * Places the outlines from a frame that the Scene applied (radius and flags are the Scene's statics).
   * Returns the main-thread ms it took.
   */
  apply(buf: ArrayBuffer, radius: Float32Array, flags: Float32Array): number {
    const t0 = performance.now();
    const hdr = new Int32Array(buf, 0, HEADER_INTS);
    const { total, drawable } = readVariantHeader(hdr[H_VARIANTS]);
    this.total = total;
    if (hdr[H_STATIC_VERSION] !== this.staticVersion) {
      // a new scene: new radii
      this.staticVersion = hdr[H_STATIC_VERSION];
      for (const l of this.layers) l.list = [];
    }
    const n = hdr[H_N], cap = Math.min(hdr[H_VARIANT_CAP], total);
    this.drawn = 0;
    for (let v = 0; v < this.layers.length; v++) {
      // a stopped variant keeps the positions it was last drawn at; the others show only what this frame holds
      const frozen = (this.frozen & (1 << v)) !== 0 && this.layers[v].list.length === n && n > 0;
      this.showFrozen(v, frozen);
      this.layers[v].pc.visible = frozen;
      if (frozen) this.drawn |= 1 << v;
    }
    if (cap === 0 || radius.length !== n) return performance.now() - t0;
    const nCap = hdr[H_N_CAP];
    const off = frameOffsets({ nCap, contactCap: hdr[H_CONTACT_CAP], wallCap: hdr[H_WALL_CAP], variantCap: cap });
    if (off.bytes > buf.byteLength) return performance.now() - t0;
    const f = new Float32Array(buf, 0, off.bytes / 4);
    const k = 2 / BODY_TEXTURE_SIZE;
    const showFixed = this.paneStep > 0;
    for (let v = 0; v < cap; v++) {
      if (!(drawable & (1 << v))) continue;
      const layer = this.layer(v, n);
      const list = layer.list;
      if (layer.rebuilt || this.layers[v].fixedShown !== showFixed) {
        this.layers[v].fixedShown = showFixed;
        for (let i = 0; i < n; i++) list[i].scaleX = list[i].scaleY = !showFixed && flags[i] & (BODY_FIXED | BODY_PRESCRIBED) ? 0 : radius[i] * k;
        layer.pc.update();
      }
      layer.pc.x = (v + 1) * this.paneStep;
      let q = off.variants + v * VARIANT_FLOATS * nCap;
      for (let i = 0; i < n; i++) {
        const p = list[i];
        p.x = f[q]; p.y = f[q + 1]; p.rotation = f[q + 2];
        q += VARIANT_FLOATS;
      }
      layer.pc.visible = true;
      this.drawn |= 1 << v;
    }
    return performance.now() - t0;
  }

  /** The box of stopped variant v's (2, 3, …) frozen bodies, shifted into its pane [m], or null when it is not drawn frozen. */
  frozenBox(v: number): readonly [number, number, number, number] | null {
    const k = v - 2;
    if (!(this.frozenShown & (1 << k))) return null;
    const [x0, y0, x1, y1] = this.frozenBoxes[k], dx = (k + 1) * this.paneStep;
    return [x0 + dx, y0, x1 + dx, y1];
  }

  /** Layer v drawn frozen (grey, faded, its box kept) or as itself again. */
  private showFrozen(v: number, on: boolean): void {
    const bit = 1 << v;
    if (on === ((this.frozenShown & bit) !== 0)) return;
    const l = this.layers[v];
    this.frozenShown ^= bit;
    const tint = hexNumber(on ? MUTED : VARIANTS[v + 1].color);
    for (const p of l.list) p.tint = tint;
    l.pc.alpha = on ? 0.6 : 1;
    l.pc.update();
    if (!on) return;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const p of l.list) {
      x0 = Math.min(x0, p.x); x1 = Math.max(x1, p.x); y0 = Math.min(y0, p.y); y1 = Math.max(y1, p.y);
    }
    this.frozenBoxes[v] = [x0, y0, x1, y1];
  }

  /** Where variant v (2, 3, …) was last drawn: body centres [m], or null when it is not drawn. */
  positions(v: number): { x: number[]; y: number[] } | null {
    const l = this.layers[v - 2];
    if (!l || !(this.drawn & (1 << (v - 2)))) return null;
    return { x: l.list.map((p) => p.x), y: l.list.map((p) => p.y) };
  }

  /**
   * The body of variant v (2, 3, …) nearest to (x, y) [m, unshifted] if within tol of its outline (its
   * bounding circle), as SimApi.pick answers for variant 1; none when the variant is not drawn.
   */
  pick(v: number, x: number, y: number, tol: number, radius: Float32Array): PickResult {
    const l = this.layers[v - 2];
    if (!l || !(this.drawn & (1 << (v - 2)))) return { kind: 'none' };
    let best = -1, bestD = Infinity;
    for (let i = 0; i < l.list.length && i < radius.length; i++) {
      const d = Math.hypot(l.list[i].x - x, l.list[i].y - y) - radius[i];
      if (d < bestD) { bestD = d; best = i; }
    }
    if (best < 0 || bestD > tol) return { kind: 'none' };
    return { kind: 'particle', i: best, x: l.list[best].x, y: l.list[best].y, r: radius[best] };
  }

  /** The ring texture of layer v (variant v + 2), made once per style. */
  private ring(v: number): Texture {
    const style = VARIANTS[v + 1].ring;
    let t = this.textures.get(style);
    if (!t) { t = ringTexture(style); this.textures.set(style, t); }
    return t;
  }

  private layer(v: number, n: number): { pc: ParticleContainer; list: Particle[]; rebuilt: boolean } {
    while (this.layers.length <= v) {
      const pc = new ParticleContainer({
        texture: this.ring(this.layers.length),
        dynamicProperties: { position: true, rotation: true, color: false, vertex: false, uvs: false },
      });
      pc.boundsArea = new Rectangle(-1e9, -1e9, 2e9, 2e9);
      this.container.addChild(pc);
      this.layers.push({ pc, list: [], fixedShown: false });
    }
    const l = this.layers[v];
    if (l.list.length === n) return { ...l, rebuilt: false };
    l.pc.removeParticles();
    const tint = hexNumber(VARIANTS[v + 1].color), texture = this.ring(v);
    l.list = Array.from({ length: n }, () => new Particle({ texture, anchorX: 0.5, anchorY: 0.5, tint }));
    if (n) l.pc.addParticle(...l.list);
    return { ...l, rebuilt: true };
  }
}
