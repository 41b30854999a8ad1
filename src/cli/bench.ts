/**
 * `npm run bench`: particle-steps per second of the DEM core on settled piles of 1k, 10k and 100k
 * discs (Gear 5th order unless --integrator names another, Cundall spring, cell mask), ≈3–4 contacts per particle.
 * Options: --sizes 1000,10000 (default 1000,10000,100000), --csv FILE (append rows).
 * Then the same for polygon piles (`polygonPile`): random convex polygons with 4–8 sides on the same
 * lattice (not touching at first), settled for 20,000 steps with cdm at 0.02 t_c, then timed with Gear 5 at 0.01 t_c
 * (below its dashpot-rate limit, POLYGON_DT_OVER_TC), at 1k and 10k (`--polygon-sizes`, 0 to
 * skip). Every row also gives the time per contact.
 * `--pipe`: paper 003's measurement on its own system — the E10 pipe (built-in `pipe-flow`) lengthened to
 * hold each N of --sizes grains (default 1000,10000,100000) at the same packing fraction, flowing for
 * 1000 steps (not timed), then timed with the 5×5 cell mask and again with linked cells forced: the cost
 * per particle-step against N (paper 003 claims O(N) for the mask).
 * `--vs-lammps`: the same settled pile in LAMMPS (Debian's serial `lmp`, gran/hooke/history, exported by
 * `sim export lammps`) and in this core with cdm + Cundall and with Gear 5 + Cundall, for each N of --sizes;
 * LAMMPS's own loop time against this core's wall time: the three in turn, --repeat times (default 3),
 * printing the medians and each ratio's median and range over the rounds. With `--threads 2`: LAMMPS on two MPI
 * ranks (`mpirun --allow-run-as-root -np 2 lmp`, Open MPI) against this core's two-thread pool.
 * `--vs-lammps --polygons`: the polygon pile instead, as rounded polygons in LAMMPS's BODY package, each code settled
 * for real first; serially and on two cores unless --threads names one (bench-vs-lammps-polygons.ts; sizes 1000,10000).
 * `--threads 1,2`: the same piles with cdm + Cundall (or --integrator's), serially and with the disc pass on a worker pool of
 * each thread count (the caller and threads − 1 worker_threads), --repeat rounds in turn; the pools'
 * speed-up over the serial run (default sizes 1000,10000,100000).
 * `--cd`: contact dynamics instead: the same piles (settled under Gear, then switched to CD with
 * Δt = 2·10⁻⁴ s; each N_I from that same state), cost per step for each N_I of --iterations (default 10,20,40,80) and each size
 * (default 1000,4000,16000), random sweep; also ns per contact per sweep.
 * The pile: a hex lattice of discs with radii uniform in [0.995, 1] r_max at spacing 0.998 × 2 r_max in a
 * box under gravity (a near-crystalline pile: about half the lattice bonds in contact), settled for
 * 3000 steps (600 above 20k discs; not timed), then timed. The output shows the contacts per particle,
 * the kinetic energy per particle (how far from rest) and how many steps the neighbour list lasted.
 * `--kernels js`: JavaScript rather than WebAssembly (wasm/kernels.ts) where a loop has a JavaScript form, for comparison:
 * the disc contacts through the staged pipeline (the fused pass runs in WebAssembly only), Gear, GSSSS, forces and
 * energies through their JavaScript twins; the polygon colliders have none and stay in WebAssembly; the first line says
 * which ran.
 * "per CPU-s" divides by the process's CPU time instead of wall time: it is less sensitive to other
 * work on the machine; quote the wall-time figure from an otherwise idle machine.
 * `--doc FILE.md#BLOCK`: also writes the rows as a Markdown table (bench-tables.ts) into that block of the doc, with the
 * command, the date and the machine (doc-block.ts).
 */
