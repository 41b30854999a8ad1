/** What the bench's modes share when they measure (bench.ts, bench-vs-lammps-polygons.ts): medians, contacts per particle, the --csv rows. */
import { appendFileSync, existsSync } from 'node:fs';
import type { World } from '../core/sim/world';

/** Appends a row to the --csv file (its header first when the file is new). */
export function appendCsv(csv: string | undefined, row: object): void {
  if (!csv) return;
  if (!existsSync(csv)) appendFileSync(csv, `${Object.keys(row).join(',')}\n`);
  appendFileSync(csv, `${Object.values(row).join(',')}\n`);
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
