/**
 * Δt ladder for observed convergence orders (docs/validation.md#e5-and-e6-gssss-orders; the paper 002 Fig. 5 plots).
 * Pure (no Node, no DOM): the CLI prints it, the worker can run it and the app plots it.
 *
 * For each step count N of the ladder the scenario runs over the window T with Δt = T/N; at S equally
 * spaced times (S divides every N) the tracked particles' x, y, θ, vx, vy, ω are compared with the
 * reference: the analytic solution where one exists (analytic.ts), else a run with Δt_min/referenceFactor.
 * That reference uses the consistent spring update when the integrator is a GSSSS member and the
 * scheme under test is first order (traditional or Cundall): both converge to the same solution, and
 * the second-order reference keeps its own error negligible against the first-order ones.
 * Error per quantity: the maximum over sample times and tracked particles of |Δ(x, y)| (position),
 * |Δ(vx, vy)| (velocity), |Δθ| (angle), |Δω| (spin). Observed order: log(e₁/e₂)/log(Δt₁/Δt₂) for the
 * finest pair, and the least-squares slope over the ladder, both over the runs that finished (a coarse
 * run may be stopped by the divergence detector; its errors are NaN).
 */
import { INTEGRATORS } from '../integrators/registry';
import type { ScenarioSpec } from '../scenarios/schema';
import { World } from '../sim/world';
import { analyticSolution } from './analytic';

export const QUANTITIES = ['position', 'velocity', 'angle', 'spin'] as const;
export type Quantity = (typeof QUANTITIES)[number];

export interface LadderOptions {
  /** Step counts over the window (default: run.convergence.steps) */
  steps?: number[];
  /** Window [s] (default: run.convergence.duration, else run.duration) */
  duration?: number;
  samples?: number;
  referenceFactor?: number;
}

export interface QuantityConvergence {
  quantity: Quantity;
  /** Step sizes [s], coarse to fine */
  dt: number[];
  /** Maximum errors at those steps (units of the quantity) */
  errors: number[];
  /** Order from the finest pair of finished runs; null when the errors are at round-off or too few runs finished */
  order: number | null;
  /** Least-squares slope of log e against log Δt over the ladder; null as above */
  fittedOrder: number | null;
}

export interface LadderResult {
  scenario: string;
  integrator: string;
  tangential: string;
  /** What the errors are measured against */
  reference: string;
  duration: number;
  steps: number[];
  /** 'ok' or the divergence message of each run (reference last, when it is a run) */
  runs: string[];
  quantities: QuantityConvergence[];
}

/** Relative error level below which a quantity counts as exact (round-off): no order is reported. */
const ROUND_OFF = 1e-13;

/** Samples [S + 1][tracked × 6] of one run (x, y, θ, vx, vy, ω per tracked particle). */
function sampleRun(spec: ScenarioSpec, duration: number, steps: number, samples: number, track: number[]): { rows: Float64Array[]; status: string } {
  const s = structuredCloneSpec(spec);
  s.solver.dt = duration / steps;
  delete s.solver.dtOverTc;
  const w = new World(s);
  const rows: Float64Array[] = [];
  const record = () => {
    const row = new Float64Array(track.length * 6), b = w.bodies;
    track.forEach((k, q) => {
      row.set([b.x[k], b.y[k], b.phi[k], b.vx[k], b.vy[k], b.omega[k]], q * 6);
    });
    rows.push(row);
  };
  record();
  const per = steps / samples;
  for (let s2 = 0; s2 < samples; s2++) {
    if (w.step(per) < per || w.health.status !== 'ok') return { rows, status: w.health.message || 'stopped' };
    record();
  }
  return { rows, status: 'ok' };
}

function structuredCloneSpec(spec: ScenarioSpec): ScenarioSpec {
  return JSON.parse(JSON.stringify(spec)) as ScenarioSpec;
}

function trackedParticles(spec: ScenarioSpec, n: number): number[] {
  if (spec.run.track.length) return spec.run.track;
  const w = new World(spec);
  const out: number[] = [];
  for (let k = 0; k < n; k++) if (w.bodies.invMass[k] > 0) out.push(k);
  return out;
}

