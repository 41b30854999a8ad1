/**
 * The worker's side of a lockstep comparison (issue 11): the core's Comparison (core/sim/comparison.ts)
 * with the reference world (variant 1) stepped by the worker's own run loop exactly as a single run, and
 * the other variants brought to its time with Comparison.advanceTo after every advance (variant 1 takes no
 * step there). Variants whose Δt differ meet at the common times: each takes the last of its own steps
 * that ends at or before the reference's time. A variant that diverges stops (its message is kept); the
 * others go on. The hand, the selected contact and live parameter changes act on every variant (a live
 * change leaves a key the variant overrides alone).
 */
import type { Checked, ComparisonStatus } from '../protocol/api';
import { Comparison, createWorld, describeError, MAX_VARIANTS, type WorldLike } from './core-adapter';
import { liveRelaxationFit } from './live-fit';
import type { ScenarioSpec } from '../core/scenarios/schema';
import type { LiveParams, ParamPatch } from '../core/config/param-table';

/** Series row indices of variants 2–4's Ek, divergence, plane angle and residual (SERIES_COLUMNS ek2…ek4, divergence2…divergence4, angle2…angle4, residual2…residual4). */
export interface VariantRows { ek: readonly number[]; divergence: readonly number[]; angle: readonly number[]; residual: readonly number[] }

/**
 * A comparison of `variants` (2 to MAX_VARIANTS objects of parameter overrides) of the loaded scenario `spec`
 * (named `scenario`) whose parameters are `current` now, or the problems why not.
 */
export function startComparison(spec: ScenarioSpec, scenario: string, current: LiveParams, variants: unknown): Checked<ComparisonRun> {
  if (!Array.isArray(variants) || variants.length < 2 || variants.length > MAX_VARIANTS) {
    return { ok: false, problems: [`variants: a comparison has 2 to ${MAX_VARIANTS} variants, got ${Array.isArray(variants) ? variants.length : typeof variants}`] };
  }
  const bad = variants.findIndex((v) => typeof v !== 'object' || v === null || Array.isArray(v));
  if (bad >= 0) return { ok: false, problems: [`variant ${bad + 1}: must be an object of parameter overrides`] };
  if (spec.run?.schedule?.length) {
    return { ok: false, problems: [`variants: '${scenario}' changes its parameters on a schedule (run.schedule); a comparison of it is not supported`] };
  }
  try {
    return { ok: true, value: new ComparisonRun(spec, { ...current }, variants.map((v: Record<string, unknown>) => ({ ...v }))) };
  } catch (e) {
    return { ok: false, problems: describeError(e) };
  }
}

export class ComparisonRun {
  private readonly cmp: Comparison;
  /** variant 1, stepped by the worker's run loop */
  readonly reference: WorldLike;
  /** variants 2… (a fixed array, so the per-step path allocates nothing) */
  readonly others: readonly WorldLike[];
  /** the scenario's relaxation window: each variant's t_R is fitted as a single run's is */
  private readonly relaxation: ScenarioSpec['run']['relaxation'];

  /**
   * `current`: the parameters the run has now; where they differ from the scenario's start they are
   * applied to every variant under its own overrides, except the keys variant 1 sets (after a Reset or
   * from a URL the current parameters are variant 1's: its overrides must not leak into the others).
   */
  constructor(spec: ScenarioSpec, current: Record<string, unknown>, readonly variants: readonly Record<string, unknown>[]) {
    const start = createWorld(spec).params as unknown as Record<string, unknown>;
    const base: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(current)) if (!Object.is(start[k], v) && !Object.hasOwn(variants[0], k)) base[k] = v;
    const patches = variants.map((own) => ({ ...base, ...own }) as ParamPatch);
    this.cmp = new Comparison(spec, patches);
    this.relaxation = spec.run.relaxation;
    this.reference = this.cmp.worlds[0];
    this.others = this.cmp.worlds.slice(1);
  }

  /** Brings variants 2… to the reference's time (after the reference advanced). */
  follow(): void {
    this.cmp.advanceTo(this.reference.t);
  }

  /** Writes variants 2–4's Ek, divergence, selected contact's plane angle and ledger residual into a series row: NaN for a stopped variant, one not at the reference's time, or none. */
  writeRow(row: Float64Array, rows: VariantRows): void {
    const t = this.reference.t;
    for (let v = 0; v < rows.ek.length; v++) {
      const w = v < this.others.length ? this.others[v] : null;
      // at a meeting time every variant is within its own Δt of the reference (not after a restore of the reference)
      const met = w !== null && w.health.status === 'ok' && Math.abs(w.t - t) < w.dt * (1 + 1e-9);
      const d = met ? w.diagnostics() : null;
      row[rows.ek[v]] = d ? d.ek : NaN;
      row[rows.divergence[v]] = met ? this.cmp.divergence(v + 1) : NaN;
      row[rows.angle[v]] = d ? d.planeAngle : NaN;
      row[rows.residual[v]] = d ? d.energyResidual : NaN;
    }
  }

  setParams(patch: Record<string, unknown>): void {
    this.others.forEach((w, k) => {
      const own = this.variants[k + 1];
      const rest: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(patch)) if (!Object.hasOwn(own, key)) rest[key] = value;
      if (!Object.keys(rest).length) return;
      try {
        w.setParams(rest);
      } catch {
        // a combination this variant refuses (e.g. a scheme its integrator does not take): it keeps its settings
      }
    });
  }

  moveBody(i: number, x: number, y: number, vx: number, vy: number): void {
    for (const w of this.others) if (w.health.status === 'ok') w.moveBody(i, x, y, vx, vy);
  }

  releaseBody(i: number): void {
    for (const w of this.others) if (w.health.status === 'ok') w.releaseBody(i);
  }

  selectContact(i: number, j: number): void {
    for (const w of this.others) w.selectContact(i, j);
  }

  status(): ComparisonStatus {
    return {
      variants: this.cmp.worlds.map((w, v) => {
        const d = w.diagnostics();
        return {
          overrides: { ...this.variants[v] },
          status: w.health.status === 'ok' ? 'ok' : 'diverged',
          message: w.health.status === 'ok' ? '' : w.health.message,
          t: w.t, step: w.stepCount, dt: w.dt, dtOverTc: w.params.dtOverTc,
          relaxation: liveRelaxationFit(w, this.relaxation),
          energyResidual: d.energyResidual, energySupplied: d.energySupplied,
        };
      }),
    };
  }
}
