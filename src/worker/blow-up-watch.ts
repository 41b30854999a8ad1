/**
 * "Let it blow up" (issue 36): with the switch on (SimApi.setBlowUp, the URL's `blowUp=1`), a run goes on past the
 * divergence detector for a bounded time, so that a class sees energy grow. It steps one step at a time and, after
 * each, reads Ek = Σ ½ m v² + ½ I ω² (as the core's energies do) and stops the run when
 * - Ek has grown BLOW_UP_GROWTH times above its low: the lowest value since the run (re)started of Ek's envelope, its
 *   largest value over the last ENVELOPE steps (a single mode's Ek touches zero twice a period, so Ek itself does not do),
 * - a body has left the scene: the bounding box of the start state's bodies and walls widened by half its larger side,
 * - BLOW_UP_STEPS steps have passed since Ek first reached FIT_FROM × its low (the growth under way), or
 * - a value became NaN or infinite (the world's own divergence handling then takes over).
 * A verdict of the detector on the way is kept (the first) and passed over. Once the growth is under way, Ek of
 * every step is kept for the fit of ln Ek (growth-fit.ts), and the integrator's amplification factor for the scene's
 * contact modes is worked out (growth-theory.ts).
 */
import type { BlowUpReason, BlowUpStatus, GrowthTheory } from '../protocol/blow-up';
import { passDivergence, type WorldLike } from './core-adapter';
import { fitGrowth } from './growth-fit';
import { growthTheory } from './growth-theory';

/** The run stops once Ek has grown this many times above its low */
export const BLOW_UP_GROWTH = 1e6;
/** … or this many steps after the growth got under way */
export const BLOW_UP_STEPS = 20000;
/** The growth is under way (and fitted) from Ek = FIT_FROM × low on: below, the growing mode has not yet overtaken the others */
export const FIT_FROM = 30;
/** Ek's envelope: its largest value over this many steps (longer than half the period of the modes that matter) */
export const ENVELOPE = 64;

export class BlowUpWatch {
  /** Ek of every step from the growth's start on (ek[0] at growthStep) */
  private readonly ek = new Float64Array(BLOW_UP_STEPS + 1);
  private count = 0;
  /** Ek of the last ENVELOPE steps (a ring), and how many it holds */
  private readonly recent = new Float64Array(ENVELOPE);
  private recentCount = 0;
  private low = Infinity;
  private lowStep = 0;
  private growthStep = -1;
  private lastEk = 0;
  private detector = '';
  private left = 0;
  private theory: GrowthTheory | null = null;
  /** why the blow-up stopped (null: it goes on) */
  stopped: BlowUpReason | null = null;
  /** the scene's bounds: xmin, ymin, xmax, ymax [m] */
  readonly bounds: [number, number, number, number];

  /** Watches world `w` from its state now (a scene just loaded). */
  constructor(w: WorldLike) {
    this.bounds = sceneBounds(w);
    this.observe(w);
  }

  /** The world went back in time (a restore, a rewind): the watch starts again from its state. */
  restart(w: WorldLike): void {
    this.count = 0;
    this.recentCount = 0;
    this.low = Infinity;
    this.growthStep = -1;
    this.detector = '';
    this.theory = null;
    this.stopped = null;
    this.observe(w);
  }

  /** Up to k steps of `w`, one at a time, past the detector; fewer when the blow-up stops. Returns the steps done. */
  advance(w: WorldLike, k: number): number {
    let done = 0;
    while (done < k && this.stopped === null) {
      if (w.step(1) === 0) break;
      done++;
      if (w.health.status !== 'ok') {
        if (!this.detector) this.detector = w.health.message;
        // a NaN cannot be stepped on: the world stays diverged, and its divergence handling takes over
        if (!finiteState(w)) { this.stopped = 'non-finite'; break; }
        passDivergence(w);
      }
      this.observe(w);
    }
    return done;
  }

