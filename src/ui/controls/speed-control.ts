/**
 * Playback speed in simulated seconds per wall-clock second: a log slider from slow motion (10⁻⁶) to
 * fast forward (100) whose rightmost notch is "max" (as fast as the machine goes), with a typed entry
 * that takes a number or "max". Each scenario brings a default that makes its event watchable.
 */
import type GUI from 'lil-gui';
import { parseDecimal } from '../../core/config/param-check';
import { attachExactEntry, exactText, type ExactEntry } from './exact-entry';
import { fmtNum } from './format';

export const SPEED_MIN = 1e-9;
export const SPEED_MAX = 1e6;
const LO = -6, HI = 2, SPAN = HI - LO;
/** slider positions past this are "max" */
const MAX_FROM = HI + 0.02 * SPAN;

/** Parses a typed or URL speed: 'max' → 0, else a plain decimal in [SPEED_MIN, SPEED_MAX]. */
export function parseSpeed(text: string): number {
  const t = text.trim();
  if (t === 'max') return 0;
  const v = parseDecimal(t);
  if (!(v >= SPEED_MIN && v <= SPEED_MAX)) {
    throw new Error(`speed: must be 'max' or a number from ${SPEED_MIN} to ${SPEED_MAX} (simulated seconds per second), got ${JSON.stringify(t.slice(0, 40))}`);
  }
  return v;
}

export function speedText(v: number): string {
  return v === 0 ? 'max' : exactText(v);
}

/** "×0.005 real time", "max" */
export function speedLabel(v: number): string {
  return v === 0 ? 'speed = max' : `speed = ×${fmtNum(v)} real time`;
}

export class SpeedControl {
  private readonly model = { speedLog: HI };
  private readonly entry: ExactEntry;
  private suppress = false;
  private readonly ctrl;

  constructor(folder: GUI, onSpeed: (v: number) => void, onRefused: (message: string) => void) {
    const c = folder.add(this.model, 'speedLog', LO, HI + 0.04 * SPAN, SPAN / 400);
    this.ctrl = c;
    c.domElement.setAttribute('data-testid', 'gui-speed');
    c.domElement.classList.add('log-slider');
    c.domElement.title = 'playback: simulated seconds per wall-clock second (log slider; rightmost notch = as fast as possible)';
    const toValue = (e: number) => (e >= MAX_FROM ? 0 : Number((10 ** e).toPrecision(2)));
    c.onChange((e: number) => {
      const v = toValue(e);
      c.name(speedLabel(v));
      if (!this.suppress) onSpeed(v);
    });
    this.entry = attachExactEntry(c, 'speed', { parse: parseSpeed, format: speedText }, onSpeed, onRefused);
    this.set(0);
  }

  /** Shows the worker's speed without sending it back. */
  set(v: number): void {
    this.suppress = true;
    try {
      this.model.speedLog = v === 0 ? HI + 0.04 * SPAN : Math.min(HI, Math.max(LO, Math.log10(v)));
      this.ctrl.name(speedLabel(v));
      this.ctrl.updateDisplay();
      this.entry.set(v);
    } finally {
      this.suppress = false;
    }
  }
}
