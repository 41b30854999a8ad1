/**
 * `npm run bench -- … --doc FILE.md#BLOCK`: the rows each bench prints (and appends to --csv), as the Markdown
 * tables of docs/benchmarks.md. One table per kind of bench; the row types are the benches' own.
 */
import { markdownTable, type Column } from './markdown-table';

/** A timed pile (the default bench) */
export interface PileRow {
  scenario: string; particles: number; contactsPerParticle: number; steps: number; msPerStep: number;
  particleStepsPerSecond: number; particleStepsPerCpuSecond: number; nsPerContact: number; ekPerParticle: number;
  stepsPerRebuild: number; search: string; heapDeltaMB: number;
}

/** The same pile in LAMMPS and in this core (--vs-lammps): medians of the rounds, and each ratio's range; LAMMPS's MPI ranks = this core's threads */
export interface LammpsRow {
  particles: number; threads: number; contactsPerParticle: number; steps: number; repeat: number; lammps: number;
  cdm: number; cdmRatio: number; cdmRatioMin: number; cdmRatioMax: number;
  gear5: number; gear5Ratio: number; gear5RatioMin: number; gear5RatioMax: number;
}

/**
 * The polygon pile in LAMMPS's BODY package and in this core (--vs-lammps --polygons), on `threads` cores (LAMMPS's
 * ranks, this core's pool): medians of the rounds (particle-steps/s, ns per contact, steps per neighbour-list build),
 * each ratio's median and range over the rounds where neither code blew up (NaN when none), the settling in each code
 * (steps, largest speed at its end; LAMMPS's the largest over its runs), the largest speed after the timed runs, and
 * why a code's runs blew up ('' when they did not).
 */
export interface PolygonLammpsRow {
  particles: number; threads: number; contactsPerParticle: number; steps: number; repeat: number;
  lammps: number; lammpsNsPerContact: number; lammpsStepsPerRebuild: number;
  cdm: number; cdmNsPerContact: number; cdmStepsPerRebuild: number; cdmRatio: number; cdmRatioMin: number; cdmRatioMax: number;
  gear5: number; gear5NsPerContact: number; gear5StepsPerRebuild: number; gear5Ratio: number; gear5RatioMin: number; gear5RatioMax: number;
  settleSteps: number; settledSpeed: number; lammpsSettleSteps: number; lammpsSettledSpeed: number;
  lammpsEndSpeed: number; cdmEndSpeed: number; gear5EndSpeed: number;
  lammpsBlown: string; cdmBlown: string; gear5Blown: string;
}

/** The piles serially and on pools (--threads): per thread count t, threads<t>, speedup<t> and its range speedup<t>Min/Max */
export type ThreadsRow = { particles: number; contactsPerParticle: number; steps: number; repeat: number; serial: number } & Record<string, number>;

/** Contact dynamics (--cd): one row per size and N_I */
export interface CdRow {
  scenario: string; particles: number; contactsPerParticle: number; iterations: number; steps: number;
  msPerStep: number; nsPerContactSweep: number; search: string;
  /** the world's health after the timed steps: a run that is not 'ok' stopped early, so its times are no figure */
  status: string;
}

/** The lengthened pipe (--pipe): one row per size and neighbour search */
export interface PipeRow {
  scenario: string; grains: number; bodies: number; search: string; contactsPerParticle: number; steps: number;
  msPerStep: number; particleStepsPerSecond: number; nsPerParticleStep: number; conflictRebuilds: number;
}

/** Three significant digits, without trailing zeros: 0.068, 9.82, 114 */
const sig = (v: number) => String(+v.toPrecision(3));
const mega = (v: number) => `${sig(v / 1e6)} M`;
const count = (v: number) => v.toLocaleString('en-US');
const range = (mid: number, lo: number, hi: number) => `${mid.toFixed(2)} (${lo.toFixed(2)}–${hi.toFixed(2)})`;
const rounds = (rows: { repeat: number }[]) => (rows[0]?.repeat === 1 ? '1 round' : `${rows[0]?.repeat ?? 0} rounds`);

