/**
 * The page as a screen reader and a keyboard meet it (issue 42 items 1-2): the canvas is a focusable, named
 * application with a short description of the scene and of its keys; each chart's plot is an image named by its title
 * with a line of what it plots; skip links lead to the canvas and to the controls; every control shows its focus
 * (a11y.css).
 */
import './a11y.css';

/** A line of what each chart plots (by chart id); a chart not named here is described by its title. */
const CHART_LINES: Record<string, string> = {
  'chart-ek': 'The kinetic energy of all bodies against simulated time; press i for the value now.',
  'chart-ledger': 'Where the energy went, stacked against time: kinetic, elastic, potential and dissipated, with the energy supplied dashed and the residual in red.',
  'chart-angle': 'The selected contact’s plane angle against time; on the canvas, b selects a body and c its contacts.',
  'chart-position': 'The tracked body’s x and y (or the piston’s position) against time.',
  'chart-flow': 'The grains’ mean velocity along the pipe and their flux through a cross-section against time.',
};

/** What the canvas's keys do (its description; the shortcut list has them as rows, lecture/shortcuts.ts) */
const CANVAS_KEYS = 'On the canvas: b and Shift+b select the next and previous body; g grabs it, the arrows move it, Enter throws it and g drops it; c selects its contacts in turn; without a body held the arrows pan and + and − zoom.';

/** Names and describes the canvas, whose scene line `sceneLine` updates; returns the element holding that line. */
export function describeCanvas(canvas: HTMLCanvasElement, host: HTMLElement): HTMLElement {
  const line = hiddenText(host, 'canvas-description', 'canvas-description');
  const keys = hiddenText(host, 'canvas-keys', 'canvas-keys');
  keys.textContent = CANVAS_KEYS;
  canvas.id = 'sim-canvas';
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'application');
  canvas.setAttribute('aria-roledescription', 'simulation');
  canvas.setAttribute('aria-label', 'Simulation');
  canvas.setAttribute('aria-describedby', 'canvas-description canvas-keys');
  return line;
}

/** Names each chart's plot by its title and describes it. */
export function describeCharts(charts: HTMLElement): void {
  for (const chart of charts.querySelectorAll<HTMLElement>(':scope > .chart')) {
    const title = chart.querySelector('h2'), plot = chart.querySelector<HTMLElement>('.plot');
    if (!title || !plot) continue;
    if (!title.id) title.id = `${chart.id}-title`;
    const line = hiddenText(chart, `${chart.id}-description`, `${chart.id}-description`);
    line.textContent = CHART_LINES[chart.id] ?? `${title.textContent ?? 'The chart'} against time.`;
    plot.setAttribute('role', 'img');
    plot.setAttribute('aria-labelledby', title.id);
    plot.setAttribute('aria-describedby', line.id);
  }
}

/** Skip links at the top of the page: to the canvas and to the controls (opened first where they are folded away). */
export function addSkipLinks(canvas: HTMLElement, controls: () => HTMLElement | null, openControls: () => void): void {
  const nav = document.createElement('nav');
  nav.className = 'skip-links';
  nav.setAttribute('aria-label', 'skip links');
  const link = (text: string, testId: string, go: () => void) => {
    const a = document.createElement('a');
    a.href = '#';
    a.textContent = text;
    a.setAttribute('data-testid', testId);
    a.addEventListener('click', (e) => { e.preventDefault(); go(); });
    nav.appendChild(a);
  };
  link('Skip to the simulation', 'skip-canvas', () => { canvas.focus(); canvas.scrollIntoView({ block: 'nearest' }); });
  link('Skip to the controls', 'skip-controls', () => { openControls(); controls()?.focus(); });
  document.body.prepend(nav);
}

function hiddenText(parent: HTMLElement, id: string, testId: string): HTMLElement {
  const p = document.createElement('p');
  p.id = id;
  p.className = 'visually-hidden';
  p.setAttribute('data-testid', testId);
  parent.appendChild(p);
  return p;
}
