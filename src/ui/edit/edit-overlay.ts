/**
 * What build mode draws over the canvas while a tool is used, in world coordinates redrawn for the view: the wall
 * being drawn (a segment, a polyline's corners and the cursor, a box), the brush's circle or square under the
 * cursor, and the selected wall. An SVG layer like the measuring tools' (measure/measure-tools.ts); it takes no
 * pointer events.
 */
import type { Pt } from './edit-geometry';

const SVG = 'http://www.w3.org/2000/svg';

export interface View { s: number; ox: number; oy: number }

export class EditOverlay {
  private readonly svg: SVGSVGElement;
  private readonly draft: SVGPolylineElement;
  private readonly brush: SVGRectElement;
  private readonly picked: SVGLineElement;
  /** the drawing (world points), the brush (centre, half size, round or square) and the selected wall's ends */
  private draftPts: Pt[] = [];
  private brushAt: { c: Pt; half: number; round: boolean } | null = null;
  private wall: [Pt, Pt] | null = null;

  constructor(host: HTMLElement, private readonly view: () => View) {
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('class', 'edit-layer');
    this.svg.dataset.testid = 'edit-layer';
    this.draft = this.el('polyline', 'edit-draft');
    this.brush = this.el('rect', 'edit-brush');
    this.picked = this.el('line', 'edit-picked');
    host.appendChild(this.svg);
  }

  private el<K extends 'polyline' | 'rect' | 'line'>(name: K, cls: string): SVGElementTagNameMap[K] {
    const e = document.createElementNS(SVG, name);
    e.setAttribute('class', cls);
    this.svg.appendChild(e);
    return e;
  }

  setDraft(points: Pt[]): void { this.draftPts = points; this.draw(); }
  setBrush(b: { c: Pt; half: number; round: boolean } | null): void { this.brushAt = b; this.draw(); }
  setWall(w: [Pt, Pt] | null): void { this.wall = w; this.draw(); }
  show(on: boolean): void { this.svg.style.display = on ? '' : 'none'; }

  /** Redraws for the view now (the page calls it on every frame while build mode is on) */
  draw(): void {
    const { s, ox, oy } = this.view();
    const X = (p: Pt) => `${ox + s * p[0]},${oy - s * p[1]}`;
    this.draft.setAttribute('points', this.draftPts.map(X).join(' '));
    const b = this.brushAt;
    this.brush.style.display = b ? '' : 'none';
    if (b) {
      const h = b.half * s;
      this.brush.setAttribute('x', String(ox + s * b.c[0] - h));
      this.brush.setAttribute('y', String(oy - s * b.c[1] - h));
      this.brush.setAttribute('width', String(2 * h));
      this.brush.setAttribute('height', String(2 * h));
      this.brush.setAttribute('rx', b.round ? String(h) : '0');
    }
    this.picked.style.display = this.wall ? '' : 'none';
    if (this.wall) {
      const [a, c] = this.wall;
      this.picked.setAttribute('x1', String(ox + s * a[0])); this.picked.setAttribute('y1', String(oy - s * a[1]));
      this.picked.setAttribute('x2', String(ox + s * c[0])); this.picked.setAttribute('y2', String(oy - s * c[1]));
    }
  }
}
