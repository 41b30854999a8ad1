/**
 * A heap's angle of repose drawn on the canvas as a protractor (issue 36 item 3; PhET's measuring tools): each flank's
 * line as fitted to the free surface (core/diagnostics/heap-angle.ts), carried down to the floor, a horizontal base
 * from that foot towards the peak, the arc between the two and the angle in degrees at the foot. Lines in screen
 * pixels over the scene, the degrees as text over the canvas; placed again only when the view or the fit changes.
 */
import { Graphics } from 'pixi.js';
import type { HeapAngles } from '../../core/diagnostics/heap-angle';
import { ACCENT } from '../palette';
import type { Scene } from './scene';

/** The arc's radius and the base's length [CSS px] */
const ARC_PX = 46, BASE_PX = 90;
/** A flank flatter than this [°] is drawn from its own lower end: carried to the floor its foot would lie far off */
const FLAT_DEG = 5;

export class Protractor {
  private readonly g = new Graphics();
  private readonly labels: HTMLElement[];
  private fit: HeapAngles | null = null;
  /** the view and fit the protractor was placed for */
  private placedFor = '';

  constructor(private readonly scene: Scene, private readonly stage: HTMLElement) {
    scene.app.stage.addChild(this.g);
    this.labels = (['left', 'right'] as const).map((side) => {
      const el = document.createElement('div');
      el.className = 'protractor-label';
      el.setAttribute('data-testid', `protractor-${side}`);
      el.hidden = true;
      stage.appendChild(el);
      return el;
    });
  }

  /** Draws the heap's fitted flanks (null: nothing). */
  show(fit: HeapAngles | null): void {
    this.fit = fit;
    this.sync();
  }

  /** The degrees shown, left flank first ('' where a flank has no fit or none is shown). */
  texts(): string[] {
    return this.labels.map((el) => (el.hidden ? '' : el.textContent ?? ''));
  }

  /** Places the protractor for the current view (called at each poll: a pan or zoom moves it along). */
  sync(): void {
    const { s, ox, oy } = this.scene.view, fit = this.fit;
    const key = JSON.stringify([s, ox, oy, fit && [fit.left, fit.right, fit.floorY]]);
    if (key === this.placedFor) return;
    this.placedFor = key;
    this.g.clear();
    const canvas = this.scene.app.canvas.getBoundingClientRect(), stage = this.stage.getBoundingClientRect();
    [fit?.left, fit?.right].forEach((flank, k) => {
      const el = this.labels[k];
      el.hidden = !fit || !flank || !Number.isFinite(flank.angle);
      if (el.hidden || !fit || !flank) return;
      // the flank's line carried down to the floor (a flank under FLAT_DEG from its own lower end): its foot, and its
      // top (screen y grows downwards)
      const steep = flank.angle >= FLAT_DEG;
      const footX = steep ? flank.x0 + ((fit.floorY - flank.y0) * (flank.x1 - flank.x0)) / (flank.y1 - flank.y0) : flank.x0;
      const fx = ox + s * footX, fy = oy - s * (steep ? fit.floorY : flank.y0), tx = ox + s * flank.x1, ty = oy - s * flank.y1;
      const toPeak = flank.x1 > footX ? 1 : -1, rad = (Math.max(0, flank.angle) * Math.PI) / 180;
      this.g.moveTo(fx, fy).lineTo(tx, ty).stroke({ width: 3, color: ACCENT });
      this.g.moveTo(fx, fy).lineTo(fx + toPeak * BASE_PX, fy).stroke({ width: 3, color: ACCENT });
      // the arc from the base up to the flank, on the peak's side
      if (toPeak > 0) this.g.arc(fx, fy, ARC_PX, -rad, 0);
      else this.g.arc(fx, fy, ARC_PX, Math.PI, Math.PI + rad);
      this.g.stroke({ width: 2, color: ACCENT });
      el.textContent = `${flank.angle.toFixed(1)}°`;
      // beside the foot, on the side away from the peak, just above the floor
      const w = el.offsetWidth;
      el.style.left = `${canvas.left - stage.left + fx - (toPeak > 0 ? w + 8 : -8)}px`;
      el.style.top = `${canvas.top - stage.top + fy - el.offsetHeight - 4}px`;
    });
  }
}
