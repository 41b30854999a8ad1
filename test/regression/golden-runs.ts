/**
 * The golden determinism runs (Box2D's stored hash, docs/validation.md#the-test-suite): every built-in
 * scenario run through the headless runner's own CSV sink for at most GOLDEN_STEPS steps, and the
 * SHA-256 of the series.csv and tracks.csv it writes. Any change to the numbers a built-in produces,
 * down to the last bit, changes a hash.
 *
 * `GOLDEN_UPDATE=1 npx vitest run test/regression` rewrites test/fixtures/golden-hashes.json: do it
 * only for a deliberate change of physics, and say why in the commit.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CsvSink } from '../../src/cli/csv-sink';
import { runScenario } from '../../src/cli/run-scenario';
import { applyOverrides } from '../../src/core/scenarios/overrides';
import { getBuiltInInput, listBuiltIns } from '../../src/core/scenarios/registry';
import { plannedSteps } from '../../src/core/sim/run-plan';
import { World } from '../../src/core/sim/world';

/** Long enough for every built-in to make and break contacts, short enough for CI (about 15 s in all). */
export const GOLDEN_STEPS = 4000;
/** Contact dynamics costs up to N_I sweeps a step: fewer steps, still past the first contacts and warm starts. */
export const GOLDEN_STEPS_CD = 500;

const FLOOR_ONLY = 'walls=[{"type":"line","point":[0,0],"normal":[0,1]}]';
/** The pile's discs start low and dense, so they collide, slide and roll within the golden steps. */
const DENSE = ['generators.0.count=160', 'generators.0.region=[0.005,0.008,0.395,0.2]', 'run.track=[0,50,159]'];

/**
 * The built-ins, plus variants that reach every tangential scheme, integrator family, cap mode,
 * locked rotation, a periodic seam and segment walls (paths no built-in takes by default).
 */
export const GOLDEN_CASES: Record<string, { builtIn: string; sets: string[] }> = {
  ...Object.fromEntries(listBuiltIns().map((s) => [s.name, { builtIn: s.name, sets: [] }])),
  'pile dense': { builtIn: 'pile', sets: DENSE },
  'pile geometric': { builtIn: 'pile', sets: [...DENSE, 'tangential=geometric'] },
  'pile geometric-paper gear3': { builtIn: 'pile', sets: [...DENSE, 'tangential=geometric-paper', 'integrator=gear3'] },
  'pile cdm midpoint': { builtIn: 'pile', sets: [...DENSE, 'integrator=cdm', 'tangential=midpoint'] },
  'pile cdm traditional': { builtIn: 'pile', sets: [...DENSE, 'integrator=cdm', 'tangential=traditional'] },
  'pile v0-110 consistent': { builtIn: 'pile', sets: [...DENSE, 'integrator=v0-110', 'tangential=consistent'] },
  'pile gear4 elastic cap, clamped, no rotation': { builtIn: 'pile', sets: [...DENSE, 'integrator=gear4', 'capMode=elastic', 'clampNormal=true', 'rotation=false'] },
  'pile periodic geometric': { builtIn: 'pile', sets: [...DENSE, FLOOR_ONLY, 'domain.periodicX=[0,0.4]', 'gravityX=4', 'tangential=geometric'] },
  'pile periodic cd': { builtIn: 'pile', sets: [...DENSE, FLOOR_ONLY, 'domain.periodicX=[0,0.4]', 'gravityX=4', 'integrator=contact-dynamics'] },
  'two-disc geometric': { builtIn: 'two-disc', sets: ['tangential=geometric'] },
  // 14,200 bodies: 200 steps reach the same code as pipe-flow's 4000 at a twentieth of the cost
  'pipe-flow-long': { builtIn: 'pipe-flow-long', sets: ['duration=0.01'] },
  // 100,000 bodies: about 100 steps (the fused cdm pass, walls and segments, the silo's first contacts)
  silo: { builtIn: 'silo', sets: ['duration=0.0017'] },
  // 10,182 bodies: about 50 steps (the 10,000 polygons built and falling; test/core/polygon-silo.test.ts takes them to their first contacts)
  'polygon-silo': { builtIn: 'polygon-silo', sets: ['duration=0.002'] },
  'pipe-flow cdm hertz-cundall': { builtIn: 'pipe-flow', sets: ['integrator=cdm', 'tangential=cundall', 'clampNormal=true'] },
};

export interface GoldenRun {
  steps: number;
  series: string;
  tracks: string;
}

export function goldenRun(name: string): GoldenRun {
  const c = GOLDEN_CASES[name];
  const spec = applyOverrides(getBuiltInInput(c.builtIn), c.sets);
  const probe = new World(spec);
  const cap = spec.solver.integrator === 'contact-dynamics' ? GOLDEN_STEPS_CD : GOLDEN_STEPS;
  if (plannedSteps(spec, probe) > cap) {
    spec.run.duration = cap * probe.dt;
    delete spec.run.durationOverTc;
  }
  const dir = mkdtempSync(join(tmpdir(), 'golden-'));
  try {
    const sink = new CsvSink(dir, spec.run.track);
    const { world } = runScenario(spec, sink, () => 0);
    sink.close();
    const hash = (f: string) => createHash('sha256').update(readFileSync(join(dir, f))).digest('hex');
    return { steps: world.stepCount, series: hash('series.csv'), tracks: hash('tracks.csv') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
