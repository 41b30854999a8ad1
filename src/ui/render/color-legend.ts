/** The colour legend over the canvas (#legend): what the disc colours mean, over the ramp they are drawn with. */
import { fmtNum } from '../controls/format';
import { setText } from '../dom';
import type { ColorOption } from '../url-state';
import { countsCss, speedCss } from './colormap';

/** Shows the legend of colour mode `color` (`speedMax`: the top of the speed ramp [m/s]) in `el`. */
export function showColorLegend(el: HTMLElement, color: ColorOption, speedMax: number): void {
  if (color === 'speed') {
    setText(el, `colour: speed 0 … ${fmtNum(speedMax)} m/s`);
    el.style.background = speedCss();
  } else if (color === 'contacts') {
    setText(el, 'colour: contacts per particle 0 … 6+');
    el.style.background = countsCss();
  } else {
    setText(el, '');
    el.style.background = 'none';
  }
}