/** Largest error of one quantity between two sample sets (offsets into the 6 values per particle). */
function maxError(a: Float64Array[], b: Float64Array[], offsets: readonly number[], tracked: number): number {
  let e = 0;
  if (a.length !== b.length) return NaN;
  for (let s = 0; s < a.length; s++) {
    for (let q = 0; q < tracked; q++) {
      let sum = 0;
      for (const o of offsets) {
        const d = a[s][q * 6 + o] - b[s][q * 6 + o];
        sum += d * d;
      }
      e = Math.max(e, Math.sqrt(sum));
    }
  }
  return e;
}

function magnitude(ref: Float64Array[], offsets: readonly number[], tracked: number): number {
  let m = 0;
  for (const row of ref) for (let q = 0; q < tracked; q++) for (const o of offsets) m = Math.max(m, Math.abs(row[q * 6 + o]));
  return m;
}

const OFFSETS: Record<Quantity, readonly number[]> = { position: [0, 1], velocity: [3, 4], angle: [2], spin: [5] };

export function runConvergence(spec: ScenarioSpec, options: LadderOptions = {}): LadderResult {
  const cv = spec.run.convergence;
  const steps = options.steps ?? cv?.steps;
  if (!steps || steps.length < 2) throw new Error(`scenario '${spec.name}' has no run.convergence.steps; give the step counts (at least two)`);
  const duration = options.duration ?? cv?.duration ?? spec.run.duration;
  if (duration === undefined) throw new Error(`scenario '${spec.name}' has no run.duration; give the window`);
  const samples = options.samples ?? cv?.samples ?? 1;
  const bad = steps.filter((n) => !Number.isInteger(n) || n < samples || n % samples !== 0);
  if (bad.length) throw new Error(`every step count must be a multiple of the ${samples} sample times (not ${bad.join(', ')})`);
  const factor = options.referenceFactor ?? cv?.referenceFactor ?? 16;
  const n = new World(spec).n;
  const track = trackedParticles(spec, n);

  const runs = steps.map((N) => sampleRun(spec, duration, N, samples, track));
  let reference: string;
  let ref: Float64Array[];
  const runStatus = runs.map((r) => r.status);
  const analytic = analyticSolution(spec);
  if (typeof analytic !== 'string') {
    reference = analytic.label;
    ref = [];
    for (let s = 0; s <= samples; s++) {
      const row = new Float64Array(track.length * 6);
      analytic.evaluate((s * duration) / samples, row);
      ref.push(row);
    }
  } else {
    const refSpec = structuredCloneSpec(spec);
    const gssss = INTEGRATORS[spec.solver.integrator].markers(spec.solver) !== null;
    if (gssss && (spec.solver.tangential === 'traditional' || spec.solver.tangential === 'cundall')) refSpec.solver.tangential = 'consistent';
    const nRef = Math.max(...steps) * factor;
    const r = sampleRun(refSpec, duration, nRef, samples, track);
    runStatus.push(r.status);
    ref = r.rows;
    reference = `run with ${nRef} steps (Δt/${factor}), ${refSpec.solver.integrator} + ${refSpec.solver.tangential} (${analytic})`;
  }
  const dts = steps.map((N) => duration / N);
  const quantities = QUANTITIES.map((quantity): QuantityConvergence => {
    const off = OFFSETS[quantity];
    const errors = runs.map((r) => (r.status === 'ok' ? maxError(r.rows, ref, off, track.length) : NaN));
    const scale = Math.max(magnitude(ref, off, track.length), 1e-300);
    // Orders from the runs that finished with errors above round-off (coarse runs may diverge).
    const use = errors.map((_error, k) => k).filter((k) => Number.isFinite(errors[k]) && errors[k] > ROUND_OFF * scale);
    const ok = use.length >= 2 && use[use.length - 1] === errors.length - 1;
    const a = use[use.length - 2], b = use[use.length - 1];
    return {
      quantity, dt: dts, errors,
      order: ok ? Math.log(errors[a] / errors[b]) / Math.log(dts[a] / dts[b]) : null,
      fittedOrder: ok ? slope(use.map((k) => Math.log(dts[k])), use.map((k) => Math.log(errors[k]))) : null,
    };
  });
  return {
    scenario: spec.name, integrator: spec.solver.integrator, tangential: spec.solver.tangential, reference,
    duration, steps, runs: runStatus, quantities,
  };
}

function slope(x: number[], y: number[]): number {
  const n = x.length, mx = x.reduce((a, b) => a + b, 0) / n, my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0, sxx = 0;
  for (let k = 0; k < n; k++) { sxy += (x[k] - mx) * (y[k] - my); sxx += (x[k] - mx) ** 2; }
  return sxy / sxx;
}