export function pileTable(rows: PileRow[]): string {
  const columns: Column<PileRow>[] = [
    { head: 'scenario', cell: (r) => r.scenario },
    { head: 'particles', cell: (r) => count(r.particles) },
    { head: 'contacts/particle', cell: (r) => r.contactsPerParticle.toFixed(1) },
    { head: 'steps per list rebuild', cell: (r) => r.stepsPerRebuild.toFixed(0) },
    { head: 'ms/step', cell: (r) => sig(r.msPerStep) },
    { head: 'particle-steps/s', cell: (r) => mega(r.particleStepsPerSecond) },
    { head: 'per CPU-s', cell: (r) => mega(r.particleStepsPerCpuSecond) },
  ];
  return markdownTable(columns, rows);
}

export function lammpsTable(rows: LammpsRow[]): string {
  const threads = rows[0]?.threads ?? 1;
  const [ranks, ours] = threads > 1 ? [`, ${threads} ranks`, `, ${threads} threads`] : ['', ''];
  const columns: Column<LammpsRow>[] = [
    { head: 'particles', cell: (r) => count(r.particles) },
    { head: 'contacts/particle', cell: (r) => r.contactsPerParticle.toFixed(1) },
    { head: `LAMMPS${ranks}`, cell: (r) => mega(r.lammps) },
    { head: `cdm + Cundall${ours}`, cell: (r) => mega(r.cdm) },
    { head: 'ratio', cell: (r) => range(r.cdmRatio, r.cdmRatioMin, r.cdmRatioMax) },
    { head: `Gear 5 + Cundall${ours}`, cell: (r) => mega(r.gear5) },
    { head: 'ratio', cell: (r) => range(r.gear5Ratio, r.gear5RatioMin, r.gear5RatioMax) },
  ];
  return `Particle-steps per second, medians of ${rounds(rows)}; each ratio's median and range over the rounds.\n\n${markdownTable(columns, rows)}`;
}

/** How a code's timed runs ended when they have no figures: 'failed' (lmp crashed or stopped with an error) or 'blew up' */
export function failure(why: string): string {
  return /\blmp (was killed|failed)\b/.test(why) ? 'failed' : 'blew up';
}

/** Two tables: the timings (a ratio only where neither code blew up), then the settling and the speeds after the timed runs */
export function polygonLammpsTable(rows: PolygonLammpsRow[]): string {
  const cores = (r: PolygonLammpsRow) => (r.threads > 1 ? `${r.threads} (ranks / threads)` : '1');
  // a code whose run blew up (or whose lmp failed) shows that instead of its figures (a run that stopped early has none);
  // why is said below the table
  const timed = (rate: number, blown: string) => (blown ? failure(blown) : mega(rate));
  const ns = (v: number, blown = '') => (Number.isFinite(v) && !blown ? v.toFixed(0) : '–');
  const ratio = (mid: number, lo: number, hi: number) => (Number.isFinite(mid) ? range(mid, lo, hi) : 'none (see below)');
  const columns: Column<PolygonLammpsRow>[] = [
    { head: 'particles', cell: (r) => count(r.particles) },
    { head: 'cores', cell: cores },
    { head: 'contacts/particle', cell: (r) => r.contactsPerParticle.toFixed(1) },
    { head: 'LAMMPS', cell: (r) => timed(r.lammps, r.lammpsBlown) },
    { head: 'ns/contact', cell: (r) => ns(r.lammpsNsPerContact, r.lammpsBlown) },
    { head: 'steps/rebuild', cell: (r) => ns(r.lammpsStepsPerRebuild, r.lammpsBlown) },
    { head: 'cdm + Cundall', cell: (r) => timed(r.cdm, r.cdmBlown) },
    { head: 'ns/contact', cell: (r) => ns(r.cdmNsPerContact, r.cdmBlown) },
    { head: 'steps/rebuild', cell: (r) => ns(r.cdmStepsPerRebuild, r.cdmBlown) },
    { head: 'ratio', cell: (r) => ratio(r.cdmRatio, r.cdmRatioMin, r.cdmRatioMax) },
    { head: 'Gear 5 + Cundall', cell: (r) => timed(r.gear5, r.gear5Blown) },
    { head: 'ns/contact', cell: (r) => ns(r.gear5NsPerContact, r.gear5Blown) },
    { head: 'steps/rebuild', cell: (r) => ns(r.gear5StepsPerRebuild, r.gear5Blown) },
    { head: 'ratio', cell: (r) => ratio(r.gear5Ratio, r.gear5RatioMin, r.gear5RatioMax) },
  ];
  const speed = (v: number) => (Number.isFinite(v) ? `${sig(v)} m/s` : '–');
  const settling: Column<PolygonLammpsRow>[] = [
    { head: 'particles', cell: (r) => count(r.particles) },
    { head: 'cores', cell: cores },
    { head: 'this core: settling steps (cdm)', cell: (r) => count(r.settleSteps) },
    { head: 'largest speed', cell: (r) => speed(r.settledSpeed) },
    { head: 'LAMMPS: settling steps (one rank)', cell: (r) => (Number.isFinite(r.lammpsSettleSteps) ? count(r.lammpsSettleSteps) : '–') },
    { head: 'largest speed', cell: (r) => speed(r.lammpsSettledSpeed) },
    { head: 'after the timed runs: LAMMPS / cdm / Gear 5', cell: (r) => [r.lammpsEndSpeed, r.cdmEndSpeed, r.gear5EndSpeed].map((v) => (Number.isFinite(v) ? sig(v) : '–')).join(' / ') + ' m/s' },
  ];
  const blown = rows.flatMap((r) => [['LAMMPS', r.lammpsBlown], ['cdm', r.cdmBlown], ['Gear 5', r.gear5Blown]].filter(([, why]) => why).map(([code, why]) => `- ${count(r.particles)} polygons on ${r.threads > 1 ? `${r.threads} cores` : 'one core'}: ${code} ${failure(why)} (${why}); no ratio is given for it.`));
  return `Particle-steps per second, medians of ${rounds(rows)}; each ratio's median and range over the rounds; ns per contact is the time per step over this core's contacts on the settled pile (LAMMPS's are not counted); steps per neighbour-list build.\n\n${markdownTable(columns, rows)}\n\nSettling, untimed (the largest speed of a body at its end), and the largest speed at the end of the timed runs:\n\n${markdownTable(settling, rows)}${blown.length ? `\n\n${blown.join('\n')}` : ''}`;
}