  private observe(w: WorldLike): void {
    const e = kineticEnergy(w);
    this.lastEk = e;
    if (!Number.isFinite(e)) { this.stopped = 'non-finite'; return; }
    this.recent[this.recentCount++ % ENVELOPE] = e;
    let envelope = 0;
    for (let k = Math.min(this.recentCount, ENVELOPE) - 1; k >= 0; k--) envelope = Math.max(envelope, this.recent[k]);
    if (envelope > 0 && envelope < this.low) {
      // a new low: the growth, if any, starts again from here
      this.low = envelope;
      this.lowStep = w.stepCount;
      this.count = 0;
      this.growthStep = -1;
      this.theory = null;
    }
    if (this.growthStep < 0 && e >= FIT_FROM * this.low) {
      this.growthStep = w.stepCount;
      this.theory = growthTheory(w);
    }
    if (this.growthStep >= 0 && this.count < this.ek.length) this.ek[this.count++] = e;
    this.left = outside(w, this.bounds);
    if (e >= BLOW_UP_GROWTH * this.low) this.stopped = 'growth';
    else if (this.left > 0) this.stopped = 'left';
    else if (this.growthStep >= 0 && w.stepCount - this.growthStep >= BLOW_UP_STEPS) this.stopped = 'steps';
  }

  status(): BlowUpStatus {
    const low = Number.isFinite(this.low) ? this.low : 0;
    return {
      state: this.stopped === null ? 'watching' : 'stopped',
      reason: this.stopped,
      low, lowStep: this.lowStep, ek: this.lastEk, growth: low > 0 ? this.lastEk / low : NaN, growthStep: this.growthStep,
      detector: this.detector, left: this.left, bounds: [...this.bounds],
      fit: this.growthStep >= 0 ? fitGrowth(this.ek, this.count, this.growthStep, low, FIT_FROM) : null,
      theory: this.theory ? { ...this.theory } : null,
      maxGrowth: BLOW_UP_GROWTH, maxSteps: BLOW_UP_STEPS,
    };
  }
}

/** Σ ½ m v² + ½ I ω² over the bodies (core/diagnostics/energy.ts's Ek) */
function kineticEnergy(w: WorldLike): number {
  const b = w.bodies;
  let e = 0;
  for (let k = 0; k < w.n; k++) e += b.mass[k] * (b.vx[k] * b.vx[k] + b.vy[k] * b.vy[k]) + b.inertia[k] * b.omega[k] * b.omega[k];
  return 0.5 * e;
}

function finiteState(w: WorldLike): boolean {
  const b = w.bodies;
  for (let k = 0; k < w.n; k++) if (!Number.isFinite(b.x[k] + b.y[k] + b.vx[k] + b.vy[k] + b.omega[k])) return false;
  return true;
}

/** Bodies whose centre lies outside `bounds` (a NaN position counts as outside) */
function outside(w: WorldLike, [x0, y0, x1, y1]: readonly number[]): number {
  const b = w.bodies;
  let n = 0;
  for (let k = 0; k < w.n; k++) if (!(b.x[k] >= x0 && b.x[k] <= x1 && b.y[k] >= y0 && b.y[k] <= y1)) n++;
  return n;
}

/** The bounding box of the bodies (with their radii) and the walls' ends, widened by half its larger side. */
export function sceneBounds(w: WorldLike): [number, number, number, number] {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const add = (x: number, y: number, r: number): void => {
    if (!Number.isFinite(x + y)) return;
    x0 = Math.min(x0, x - r); x1 = Math.max(x1, x + r); y0 = Math.min(y0, y - r); y1 = Math.max(y1, y + r);
  };
  const b = w.bodies, W = w.walls;
  for (let k = 0; k < w.n; k++) add(b.x[k], b.y[k], b.radius[k]);
  for (let k = 0; k < W.count; k++) {
    // a segment's two ends; a line's point (its b is its a)
    add(W.ax[k] + W.ox[k], W.ay[k] + W.oy[k], 0);
    add(W.bx[k] + W.ox[k], W.by[k] + W.oy[k], 0);
  }
  if (x0 > x1) return [-1, -1, 1, 1];
  const pad = 0.5 * Math.max(x1 - x0, y1 - y0);
  return [x0 - pad, y0 - pad, x1 + pad, y1 + pad];
}