import { availableParallelism } from 'node:os';
import type { SearchMethod } from '../core/neighbors/neighbor-search';
import { appendCsv, contactsPerParticle, median, warmUpSteps } from './bench-measure';
import { cdTable, lammpsTable, pileTable, pipeTable, polygonLammpsTable, threadsTable, type CdRow, type LammpsRow, type PileRow, type PipeRow, type ThreadsRow } from './bench-tables';
import { benchVsLammpsPolygons } from './bench-vs-lammps-polygons';
import { commandLine, machineStamp, parseDocTarget, writeDocBlock, type DocTarget } from './doc-block';
import { refuse, scriptArgs } from './script-args';
import { parseCount, parseList } from './command-grammar';
import { lammpsAvailable, LMP, MPIRUN, mpirunAvailable, runLammps } from './lammps-run';
import { MAX_THREADS, poolForThreads } from './node-pool';
import type { WorkerPool } from '../core/parallel/worker-pool';
import { getBuiltInInput } from '../core/scenarios/registry';
import { MAX_PARTICLES, parseScenario, type ScenarioInput, type ScenarioSpec } from '../core/scenarios/schema';
import { World } from '../core/sim/world';
import { Snapshot } from '../core/sim/snapshot';
import { INTEGRATOR_IDS, type IntegratorId } from '../core/sim/params';
import type { TimeScales } from '../core/sim/world-types';

/** The default bench's integrators: the force integrators (contact dynamics has its own bench, --cd) */
const FORCE_INTEGRATORS = INTEGRATOR_IDS.filter((id) => id !== 'contact-dynamics');

/** Columns and rows of a bench lattice of about n bodies (never above the scenario limit, so --sizes 1000000 runs). */
function latticeOf(n: number): { nx: number; ny: number } {
  const nx = Math.round(Math.sqrt(n * 1.6));
  return { nx, ny: Math.min(Math.ceil(n / nx), Math.floor(MAX_PARTICLES / nx)) };
}

export function benchPile(n: number, tangential = 'cundall', pool?: WorkerPool, integrator = 'gear5'): World {
  const w = new World(benchPileSpec(n, tangential, integrator), pool);
  if (javascriptKernels) w.useJavaScriptKernels();
  return w;
}

/** --kernels js: the staged JavaScript pipeline and the other kernels' JavaScript twins instead of WebAssembly (the same numbers; polygon contacts stay in WebAssembly) */
let javascriptKernels = false;

/** The bench pile's scenario (Gear 5 unless told) */
export function benchPileSpec(n: number, tangential = 'cundall', integrator = 'gear5'): ScenarioSpec {
  const { nx, ny } = latticeOf(n);
  // Radii within 0.5 % at 0.998 of the largest diameter: about half the lattice bonds touch with overlaps
  // ≤ 0.4 % of a radius, so the pile starts (nearly) at rest with ≈ 3 contacts per particle.
  const r = 0.01, spacing = 1.996 * r;
  const width = (nx + 1) * spacing;
  return parseScenario({
    name: `bench-pile-${n}`,
    material: { kn: 1e6, ktOverKn: 1 / 3, en: 0.3, mu: 0.5, density: 1000 },
    solver: { integrator, tangential, dtOverTc: 0.02 },
    gravity: [0, -9.81],
    walls: [{ type: 'box', xmin: 0, xmax: width, ymin: 0, ymax: 10, openTop: true }],
    generators: [{ type: 'lattice', lattice: 'hex', origin: [r * 1.5, r], nx, ny, spacing, r, radiusJitter: 0.005, seed: 11 }],
  });
}

/**
 * The bench pile's lattice with random convex polygons (4–8 sides, circumradius ≤ r) instead of discs; on `pool` if
 * given. Its scenario says Gear 5 at 0.02 t_c; the benches step it only through `usePolygonStep` (POLYGON_DT_OVER_TC).
 */
export function polygonPile(n: number, pool?: WorkerPool): World {
  const { nx, ny } = latticeOf(n);
  const r = 0.01, spacing = 2.02 * r;
  const width = (nx + 1) * spacing;
  return new World(parseScenario({
    name: `bench-polygons-${n}`,
    material: { kn: 1e6, ktOverKn: 1 / 3, en: 0.3, mu: 0.5, density: 1000 },
    solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.02 },
    gravity: [0, -9.81],
    walls: [{ type: 'box', xmin: 0, xmax: width, ymin: 0, ymax: 10, openTop: true }],
    generators: [{ type: 'lattice', lattice: 'hex', origin: [r * 1.5, r * 1.1], nx, ny, spacing, r, radiusJitter: 0.1, seed: 11, shape: 'polygon', sides: [4, 8] }],
  }), pool);
}

