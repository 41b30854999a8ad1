/**
 * A comparison's stopped variants named on the canvas (issue 36): "#2 stopped at t = 0.0692 s" over the frozen, grey
 * bodies of each (variant-layer.ts keeps them where they were last drawn), in screen pixels, placed again only when the
 * view or the texts change, as the panes' labels are (pane-view.ts).
 */
import type { Scene } from '../render/scene';
import { VARIANTS } from '../palette';
import type { VariantLayer } from './variant-layer';

export class StoppedLabels {
  private readonly els: HTMLElement[] = [];
  /** the view (s, ox, oy) and texts the labels were placed for */
  private placedFor = '';

  constructor(private readonly scene: Scene, private readonly layer: VariantLayer, private readonly stage: HTMLElement) {}

  /** Every frame: texts[k] names variant k + 2 while it is stopped (null: it runs, or there is none). */
  sync(texts: readonly (string | null)[]): void {
    const { s, ox, oy } = this.scene.view;
    const boxes = texts.map((_, k) => this.layer.frozenBox(k + 2));
    const key = JSON.stringify([s, ox, oy, texts, boxes]);
    if (key === this.placedFor) return;
    this.placedFor = key;
    const canvas = this.scene.app.canvas.getBoundingClientRect(), stage = this.stage.getBoundingClientRect();
    for (let k = 0; k < Math.max(texts.length, this.els.length); k++) {
      let el = this.els[k];
      if (!el) {
        el = document.createElement('div');
        el.className = 'pane-label stopped-label';
        el.setAttribute('data-testid', `compare-stopped-${k + 2}`);
        this.stage.appendChild(el);
        this.els.push(el);
      }
      const text = texts[k] ?? null, box = boxes[k] ?? null;
      el.hidden = text === null || box === null;
      if (el.hidden || !box) continue;
      el.textContent = text;
      el.style.color = VARIANTS[k + 1].color;
      // above the bodies' box, at its left edge (inside the canvas)
      el.style.left = `${Math.max(0, canvas.left - stage.left + ox + s * box[0])}px`;
      el.style.top = `${Math.max(0, canvas.top - stage.top + oy - s * box[3] - 26)}px`;
    }
  }
}
