/**
 * Chart type the back row can read (issue 36 item 5: at 1280×720 the charts' ticks were 13 px canvas text): in lecture
 * mode (body.lecture) every axis of the page's live charts draws its ticks at LECTURE_TICK_PX and its title at
 * LECTURE_TITLE_PX, and the room the axis takes (its size, its title's) grows with the type, so nothing is cut or
 * collides. A chart builds its plot again when lecture mode is turned on or off (onLectureChange).
 */
import type uPlot from 'uplot';

/** Tick and axis-title type [CSS px] outside lecture mode (chart-style.ts AXIS) and in it */
export const PAGE_TICK_PX = 13;
export const PAGE_TITLE_PX = 14;
export const LECTURE_TICK_PX = 16;
export const LECTURE_TITLE_PX = 16;

const FAMILY = 'system-ui, sans-serif';
export const tickFont = (px: number): string => `${px}px ${FAMILY}`;
export const titleFont = (px: number): string => `bold ${px}px ${FAMILY}`;

/** Whether the page is in lecture mode now. */
export function isLecture(): boolean {
  return document.body.classList.contains('lecture');
}

/** uPlot's own axis size, title size and least gap between ticks (x axis, y axes), for an axis that gives none */
const UPLOT_SIZE = 50, UPLOT_LABEL_SIZE = 30, UPLOT_X_SPACE = 50, UPLOT_Y_SPACE = 30;

/** uPlot's resolved font of an axis: [font, device px, CSS px] */
type ResolvedFont = [string, number, number];

/** The CSS px of the ticks uPlot draws axis `axisIdx` of `u` in (the page's before it has resolved them). */
export function tickPx(u: uPlot, axisIdx: number): number {
  const f = u.axes[axisIdx]?.font as unknown;
  return Array.isArray(f) ? (f as ResolvedFont)[2] : PAGE_TICK_PX;
}

/**
 * A fixed axis size grown by the larger type: an x axis by the glyphs' height, a y axis by the width of five (a label
 * such as 1e-10); a size worked out from the labels (chart-style.ts labelWidth) reads the type itself.
 */
function grownSize(size: uPlot.Axis['size'], vertical: boolean): uPlot.Axis['size'] {
  if (typeof size === 'function') return size;
  const grow = LECTURE_TICK_PX - PAGE_TICK_PX;
  return (size ?? UPLOT_SIZE) + (vertical ? 3 * grow : grow);
}

/** A least gap between ticks (a number, or a function of the plot's size) times k. */
function scaledSpace(space: uPlot.Axis['space'], k: number, fallback: number): uPlot.Axis['space'] {
  if (typeof space === 'function') return (u, axisIdx, min, max, plotDim) => k * space(u, axisIdx, min, max, plotDim);
  return k * (space ?? fallback);
}

/** The axes as given, or in lecture mode's type with the room it needs: sizes, titles and the gaps between ticks grown with it. */
function axesFor(axes: uPlot.Axis[], lecture: boolean): uPlot.Axis[] {
  if (!lecture) return axes;
  const k = LECTURE_TICK_PX / PAGE_TICK_PX, kTitle = LECTURE_TITLE_PX / PAGE_TITLE_PX;
  return axes.map((a, i) => ({
    ...a, font: tickFont(LECTURE_TICK_PX), labelFont: titleFont(LECTURE_TITLE_PX),
    size: grownSize(a.size, i > 0), labelSize: kTitle * (a.labelSize ?? UPLOT_LABEL_SIZE), space: scaledSpace(a.space, k, i === 0 ? UPLOT_X_SPACE : UPLOT_Y_SPACE),
  }));
}

/**
 * A chart's options in the page's type now (lecture mode's, or as given); its root element then carries the type its
 * axes are drawn in [CSS px], data-tick-px and data-title-px (the smallest of its axes'), for the layout test.
 */
export function inPageType(opts: uPlot.Options): uPlot.Options {
  const mark = (u: uPlot) => {
    const shown = u.axes.filter((a) => a.show !== false);
    u.root.dataset.tickPx = String(Math.min(...shown.map((a) => (a.font as unknown as ResolvedFont)[2])));
    u.root.dataset.titlePx = String(Math.min(...shown.map((a) => (a.labelFont as unknown as ResolvedFont)[2])));
  };
  return { ...opts, axes: axesFor(opts.axes ?? [], isLecture()), hooks: { ...opts.hooks, ready: [...(opts.hooks?.ready ?? []), mark] } };
}

/** Calls `changed` whenever lecture mode is turned on or off. */
export function onLectureChange(changed: () => void): void {
  let was = isLecture();
  new MutationObserver(() => {
    if (isLecture() === was) return;
    was = !was;
    changed();
  }).observe(document.body, { attributes: true, attributeFilter: ['class'] });
}
