/**
 * `npm run bench -- --vs-lammps --polygons`: the bench's polygon pile (bench.ts `polygonPile`: random convex 4–8-gons
 * on the bench lattice, in a box under gravity) in LAMMPS's BODY package — rounded polygons exported by
 * lammps-body.ts, `pair body/rounded/polygon`, `fix wall/body/polygon`, Debian's `lmp` — and in this core with cdm and
 * Gear 5 (+ Cundall), serially and on two cores (LAMMPS on two MPI ranks, this core on a two-thread pool).
 *
 * Each integrator of this core at its own Δt (bench.ts POLYGON_DT_OVER_TC): cdm at 0.02 t_c, the Δt LAMMPS's deck gets
 * too, Gear 5 at 0.01 t_c, below its dashpot-rate limit (≈ 0.0137 t_c on the settled 1,000-polygon pile; at 0.02 t_c
 * it blew up), each checked against the world's own limit on the settled state before anything is timed.
 * Settled for real first, in each code, untimed: until the largest speed of a body is below SETTLE_SPEED, checked
 * every SETTLE_CHECK steps, at most SETTLE_CAP steps (LAMMPS_SETTLE_CAP for LAMMPS). This core settles once per size with cdm (velocity Verlet; Gear 5
 * at 0.02 t_c, above its dashpot-rate limit, keeps a few touching 4-gons rocking at 0.1–0.2 m/s however long it runs, and
 * its limit falls with more damping) and more damping, e_n = SETTLE_EN instead of the pile's 0.3 (about half the steps),
 * set back before anything is timed or exported. LAMMPS settles the exported pile again, once per size on one rank
 * (its law differs, so the pile finds its own rest; settleInLammps, lammps-run.ts), with a drag −γ v on every body
 * while it settles (γ = median mass / SETTLE_DRAG_TIME), and its timed runs start from the state it settled. Every timed run of this core starts from the settled state (a snapshot).
 * The codes take turns `repeat` times; medians, and each ratio's median and range over the rounds. A run that lost a
 * body, stopped, or ends with a body faster than BLOWN_SPEED has blown up: its figure is shown, its ratio is not.
 */
import { Snapshot } from '../core/sim/snapshot';
import { World } from '../core/sim/world';
import { POLYGON_DT_OVER_TC, polygonPile, polygonStepNote, usePolygonStep } from './bench';
import { appendCsv, contactsPerParticle, median, warmUpSteps } from './bench-measure';
import { failure, type PolygonLammpsRow } from './bench-tables';
import { runLammps, settleInLammps, type LammpsSettled } from './lammps-run';
import { poolForThreads, type NodePool } from './node-pool';

/** Settled: no body faster than this [m/s] (≈ 2 % of √(g d), d the polygons' size) */
const SETTLE_SPEED = 0.01;
/** Settling steps at most, in each code, and how often the largest speed is looked at */
const SETTLE_CAP = 100_000;
const SETTLE_CHECK = 1000;
/**
 * LAMMPS's settling steps at most: its rounded-polygon pile does not come below SETTLE_SPEED even in 100,000 steps
 * (0.069 m/s then at 1k, 0.12 m/s after the timed runs), so running it to SETTLE_CAP only costs time (≈ 20 min at 10k)
 */
const LAMMPS_SETTLE_CAP = 20_000;
/** Restitution while this core settles (the pile's own is 0.3) */
const SETTLE_EN = 0.05;
/** LAMMPS's drag while it settles: −γ v with γ = (median mass)/SETTLE_DRAG_TIME (`fix viscous`, removed before timing) [s] */
const SETTLE_DRAG_TIME = 0.01;
/** A timed run that ends with a body faster than this [m/s] has blown up (the pile's own scale √(g d) ≈ 0.44 m/s) */
const BLOWN_SPEED = 1;

/** The largest speed of a body [m/s] */
function largestSpeed(vx: ArrayLike<number>, vy: ArrayLike<number>, n: number): number {
  let v = 0;
  for (let k = 0; k < n; k++) v = Math.max(v, Math.hypot(vx[k], vy[k]));
  return v;
}