/**
 * Δt of the polygon benches [t_c], each integrator's own: cdm at the pile's 0.02 t_c (central difference's dashpot-rate
 * bound is 1.0, so its limit on the settled 1,000-polygon pile is ≈ 0.08 t_c), Gear 5 at 0.01 t_c: its bound is 0.163,
 * and the settled pile's dashpots (polygon dashpots damp rotation too) put its limit at ≈ 0.0137 t_c
 * (docs/model.md#gears-dashpot-rate-limit), so at 0.02 t_c it blew up within ≈ 100 steps; 0.01 t_c is ≈ 0.73 of that.
 * A fixed Δt, not a fraction of the estimate, so every run (and LAMMPS's deck, exported at cdm's) is the same.
 */
export const POLYGON_DT_OVER_TC = { cdm: 0.02, gear5: 0.01 } as const;

/**
 * Sets `integrator` at its POLYGON_DT_OVER_TC on the polygon pile `w` and checks it against the world's own stability
 * estimate for the state `w` is in (`timeScales().stableDtOverTc`, the dashpot-rate limit included): throws, saying
 * which limit and by how much, when Δt is above it — a run that would blow up is not timed. The time scales it read.
 */
export function usePolygonStep(w: World, integrator: keyof typeof POLYGON_DT_OVER_TC): TimeScales {
  const dtOverTc = POLYGON_DT_OVER_TC[integrator];
  w.setParams({ integrator, dtOverTc });
  const ts = w.timeScales();
  if (!(dtOverTc <= ts.stableDtOverTc)) {
    throw new Error(`${integrator} at Δt = ${dtOverTc} t_c is above this ${w.n}-polygon pile's stability limit ${ts.stableDtOverTc.toPrecision(3)} t_c `
      + `(${ts.stableLimit === 'dashpot-rate' ? "the dashpots' rate" : 'the springs'}; world.timeScales()): its run would blow up, so it is not timed; lower POLYGON_DT_OVER_TC.${integrator} in src/cli/bench.ts`);
  }
  return ts;
}

/** The polygon Δt's line of the bench output: each integrator's Δt and the limit the world gives for it on `w` now */
export function polygonStepNote(w: World, limits: Partial<Record<keyof typeof POLYGON_DT_OVER_TC, TimeScales>>): string {
  const named = { cdm: 'cdm', gear5: 'Gear 5' } as const;
  const each = (Object.keys(limits) as (keyof typeof POLYGON_DT_OVER_TC)[]).map((k) => {
    const ts = limits[k]!;
    return `${named[k]} at ${POLYGON_DT_OVER_TC[k]} t_c (its stability limit on this pile ${ts.stableDtOverTc.toPrecision(3)} t_c, ${ts.stableLimit === 'dashpot-rate' ? "the dashpots' rate" : 'the springs'})`;
  });
  return `# Δt on the settled ${w.n}-polygon pile: ${each.join(', ')}; Gear 5 below its dashpot-rate limit (docs/benchmarks.md#polygons)\n`;
}

/** The plain bench's polygon pile: settled with cdm at its Δt (POLYGON_SETTLE steps, not timed; Gear 5 at 0.02 t_c only rocks it), then Gear 5 at its own */
function settledPolygonPile(n: number): World {
  const w = polygonPile(n);
  w.setParams({ integrator: 'cdm', dtOverTc: POLYGON_DT_OVER_TC.cdm });
  w.step(POLYGON_SETTLE);
  const limits = { cdm: w.timeScales(), gear5: usePolygonStep(w, 'gear5') };
  process.stdout.write(polygonStepNote(w, limits));
  return w;
}

