/**
 * Two charts in one place, so the charts row keeps its layout at 1280×720: a button at each one's top right shows the
 * other (the Ek chart and the energy ledger; the position chart and the x–y chart). The button clicked hands the focus
 * to the other chart's, so a keyboard can switch back.
 */

export interface ChartSwitch {
  /** whether the second chart is shown */
  shown: () => boolean;
  /** shows the second chart (true) or the first */
  show: (second: boolean) => void;
}

/** `toSecond`, `toFirst`: the test ids of the buttons in `first` and in `second`; `shown`: called when the second is shown. */
export function installChartSwitch(first: HTMLElement, second: HTMLElement, toSecond: string, toFirst: string, shown: () => void): ChartSwitch {
  const a = first.querySelector<HTMLElement>(`[data-testid="${toSecond}"]`), b = second.querySelector<HTMLElement>(`[data-testid="${toFirst}"]`);
  const show = (on: boolean) => {
    first.hidden = on;
    second.hidden = !on;
    if (!on) return;
    // a lesson that shows the first chart (lecture-mode.ts: lesson-hidden on the others) shows the second in its place
    if (!first.classList.contains('lesson-hidden')) second.classList.remove('lesson-hidden');
    shown();
  };
  a?.addEventListener('click', () => { show(true); b?.focus(); });
  b?.addEventListener('click', () => { show(false); a?.focus(); });
  return { shown: () => !second.hidden, show };
}