/** Steps `w` with cdm and e_n = SETTLE_EN until no body is faster than SETTLE_SPEED (or SETTLE_CAP steps); the steps and the speed. */
function settle(w: World): { steps: number; speed: number } {
  const en = w.params.en;
  w.setParams({ integrator: 'cdm', dtOverTc: POLYGON_DT_OVER_TC.cdm, en: SETTLE_EN });
  const b = w.bodies;
  let steps = 0, speed = Infinity;
  while (steps < SETTLE_CAP && w.health.status === 'ok') {
    steps += w.step(SETTLE_CHECK);
    speed = largestSpeed(b.vx, b.vy, b.n);
    if (speed < SETTLE_SPEED) break;
  }
  w.setParams({ en });
  return { steps, speed };
}

/** One timed run's figures */
interface Timed { rate: number; nsPerContact: number; stepsPerRebuild: number; endSpeed: number; blown: string }

/** Puts `w` back to the settled state: cdm at its Δt (the snapshot was taken under cdm: its integrator arrays are cdm's) */
function restoreSettled(w: World, start: Snapshot): void {
  w.setParams({ integrator: 'cdm', dtOverTc: POLYGON_DT_OVER_TC.cdm });
  w.restoreSnapshot(start);
}

/**
 * `steps` steps of `w` from the settled state with `integrator` at its own Δt (POLYGON_DT_OVER_TC, checked against
 * the world's stability limit there: usePolygonStep throws above it), after warmUpSteps untimed; wall time
 */
function timeOurs(w: World, start: Snapshot, integrator: 'cdm' | 'gear5', steps: number): Timed {
  restoreSettled(w, start);
  usePolygonStep(w, integrator);
  w.step(warmUpSteps(steps));
  const builds = w.search.builds, t0 = performance.now();
  const done = w.step(steps);
  const s = (performance.now() - t0) / 1000, b = w.bodies, endSpeed = largestSpeed(b.vx, b.vy, b.n);
  const blown = w.health.status !== 'ok' || done < steps ? `stopped: ${w.health.message}` : !(endSpeed < BLOWN_SPEED) ? `a body at ${endSpeed.toPrecision(2)} m/s` : '';
  return { rate: (w.n * steps) / s, nsPerContact: (s * 1e9) / steps / Math.max(1, w.contacts.count), stepsPerRebuild: steps / Math.max(1, w.search.builds - builds), endSpeed, blown };
}

/** LAMMPS's settling of the pile exported from this core's settled state `w` (or why lmp failed) */
function settleLammps(w: World): LammpsSettled | string {
  try {
    return settleInLammps(w, { speed: SETTLE_SPEED, cap: LAMMPS_SETTLE_CAP, check: SETTLE_CHECK, drag: median(Array.from(w.bodies.mass.subarray(0, w.n))) / SETTLE_DRAG_TIME });
  } catch (e) {
    return (e as Error).message;
  }
}

/** LAMMPS on `ranks` ranks from the state it settled: `steps` timed steps (its loop time) */
function timeLammps(w: World, start: Snapshot, settled: LammpsSettled | string, steps: number, ranks: number, contacts: number): Timed {
  const failed = (why: string): Timed => ({ rate: NaN, nsPerContact: NaN, stepsPerRebuild: NaN, endSpeed: NaN, blown: why });
  if (typeof settled === 'string') return failed(`while settling, ${firstLine(settled)}`);
  if (settled.atoms !== w.n) return failed(`${w.n - settled.atoms} atoms lost while settling`);
  restoreSettled(w, start); // the deck's rounding, walls and Δt (cdm's) as exported when LAMMPS settled
  try {
    const l = runLammps(w, steps, steps, ranks, settled.data);
    const endSpeed = largestSpeed(l.vx, l.vy, w.n);
    const blown = l.atoms !== w.n ? `${w.n - l.atoms} atoms lost` : !Number.isFinite(l.ek) || !(endSpeed < BLOWN_SPEED) ? `a body at ${endSpeed.toPrecision(2)} m/s` : '';
    return { rate: (w.n * steps) / l.loopSeconds, nsPerContact: (l.loopSeconds * 1e9) / steps / Math.max(1, contacts), stepsPerRebuild: steps / Math.max(1, l.neighborBuilds), endSpeed, blown };
  } catch (e) {
    return failed(firstLine((e as Error).message));
  }
}