/** The E10 pipe (built-in pipe-flow: 300 grains in 200 R₀) lengthened to hold n grains at the same packing. */
export function benchPipe(n: number, method: SearchMethod): World {
  const input = getBuiltInInput('pipe-flow') as ScenarioInput & { generators: Record<string, unknown>[]; domain: { periodicX: [number, number] } };
  const L0 = input.domain.periodicX[1], L = (L0 * n) / 300;
  input.domain.periodicX = [0, L];
  for (const g of input.generators) {
    if (g.type === 'grain-wall') {
      (g.b as number[])[0] = L;
      g.count = Math.round(((g.count as number) * n) / 300);
    } else {
      (g.region as number[])[2] = L;
      g.count = n;
    }
  }
  input.name = `bench-pipe-${n}`;
  delete (input.run as { spaceTime?: unknown }).spaceTime; // 2 R₀ bins would exceed the row limit at 100k
  const w = new World(parseScenario(input));
  w.search.method = method;
  return w;
}

function benchPipes(sizes: number[], csv: string | undefined): PipeRow[] {
  const rows: PipeRow[] = [];
  process.stdout.write('scenario      grains   bodies   search         contacts/particle  steps  ms/step   particle-steps/s  ns/particle-step  conflicts\n');
  for (const n of sizes) {
    for (const method of ['cell-mask', 'linked-cells'] as const) {
      const w = benchPipe(n, method);
      w.step(1000);
      const steps = Math.max(200, Math.round(2e7 / w.n / 4));
      const t0 = performance.now();
      w.step(steps);
      const ms = performance.now() - t0;
      const rate = (w.n * steps) / (ms / 1000);
      const row: PipeRow = {
        scenario: 'pipe (E10)', grains: n, bodies: w.n, search: w.searchReport().method, contactsPerParticle: contactsPerParticle(w), steps,
        msPerStep: ms / steps, particleStepsPerSecond: rate, nsPerParticleStep: 1e9 / rate, conflictRebuilds: w.searchReport().conflictRebuilds,
      };
      process.stdout.write(
        `${row.scenario.padEnd(13)} ${String(n).padEnd(8)} ${String(w.n).padEnd(8)} ${row.search.padEnd(14)} ${row.contactsPerParticle.toFixed(2).padEnd(18)} `
        + `${String(steps).padEnd(6)} ${row.msPerStep.toFixed(3).padEnd(9)} ${(rate / 1e6).toFixed(2).padStart(6)} M          ${row.nsPerParticleStep.toFixed(0).padStart(6)}            ${row.conflictRebuilds}\n`,
      );
      if (w.health.status !== 'ok') process.stdout.write(`  (diverged: ${w.health.message})\n`);
      appendCsv(csv, row);
      rows.push(row);
    }
  }
  return rows;
}

/**
 * Particle-steps per second of `steps` steps of w with its current settings (wall time), after warmUpSteps untimed; NaN,
 * said on the output, if the run stopped (a divergence: the time would be of fewer steps, and the next parameter change
 * puts the last good state back, so the end-of-row check would not see it)
 */
function timeSteps(w: World, steps: number): number {
  w.step(warmUpSteps(steps));
  const t0 = performance.now();
  const done = w.step(steps);
  const seconds = (performance.now() - t0) / 1000;
  if (done < steps || w.health.status !== 'ok') {
    process.stdout.write(`  (${w.params.integrator}, ${w.n} bodies: stopped after ${done} of ${steps} timed steps: ${w.health.message})\n`);
    return NaN;
  }
  return (w.n * steps) / seconds;
}

