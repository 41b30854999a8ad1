/**
 * What to do to fill a chart that has nothing to show (issue 36: the angle chart stayed an empty grid until a
 * shift-click, the position chart until a click), written inside it in large type.
 */

/** Whether chart data (x, then the series) has a point to draw. */
export function hasPoints(data: readonly (readonly (number | null)[])[]): boolean {
  for (let c = 1; c < data.length; c++) for (const v of data[c]) if (v !== null) return true;
  return false;
}

export class EmptyChartNote {
  private readonly el = document.createElement('div');

  /** A note over the plot of chart box `box` (a `.chart`) */
  constructor(box: HTMLElement, testId: string) {
    this.el.className = 'chart-empty';
    this.el.setAttribute('data-testid', testId);
    this.el.hidden = true;
    box.appendChild(this.el);
  }

  /** Shows `text` (null: hides the note). */
  show(text: string | null): void {
    if (this.el.hidden !== (text === null)) this.el.hidden = text === null;
    if (text !== null && this.el.textContent !== text) this.el.textContent = text;
  }
}
