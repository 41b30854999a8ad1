/** What the bench's modes share when they measure (bench.ts, bench-vs-lammps-polygons.ts): medians, contacts per particle, the --csv rows. */
import { appendFileSync, existsSync } from 'node:fs';
import type { World } from '../core/sim/world';

/** Appends a row to the --csv file (its header first when the file is new). */
export function appendCsv(csv: string | undefined, row: object): void {
  if (!csv) return;
  if (!existsSync(csv)) appendFileSync(csv, `${Object.keys(row).join(',')}\n`);
  appendFileSync(csv, `${Object.values(row).join(',')}\n`);
}

/**
 * Untimed steps before a timed run of `steps`: a fifth of them (at least 20, at most `steps`). Right after a switch of
 * integrator, or after LAMMPS had both cores, the first few tenths of a second ran slower here (the two-thread
 * 1,000-polygon pile: whichever of cdm and Gear 5 came right after LAMMPS in a round lost 11–18 %, in turn), and 20
 * steps did not cover it. The cause is not pinned down (after 2 s idle a serial run's first 0.6 s ran ≈ 35 % slower
 * too, and not with V8's memory reducer off; after other processes' load the effect was mixed).
 */
export function warmUpSteps(steps: number): number {
  return Math.max(Math.min(20, steps), Math.round(steps / 5));
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : 0.5 * (s[m - 1] + s[m]);
}

export function contactsPerParticle(w: World): number {
  // Each pair contact touches two particles, a wall contact one.
  let ends = 0;
  for (let k = 0; k < w.contacts.count; k++) ends += w.contacts.i[k] >= 0 ? 2 : 1;
  return ends / w.n;
}