/** `threads` 2: LAMMPS on two MPI ranks against this core on a two-thread pool */
async function benchVsLammps(sizes: number[], repeat: number, csv: string | undefined, threads: number): Promise<LammpsRow[]> {
  const pool = await poolForThreads(threads); // 1: none, the serial World
  const rows: LammpsRow[] = [];
  process.stdout.write(`particles  contacts/particle  steps  LAMMPS (M p-steps/s)  cdm+Cundall  ratio (range)      gear5+Cundall  ratio (range)     [median of ${repeat}; ${threads} rank(s) / thread(s)]\n`);
  for (const n of sizes) {
    const w = benchPile(n, 'cundall', pool?.pool);
    w.step(discSettle(n));
    const steps = Math.max(100, Math.round(2e7 / n));
    // the three codes in turn, `repeat` times: the machine's drift hits all three, and the ratios are per round
    const lammps: number[] = [], cdm: number[] = [], gear: number[] = [];
    for (let r = 0; r < repeat; r++) {
      lammps.push((n * steps) / runLammps(w, steps, steps, threads).loopSeconds);
      // which of the two comes right after LAMMPS alternates by round
      for (const integrator of r % 2 === 0 ? ['gear5', 'cdm'] : ['cdm', 'gear5']) {
        w.setParams({ integrator });
        (integrator === 'cdm' ? cdm : gear).push(timeSteps(w, steps));
      }
    }
    const cdmRatios = cdm.map((v, r) => v / lammps[r]), gearRatios = gear.map((v, r) => v / lammps[r]);
    const row: LammpsRow = {
      particles: n, threads, contactsPerParticle: contactsPerParticle(w), steps, repeat, lammps: median(lammps), cdm: median(cdm), cdmRatio: median(cdmRatios),
      cdmRatioMin: Math.min(...cdmRatios), cdmRatioMax: Math.max(...cdmRatios), gear5: median(gear), gear5Ratio: median(gearRatios),
      gear5RatioMin: Math.min(...gearRatios), gear5RatioMax: Math.max(...gearRatios),
    };
    const M = (v: number) => (v / 1e6).toFixed(2).padStart(6);
    const R = (mid: number, lo: number, hi: number) => `${mid.toFixed(2)} (${lo.toFixed(2)}–${hi.toFixed(2)})`.padEnd(18);
    process.stdout.write(`${String(n).padEnd(10)} ${row.contactsPerParticle.toFixed(2).padEnd(18)} ${String(steps).padEnd(6)} ${M(row.lammps)}                ${M(row.cdm)}       ${R(row.cdmRatio, row.cdmRatioMin, row.cdmRatioMax)} ${M(row.gear5)}         ${R(row.gear5Ratio, row.gear5RatioMin, row.gear5RatioMax)}\n`);
    if (w.health.status !== 'ok') process.stdout.write(`  (diverged: ${w.health.message})\n`);
    appendCsv(csv, row);
    rows.push(row);
  }
  await pool?.close();
  return rows;
}

/**
 * The bench piles with `integrator` + Cundall, serially and on worker pools of each thread count
 * (contacts/parallel-disc-pass.ts and the per-body stages): one World each, settled alike (their numbers are the
 * same bits), then timed in turn, `repeat` rounds; medians, and each pool's speed-up over the serial run per round.
 * One thread is the serial path (poolForThreads: no pool), so its column is the serial World's own rounds (1.00).
 */
async function benchThreads(sizes: number[], threadCounts: number[], repeat: number, csv: string | undefined, integrator: string): Promise<ThreadsRow[]> {
  const table: ThreadsRow[] = [];
  const pools = await Promise.all(threadCounts.map((t) => poolForThreads(t)));
  if (threadCounts.includes(1)) process.stdout.write('# 1 thread: the serial path (no pool), the serial column itself\n');
  process.stdout.write(`particles  contacts/particle  steps  serial (M p-steps/s)  ${threadCounts.map((t) => `${t} thread${t > 1 ? 's' : ''}  speed-up (range)`.padEnd(34)).join('')}[${integrator} + Cundall, median of ${repeat}]
`);
  for (const n of sizes) {
    // a thread count without a pool (1) is the serial World, timed once
    const worlds = [benchPile(n), ...pools.flatMap((p) => (p ? [benchPile(n, 'cundall', p.pool)] : []))];
    const worldOf = pools.map((p, k) => (p ? 1 + pools.slice(0, k).filter(Boolean).length : 0));
    for (const w of worlds) {
      w.setParams({ integrator: integrator as IntegratorId });
      w.step(discSettle(n));
    }
    const steps = Math.max(100, Math.round(2e7 / n));
    const rates = worlds.map((): number[] => []);
    for (let r = 0; r < repeat; r++) worlds.forEach((w, k) => rates[k].push(timeSteps(w, steps)));
    const M = (v: number) => (v / 1e6).toFixed(2).padStart(6);
    const row: ThreadsRow = { particles: n, contactsPerParticle: contactsPerParticle(worlds[0]), steps, repeat, serial: median(rates[0]) };
    let line = `${String(n).padEnd(10)} ${row.contactsPerParticle.toFixed(2).padEnd(18)} ${String(steps).padEnd(6)} ${M(row.serial)}                `;
    threadCounts.forEach((t, k) => {
      const own = rates[worldOf[k]], ups = own.map((v, r) => v / rates[0][r]);
      row[`threads${t}`] = median(own);
      row[`speedup${t}`] = median(ups);
      row[`speedup${t}Min`] = Math.min(...ups);
      row[`speedup${t}Max`] = Math.max(...ups);
      line += `${M(row[`threads${t}`])}     ${`${median(ups).toFixed(2)} (${row[`speedup${t}Min`].toFixed(2)}–${row[`speedup${t}Max`].toFixed(2)})`.padEnd(23)}`;
    });
    process.stdout.write(`${line}\n`);
    for (const w of worlds) if (w.health.status !== 'ok') process.stdout.write(`  (diverged: ${w.health.message})\n`);
    appendCsv(csv, row);
    table.push(row);
  }
  await Promise.all(pools.map((p) => p?.close()));
  return table;
}

