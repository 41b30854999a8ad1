/**
 * A chart enlarged on a click (issue 36, projector-ready charts): clicking a live chart lays it over the canvas and
 * the charts row, the whole left of the page; a second click on it, or Esc, puts it back. Clicks on its buttons and on
 * its key (where uPlot toggles a series) are theirs. The plot follows its box's size (charts.ts observes it).
 */
import './charts.css';

/** Where a click on a chart is not a request to enlarge it */
const NOT_ZOOM = 'button, select, input, a, .u-legend';

export class ChartZoom {
  private enlarged: HTMLElement | null = null;

  /** `layout`: the page's grid (#layout); `charts`: the charts row (#charts) whose `.chart` boxes enlarge */
  constructor(private readonly layout: HTMLElement, charts: HTMLElement) {
    charts.addEventListener('click', (e) => {
      const target = e.target as Element;
      const box = target.closest<HTMLElement>('.chart');
      if (!box || target.closest(NOT_ZOOM)) return;
      this.enlarge(box === this.enlarged ? null : box);
    });
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.enlarged) this.enlarge(null);
    });
  }

  /** Enlarges `box` (null: puts the enlarged one back). */
  private enlarge(box: HTMLElement | null): void {
    this.enlarged?.classList.remove('enlarged');
    this.enlarged = box;
    box?.classList.add('enlarged');
    this.layout.classList.toggle('chart-enlarged', box !== null);
  }
}