/** Median and range of per-round ratios a/b, over the rounds where neither blew up */
function ratios(a: Timed[], b: Timed[]): { mid: number; lo: number; hi: number } {
  const r = a.flatMap((t, k) => (t.blown || b[k].blown ? [] : [t.rate / b[k].rate]));
  return r.length ? { mid: median(r), lo: Math.min(...r), hi: Math.max(...r) } : { mid: NaN, lo: NaN, hi: NaN };
}

/** A failure's first line (lmp's stderr may carry a stack trace after it) */
const firstLine = (why: string) => why.split('\n')[0].trim();

/** The first reason a code's runs blew up ('' when none did) */
const blownOf = (runs: Timed[]) => runs.find((t) => t.blown)?.blown ?? '';

export async function benchVsLammpsPolygons(sizes: number[], threadCounts: number[], repeat: number, csv: string | undefined): Promise<PolygonLammpsRow[]> {
  const pools = new Map<number, NodePool>();
  for (const t of threadCounts) {
    const p = await poolForThreads(t); // 1: none, the serial World
    if (p) pools.set(t, p);
  }
  const rows: PolygonLammpsRow[] = [];
  process.stdout.write(`# settling: until no body is faster than ${SETTLE_SPEED} m/s (checked every ${SETTLE_CHECK} steps, at most ${SETTLE_CAP}, LAMMPS ${LAMMPS_SETTLE_CAP}); this core with cdm and e_n = ${SETTLE_EN} (then back), LAMMPS once per size on one rank with a drag of time constant ${SETTLE_DRAG_TIME} s, its timed runs from there\n`);
  process.stdout.write(`particles  cores  contacts/particle  steps  LAMMPS (M p-steps/s, ns/contact, steps/rebuild)  cdm+Cundall (…)  ratio (range)  gear5+Cundall (…)  ratio (range)   [median of ${repeat}]\n`);
  for (const n of sizes) {
    const w = polygonPile(n);
    const settled = settle(w);
    process.stdout.write(`# ${n} polygons: this core settled in ${settled.steps} steps (cdm), largest speed ${settled.speed.toPrecision(2)} m/s${settled.speed < SETTLE_SPEED ? '' : ' (NOT settled: the cap)'}\n`);
    const start = new Snapshot();
    start.capture(w);
    // each integrator's Δt against the world's own limit on the settled state (throws before anything is timed if above)
    const limits = { cdm: usePolygonStep(w, 'cdm'), gear5: usePolygonStep(w, 'gear5') };
    process.stdout.write(polygonStepNote(w, limits));
    restoreSettled(w, start);
    const lammpsSettled = settleLammps(w); // exported from the settled state, before anything else runs
    if (typeof lammpsSettled !== 'string') process.stdout.write(`# LAMMPS settled in ${lammpsSettled.steps} steps, largest speed ${lammpsSettled.speed.toPrecision(2)} m/s${lammpsSettled.speed < SETTLE_SPEED ? '' : ' (NOT settled: the cap)'}\n`);
    const contacts = w.contacts.count, perParticle = contactsPerParticle(w);
    const steps = Math.max(20, Math.round(5e6 / n));
    const worlds = new Map<number, World>();
    for (const t of threadCounts) {
      if (t === 1) { worlds.set(t, w); continue; }
      const pw = new World(w.spec, pools.get(t)!.pool);
      pw.setParams({ integrator: 'cdm', dtOverTc: POLYGON_DT_OVER_TC.cdm });
      worlds.set(t, pw);
    }
    const runs = new Map(threadCounts.map((t) => [t, { lammps: [] as Timed[], cdm: [] as Timed[], gear5: [] as Timed[] }]));
    for (let r = 0; r < repeat; r++) {
      for (const t of threadCounts) {
        const ours = worlds.get(t)!, run = runs.get(t)!;
        run.lammps.push(timeLammps(w, start, lammpsSettled, steps, t, contacts));
        // which of the two comes right after LAMMPS alternates by round
        for (const integrator of r % 2 === 0 ? (['cdm', 'gear5'] as const) : (['gear5', 'cdm'] as const)) run[integrator].push(timeOurs(ours, start, integrator, steps));
      }
    }
    for (const t of threadCounts) {
      const { lammps, cdm, gear5 } = runs.get(t)!;
      const med = (runs: Timed[], f: (t: Timed) => number) => median(runs.map(f));
      const cdmR = ratios(cdm, lammps), gearR = ratios(gear5, lammps);
      const row: PolygonLammpsRow = {
        particles: n, threads: t, contactsPerParticle: perParticle, steps, repeat,
        lammps: med(lammps, (x) => x.rate), lammpsNsPerContact: med(lammps, (x) => x.nsPerContact), lammpsStepsPerRebuild: med(lammps, (x) => x.stepsPerRebuild),
        cdm: med(cdm, (x) => x.rate), cdmNsPerContact: med(cdm, (x) => x.nsPerContact), cdmStepsPerRebuild: med(cdm, (x) => x.stepsPerRebuild),
        cdmRatio: cdmR.mid, cdmRatioMin: cdmR.lo, cdmRatioMax: cdmR.hi,
        gear5: med(gear5, (x) => x.rate), gear5NsPerContact: med(gear5, (x) => x.nsPerContact), gear5StepsPerRebuild: med(gear5, (x) => x.stepsPerRebuild),
        gear5Ratio: gearR.mid, gear5RatioMin: gearR.lo, gear5RatioMax: gearR.hi,
        settleSteps: settled.steps, settledSpeed: settled.speed,
        lammpsSettleSteps: typeof lammpsSettled === 'string' ? NaN : lammpsSettled.steps, lammpsSettledSpeed: typeof lammpsSettled === 'string' ? NaN : lammpsSettled.speed,
        lammpsEndSpeed: Math.max(...lammps.map((x) => x.endSpeed)), cdmEndSpeed: Math.max(...cdm.map((x) => x.endSpeed)), gear5EndSpeed: Math.max(...gear5.map((x) => x.endSpeed)),
        lammpsBlown: blownOf(lammps), cdmBlown: blownOf(cdm), gear5Blown: blownOf(gear5),
      };
      const M = (v: number) => (v / 1e6).toFixed(3).padStart(6);
      const F = (rate: number, ns: number, per: number) => `${M(rate)} M ${ns.toFixed(0).padStart(5)} ns ${per.toFixed(0).padStart(4)}`;
      const R = (mid: number, lo: number, hi: number) => `${mid.toFixed(2)} (${lo.toFixed(2)}–${hi.toFixed(2)})`.padEnd(17);
      process.stdout.write(`${String(n).padEnd(10)} ${String(t).padEnd(6)} ${perParticle.toFixed(2).padEnd(18)} ${String(steps).padEnd(6)} ${F(row.lammps, row.lammpsNsPerContact, row.lammpsStepsPerRebuild).padEnd(48)} `
        + `${F(row.cdm, row.cdmNsPerContact, row.cdmStepsPerRebuild)}  ${R(row.cdmRatio, row.cdmRatioMin, row.cdmRatioMax)} ${F(row.gear5, row.gear5NsPerContact, row.gear5StepsPerRebuild)}  ${R(row.gear5Ratio, row.gear5RatioMin, row.gear5RatioMax)}\n`);
      process.stdout.write(`  largest speed after the timed runs: LAMMPS ${row.lammpsEndSpeed.toPrecision(2)}, cdm ${row.cdmEndSpeed.toPrecision(2)}, Gear 5 ${row.gear5EndSpeed.toPrecision(2)} m/s\n`);
      for (const [code, why] of [['LAMMPS', row.lammpsBlown], ['cdm', row.cdmBlown], ['Gear 5', row.gear5Blown]]) if (why) process.stdout.write(`  (${code} ${failure(why)}: ${why})\n`);
      appendCsv(csv, row);
      rows.push(row);
    }
  }
  await Promise.all([...pools.values()].map((p) => p.close()));
  return rows;
}