/** Settling steps (not timed: the lattice compresses under its weight and comes nearly to rest): the disc lattice starts in contact; the polygon lattice first falls together. */
const discSettle = (n: number) => (n > 20_000 ? 600 : 3000);
const POLYGON_SETTLE = 20_000;

function benchContactDynamics(sizes: number[], iterations: number[], csv: string | undefined): CdRow[] {
  const rows: CdRow[] = [];
  process.stdout.write('scenario        particles  contacts/particle  N_I   steps  ms/step    ns/(contact·sweep)  search\n');
  for (const n of sizes) {
    const w = benchPile(n);
    w.step(discSettle(n));
    w.setParams({ integrator: 'contact-dynamics', dtOverTc: 2e-4 / w.timeScales().tc }); // Δt = 2·10⁻⁴ s
    // every N_I from the same switched state, so a row's cost is not that of the state the rows before it left
    const start = new Snapshot();
    start.capture(w);
    for (const ni of iterations) {
      w.restoreSnapshot(start);
      w.setParams({ iterations: ni, sweep: 'random', tolerance: 0 });
      w.step(3); // warm up with this N_I
      const steps = Math.max(3, Math.round(4e6 / (n * 2 * ni)));
      const t0 = performance.now();
      w.step(steps);
      const ms = (performance.now() - t0) / steps;
      const contacts = w.contacts.count;
      const row: CdRow = { scenario: 'pile (CD)', particles: w.n, contactsPerParticle: contacts / w.n, iterations: ni, steps, msPerStep: ms, nsPerContactSweep: (ms * 1e6) / (contacts * ni), search: w.searchReport().method, status: w.health.status };
      process.stdout.write(`${row.scenario.padEnd(15)} ${String(row.particles).padEnd(10)} ${row.contactsPerParticle.toFixed(2).padEnd(18)} ${String(ni).padEnd(5)} ${String(steps).padEnd(6)} ${ms.toFixed(3).padEnd(10)} ${row.nsPerContactSweep.toFixed(1).padEnd(19)} ${row.search}\n`);
      if (w.health.status !== 'ok') process.stdout.write(`  (diverged: ${w.health.message})\n`);
      appendCsv(csv, row);
      rows.push(row);
    }
  }
  return rows;
}

const USAGE = `npm run bench -- [--sizes a,b,c] [--polygon-sizes a,b] [--integrator gear5|cdm|…] [--csv FILE]
npm run bench -- --vs-lammps [--threads 1|2] [--sizes a,b,c] [--repeat n]     (needs Debian's lmp; --threads 2: LAMMPS on
    two MPI ranks through mpirun against the two-thread pool)
npm run bench -- --vs-lammps --polygons [--threads 1|2|1,2] [--sizes a,b] [--repeat n]   (the polygon pile as LAMMPS's
    rounded polygons, each code settled first; default sizes 1000,10000, serially and on two cores)
npm run bench -- --threads 1,2 [--sizes a,b,c] [--repeat n] [--integrator cdm|gear5|…]   (cdm unless told)
npm run bench -- --pipe [--sizes a,b,c]
npm run bench -- --cd [--sizes a,b,c] [--iterations a,b,c]
Any of them with --kernels js|wasm (default wasm): js runs the disc contacts through the staged JavaScript pipeline and
the other kernels' JavaScript twins (the polygon colliders have none: they stay in WebAssembly), and with --doc FILE.md#BLOCK: the
table also written into that block of the doc, with the command, the date and the machine (docs/benchmarks.md).
Prints particle-steps per second of settled piles (see the header of src/cli/bench.ts and README § Benchmarks).
`;

