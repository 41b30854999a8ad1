/**
 * `sim sweep`: every combination of `--dt-over-tc` values and comma-separated `--set` values, each run fitted —
 * a relaxation by Ek's peaks (t_R), an oscillation by a damped sine (ω, τ) — one line or JSON object per run
 * (docs/cli.md#commands). Every combination is checked before the first runs.
 */
import { applyOverrides } from '../core/scenarios/overrides';
import { runRelaxation } from '../core/sim/relaxation-run';
import { World } from '../core/sim/world';
import { fail, UsageError } from './errors';
import { checkRunBudget, MAX_SWEEP_RUNS } from './limits';
import { checkAssignments, loadScenarioInput } from './load-scenario';
import { checkRunSettings, runScenario } from './run-scenario';
import { combinations, sweepValues } from './sweep-axes';
import { sweepTable, type SweepPoint } from './sweep-table';
import { parseList, parseReal } from './command-grammar';

const count = (v: number) => v.toLocaleString('en-US');
export function sweepCommand(scenarioArg: string, sets: string[], dtList: string | undefined, json: boolean, toDoc: ((body: string) => void) | null): void {
  const axes: string[][] = sets.map(sweepValues);
  if (dtList !== undefined) {
    try {
      axes.unshift(parseList(dtList, '--dt-over-tc', 1, (v) => (parseReal(v, '--dt-over-tc', '1e-2'), `dtOverTc=${v}`), '1e-1,1e-2'));
    } catch (e) {
      fail(e);
    }
  }
  const runs = axes.reduce((n, a) => n * a.length, 1);
  if (runs > MAX_SWEEP_RUNS) fail(new UsageError(`sweep: ${count(runs)} runs (${axes.map((a) => a.length).join(' × ')}); allowed at most ${count(MAX_SWEEP_RUNS)}`));
  const combos = combinations(axes);
  // Validate every combination before running any, so bad input fails fast and prints nothing else.
  // The raw input is read once; each combination is built again when it runs (memory stays one spec).
  let raw: unknown;
  try {
    checkAssignments(combos.flat());
    raw = loadScenarioInput(scenarioArg);
    for (const c of combos) {
      const spec = applyOverrides(raw, c);
      const w = new World(spec);
      checkRunSettings(spec, w.n, !Number.isNaN(w.pistonPosition()));
      checkRunBudget(spec, w);
    }
  } catch (e) {
    fail(e);
  }
  // an oscillation scenario (E9's piston, the CD chain) is fitted by a damped sine: its table shows ωΔt and τ/Δt
  const oscillating = applyOverrides(raw, combos[0]).run.oscillation !== undefined;
  if (!json) process.stdout.write(oscillating ? 'set                                        ωΔt          τ/Δt         rms/A    status\n' : 'dtOverTc     tangential       rotation  tR/tc        peaks  status\n');
  let anyDiverged = false;
  const points: SweepPoint[] = [];
  for (const c of combos) {
    const spec = applyOverrides(raw, c);
    // a relaxation scenario: the core's run + fit, the same code as the app's t_R(Δt) panel (E1)
    const row = spec.run.relaxation && !spec.run.oscillation ? runRelaxation(spec) : (() => {
      const { summary } = runScenario(spec);
      const r = summary.relaxation;
      return {
        scenario: summary.scenario, dtOverTc: summary.dtOverTc, tangential: summary.tangential, integrator: summary.integrator,
        rotation: summary.rotation, tR: r ? r.tROverTc : null, tR_seconds: r ? r.tR : null, peaks: r ? r.peaks : 0,
        r2: r ? r.r2 : null, decaying: r ? r.decaying : null, status: summary.status, steps: summary.steps,
        ...(summary.contactDynamics ? { iterations: summary.contactDynamics.iterations, sweep: summary.contactDynamics.sweep } : {}),
        ...(summary.oscillation && 'omegaDt' in summary.oscillation
          ? { omegaDt: summary.oscillation.omegaDt, tauOverDt: summary.oscillation.tauOverDt, rmsOverA: summary.oscillation.rmsOverA }
          : {}),
        ...(summary.message ? { message: summary.message } : {}),
      };
    })();
    if (row.status !== 'ok') anyDiverged = true;
    points.push(dtList === undefined ? { sets: c, dtOverTc: null, row } : { sets: c.slice(1), dtOverTc: c[0].slice('dtOverTc='.length), row });
    if (json) process.stdout.write(JSON.stringify(row) + '\n');
    else if (oscillating) {
      const fit = 'omegaDt' in row && row.omegaDt !== undefined && row.tauOverDt !== undefined && row.rmsOverA !== undefined
        ? [row.omegaDt.toPrecision(4), row.tauOverDt.toPrecision(4), row.rmsOverA.toFixed(3)] : ['—', '—', '—'];
      const label = c.filter((_, k) => axes[k].length > 1).join(' ') || c.join(' '); // what this row varies
      process.stdout.write(`${label.padEnd(42)} ${fit[0].padEnd(12)} ${fit[1].padEnd(12)} ${fit[2].padEnd(8)} ${row.status}\n`);
    } else {
      const tR = row.tR === null || Number.isNaN(row.tR) ? '—' : row.tR.toFixed(2);
      process.stdout.write(`${row.dtOverTc.toExponential(2).padEnd(12)} ${row.tangential.padEnd(16)} ${String(row.rotation).padEnd(9)} ${tR.padEnd(12)} ${String(row.peaks).padEnd(6)} ${row.status}\n`);
    }
  }
  toDoc?.(sweepTable(points));
  if (anyDiverged) process.exitCode = 3;
}