export function threadsTable(rows: ThreadsRow[], threadCounts: number[], integrator: string): string {
  const columns: Column<ThreadsRow>[] = [
    { head: 'particles', cell: (r) => count(r.particles) },
    { head: 'integrator', cell: () => integrator },
    { head: 'serial', cell: (r) => mega(r.serial) },
    ...threadCounts.flatMap((t): Column<ThreadsRow>[] => [
      { head: `${t} thread${t > 1 ? 's' : ''}`, cell: (r) => mega(r[`threads${t}`]) },
      { head: 'speed-up', cell: (r) => range(r[`speedup${t}`], r[`speedup${t}Min`], r[`speedup${t}Max`]) },
    ]),
  ];
  return `Particle-steps per second, medians of ${rounds(rows)}; each speed-up's median and range over the rounds.\n\n${markdownTable(columns, rows)}`;
}

export function cdTable(rows: CdRow[]): string {
  const columns: Column<CdRow>[] = [
    { head: 'particles', cell: (r) => count(r.particles) },
    { head: 'contacts/particle', cell: (r) => r.contactsPerParticle.toFixed(2) },
    { head: 'N_I', cell: (r) => String(r.iterations) },
    { head: 'ms/step', cell: (r) => (r.status === 'ok' ? sig(r.msPerStep) : r.status) },
    { head: 'ns per contact·sweep', cell: (r) => (r.status === 'ok' ? r.nsPerContactSweep.toFixed(0) : r.status) },
  ];
  return markdownTable(columns, rows);
}

/** ns per particle-step: a row per size, a column per neighbour search */
export function pipeTable(rows: PipeRow[]): string {
  const searches = [...new Set(rows.map((r) => r.search))];
  const grains = rows.filter((r, k) => rows.findIndex((s) => s.grains === r.grains) === k);
  const ns = (g: PipeRow, search: string) => {
    const r = rows.find((s) => s.grains === g.grains && s.search === search);
    return r ? r.nsPerParticleStep.toFixed(0) : '';
  };
  const columns: Column<PipeRow>[] = [
    { head: 'grains (bodies)', cell: (r) => `${count(r.grains)} (${count(r.bodies)})` },
    ...searches.map((search) => ({ head: `${search}: ns per particle-step`, cell: (g: PipeRow) => ns(g, search) })),
  ];
  return markdownTable(columns, grains);
}