async function main(): Promise<void> {
  const stamp = machineStamp(); // the load average before this bench adds its own
  const values = scriptArgs({
    args: process.argv.slice(2),
      options: {
        sizes: { type: 'string' }, csv: { type: 'string' },
        cd: { type: 'boolean', default: false }, iterations: { type: 'string', default: '10,20,40,80' },
        'polygon-sizes': { type: 'string' }, pipe: { type: 'boolean', default: false },
        'vs-lammps': { type: 'boolean', default: false }, polygons: { type: 'boolean', default: false }, integrator: { type: 'string' }, kernels: { type: 'string', default: 'wasm' }, threads: { type: 'string' }, repeat: { type: 'string', default: '3' },
        doc: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false },
      },
  }, USAGE);
  // counts as sim reads them (command-grammar.ts): decimal digits only, comma lists without spaces
  const counts = (text: string, field: string, lo: number, hi: number): number[] => {
    try {
      return parseList(text, field, 1, (v) => parseCount(v, field, lo, hi), `${lo}`);
    } catch (e) {
      refuse((e as Error).message);
    }
  };
  const sizes = counts(values.sizes ?? (values.cd ? '1000,4000,16000' : values.polygons ? '1000,10000' : '1000,10000,100000'), '--sizes', 2, 1_000_000);
  if (values.polygons && !values['vs-lammps']) refuse('--polygons goes with --vs-lammps (the plain bench times polygons by --polygon-sizes)');
  if (values.kernels !== 'wasm' && values.kernels !== 'js') refuse(`--kernels must be js or wasm, got ${JSON.stringify(values.kernels)}`);
  if (values.repeat.includes(',')) refuse('--repeat: one count, not a list');
  const repeat = counts(values.repeat, '--repeat', 1, 20)[0];
  // the threads' table is cdm's unless told; the plain bench Gear 5's
  const integrator = values.integrator ?? (values.threads !== undefined ? 'cdm' : 'gear5');
  if (!(FORCE_INTEGRATORS as readonly string[]).includes(integrator)) refuse(`--integrator must be one of ${FORCE_INTEGRATORS.join(', ')} (contact dynamics: --cd), got ${JSON.stringify(integrator)}`);
  const threads = values.threads === undefined ? undefined : counts(values.threads, '--threads', 1, MAX_THREADS);
  if (values['vs-lammps']) {
    if (threads && ((threads.length > 1 && !values.polygons) || threads.some((t) => t > 2))) refuse(`--threads with --vs-lammps: 1 or 2 (LAMMPS ranks and this core's threads; with --polygons also 1,2), got ${JSON.stringify(values.threads)}`);
    if (values.polygons && !threads && !mpirunAvailable()) refuse(`--vs-lammps --polygons runs LAMMPS on two MPI ranks too: ${MPIRUN} not found; install Open MPI (apt-get install openmpi-bin), set MPIRUN, or give --threads 1`);
    if (threads?.includes(2) && !mpirunAvailable()) refuse(`--threads 2 with --vs-lammps: ${MPIRUN} not found; install Open MPI (apt-get install openmpi-bin) or set MPIRUN`);
    if (!lammpsAvailable()) refuse(`${LMP} not found; install Debian's lammps (apt-get install lammps) or set LMP`);
  }
  const its = counts(values.iterations, '--iterations', 1, 10000);
  let doc: DocTarget | null = null;
  try {
    if (values.doc !== undefined) doc = parseDocTarget(values.doc);
  } catch (e) {
    refuse((e as Error).message);
  }
  javascriptKernels = values.kernels === 'js';
  process.stdout.write(`# serial loops: ${benchPile(2).kernels}\n`);
  let table: string;
  if (values['vs-lammps'] && values.polygons) {
    const rows = await benchVsLammpsPolygons(sizes, threads ?? [1, 2], repeat, values.csv);
    table = polygonLammpsTable(rows);
  } else if (values['vs-lammps']) table = lammpsTable(await benchVsLammps(sizes, repeat, values.csv, threads?.[0] ?? 1));
  else if (threads) {
    const cores = availableParallelism();
    if (Math.max(...threads) > cores) process.stdout.write(`# note: ${cores} logical cores here; pools of more threads wait on one another (the page and \`sim run\` use at most ${cores})\n`);
    table = threadsTable(await benchThreads(sizes, threads, repeat, values.csv, integrator), threads, integrator);
  } else if (values.pipe) table = pipeTable(benchPipes(sizes, values.csv));
  else if (values.cd) {
    const rows = benchContactDynamics(sizes, its, values.csv);
    table = cdTable(rows);
    // a run that stopped is caught and said, and its time is not written into the docs as a figure
    if (rows.some((r) => r.status !== 'ok')) {
      process.stderr.write(`error: a run stopped (its line above says why)${doc ? `; ${doc.file}#${doc.block} not written` : ''}\n`);
      process.exit(3);
    }
  }
  else {
    const polygonSizes = (values['polygon-sizes'] ?? '1000,10000').split(',').map(Number).filter((v) => v > 0);
    process.stdout.write('scenario              particles  contacts/particle  Ek/particle [J]  steps/rebuild  steps  ms/step   particle-steps/s  per CPU-s  ns/contact  search         heap Δ (MB)\n');
    table = pileTable([
      ...sizes.map((n) => timePile(`pile (${integrator}+cundall)`, benchPile(n, 'cundall', undefined, integrator), discSettle(n), values.csv)),
      ...polygonSizes.map((n) => timePile('polygons (gear5+cund.)', settledPolygonPile(n), 0, values.csv)),
    ]);
  }
  try {
    if (doc) writeDocBlock(doc, commandLine('npm run bench --', process.argv.slice(2)), table, stamp);
  } catch (e) {
    refuse((e as Error).message);
  }
}

