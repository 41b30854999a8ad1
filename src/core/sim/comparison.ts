/**
 * Lockstep comparison (issue 11): 2–4 variants of one scenario — the same bodies, seed and start — each
 * with its own live-parameter overrides (tangential scheme, integrator, Δt/tc, plane definition, μ, …),
 * advanced together in simulated time. Variants whose Δt differ meet at common times: at each meeting time
 * T every variant has taken the last of its own steps that ends at or before T (their Δt need not divide
 * each other; when the ratio is a whole number they meet exactly). The first variant is the reference:
 * the divergence of variant v is the RMS over bodies of |x_v − x_0| (minimum image) over the mean radius.
 * A variant without overrides runs exactly as the scenario alone: building a comparison perturbs nothing.
 */
import type { ScenarioSpec } from '../scenarios/schema';
import { checkPatch, ParamError } from '../config/param-check';
import type { ParamPatch } from '../config/param-table';
import { World } from './world';

/** Most variants drawn and charted at once */
export const MAX_VARIANTS = 4;

export class Comparison {
  readonly worlds: World[];
  /** The time all variants last met [s] */
  t = 0;

  constructor(spec: ScenarioSpec, readonly variants: readonly ParamPatch[]) {
    if (variants.length < 1 || variants.length > MAX_VARIANTS) {
      throw new ParamError('variants', `a comparison has 1 to ${MAX_VARIANTS} variants, got ${variants.length}`);
    }
    this.worlds = variants.map((patch, v) => {
      const w = new World(spec);
      try {
        if (Object.keys(patch).length) w.setParams(patch);
      } catch (e) {
        if (e instanceof ParamError) throw new ParamError(`variant ${v + 1}.${e.field}`, e.message.slice(e.field.length + 2));
        throw e;
      }
      return w;
    });
  }

  /**
   * Parses `key=value,key=value` into a checked patch (ParamError naming the variant and the field); '' is the
   * scenario as it is. Refused: a blank text, an empty entry between commas, a key given twice, a key that is
   * not a live parameter ('__proto__', 'toString' included: the patch has no prototype to write them into).
   */
  static parseVariant(text: string, index: number): ParamPatch {
    const patch: Record<string, unknown> = Object.create(null);
    const field = `variant ${index + 1}`;
    if (text === '') return {};
    for (const raw of text.split(',')) {
      const part = raw.trim();
      if (part === '') throw new ParamError(field, `an empty entry in '${text}'; give key=value pairs separated by commas (or "" for the scenario as it is)`);
      const eq = part.indexOf('=');
      if (eq <= 0) throw new ParamError(field, `expected key=value, got '${part}'`);
      const key = part.slice(0, eq).trim();
      if (Object.hasOwn(patch, key)) throw new ParamError(`${field}.${key}`, 'given twice in one variant');
      patch[key] = part.slice(eq + 1).trim();
    }
    try {
      return checkPatch(patch);
    } catch (e) {
      if (e instanceof ParamError) throw new ParamError(`variant ${index + 1}.${e.field}`, e.message.slice(e.field.length + 2));
      throw e;
    }
  }

  /**
   * Advances every healthy variant to the last of its steps at or before time T. Returns false once every
   * variant has stopped (diverged).
   */
  advanceTo(T: number): boolean {
    let running = false;
    for (const w of this.worlds) {
      if (w.health.status !== 'ok') continue;
      const steps = Math.floor((T - w.t) / w.dt + 1e-9);
      if (steps > 0) w.step(steps);
      if (w.health.status === 'ok') running = true;
    }
    this.t = T;
    return running;
  }

  /** RMS position difference of variant v to the first, over the mean radius (NaN when either has stopped). */
  divergence(v: number): number {
    const a = this.worlds[0], b = this.worlds[v];
    if (a.health.status !== 'ok' || b.health.status !== 'ok') return NaN;
    const A = a.bodies, B = b.bodies, n = A.n;
    let sum = 0, r = 0;
    for (let k = 0; k < n; k++) {
      const dx = a.periodic.minimumImageX(B.x[k] - A.x[k]), dy = B.y[k] - A.y[k];
      sum += dx * dx + dy * dy;
      r += A.radius[k];
    }
    return n > 0 ? Math.sqrt(sum / n) / (r / n) : 0;
  }
}