/** Settles the pile (not timed), then times steps and prints one row (and appends it to `csv`). */
function timePile(label: string, w: World, settleSteps: number, csv: string | undefined): PileRow {
  w.step(settleSteps);
  const n = w.n;
  const steps = Math.max(20, Math.round(2e7 / n / 4));
  const builds0 = w.search.builds;
  const heap0 = process.memoryUsage().heapUsed;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  w.step(steps);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const heap1 = process.memoryUsage().heapUsed;
  const rate = (n * steps) / (ms / 1000);
  const row: PileRow = {
    scenario: label, particles: n, contactsPerParticle: contactsPerParticle(w), steps,
    msPerStep: ms / steps, particleStepsPerSecond: rate, particleStepsPerCpuSecond: (n * steps) / cpuSeconds,
    nsPerContact: (ms * 1e6) / steps / Math.max(1, w.contacts.count),
    ekPerParticle: w.diagnostics().ek / n, stepsPerRebuild: steps / Math.max(1, w.search.builds - builds0), search: w.searchReport().method, heapDeltaMB: (heap1 - heap0) / 1e6,
  };
  process.stdout.write(
    `${row.scenario.padEnd(21)} ${String(row.particles).padEnd(10)} ${row.contactsPerParticle.toFixed(2).padEnd(18)} `
    + `${row.ekPerParticle.toExponential(1).padEnd(16)} ${row.stepsPerRebuild.toFixed(1).padEnd(14)} ${String(steps).padEnd(6)} `
    + `${row.msPerStep.toFixed(3).padEnd(9)} ${(rate / 1e6).toFixed(2).padStart(6)} M           ${(row.particleStepsPerCpuSecond / 1e6).toFixed(2).padStart(5)} M    ${row.nsPerContact.toFixed(0).padStart(6)}      ${row.search.padEnd(14)} ${row.heapDeltaMB.toFixed(2)}\n`,
  );
  if (w.health.status !== 'ok') process.stdout.write(`  (diverged: ${w.health.message})\n`);
  appendCsv(csv, row);
  return row;
}

if (process.argv[1]?.endsWith('bench.ts')) void main();
