/**
 * What the disc and the polygon LAMMPS exports share (lammps-export.ts, lammps-body.ts): the exported files,
 * number formatting, the reference body whose pair the coefficients are exact for, the walls as planes, and
 * what a granular pair style that maps a disc law gives the disc export.
 */
import type { WallSet } from '../core/boundaries/walls';
import type { MaterialCoefficients } from '../core/laws/material';
import type { BodyState } from '../core/state/body-state';
import { FIXED } from '../core/state/body-flags';

export interface LammpsExport {
  /** `read_data` file: atoms (discs: id, type, diameter, density, x, y, z; polygons: bodies) and velocities */
  data: string;
  /** Input deck; `lmp -in in.lmp -var steps N -var every M` overrides the run length and dump cadence */
  input: string;
  /** What differs from this core's model (also in the deck's header) */
  notes: string[];
  /** 'sphere': discs in SI units, dumped as `id x y vx vy omegaz radius`; 'body': rounded polygons in units
   * of `lengthUnit`, dumped as `id x y vx vy angmomz` and the quaternion `quatw quati quatj quatk` */
  style: 'sphere' | 'body';
  /** The deck's length unit [m]: 1 for discs; polygons are written with lengths divided by it */
  lengthUnit: number;
}

export const num = (v: number) => (Object.is(v, -0) ? '0' : String(v));

/** The median mass of the movable bodies (1 kg when none moves): the reference pair is two of them. */
export function referenceBody(b: BodyState): number {
  const movable: number[] = [];
  for (let k = 0; k < b.n; k++) if ((b.flags[k] & FIXED) === 0) movable.push(k);
  movable.sort((i, j) => b.mass[i] - b.mass[j] || i - j);
  return movable.length ? movable[movable.length >> 1] : -1;
}

/** `xplane lo NULL` … for axis-aligned line wall q, its position divided by `unit`. */
export function wallPlane(W: WallSet, q: number, unit: number): string {
  const x0 = num(W.ax[q] / unit), y0 = num(W.ay[q] / unit);
  return W.nx[q] === 1 ? `xplane ${x0} NULL` : W.nx[q] === -1 ? `xplane NULL ${x0}` : W.ny[q] === 1 ? `yplane ${y0} NULL` : `yplane NULL ${y0}`;
}

/** The four coefficients of a granular pair style's line (LAMMPS's order: Kn Kt gamma_n gamma_t) */
export interface GranCoefficients { kn: number; kt: number; gammaN: number; gammaT: number }

/** The reference the coefficients are exact for, and the packing's range (the deck's notes) */
export interface GranReference {
  /** Mass of the reference body (two of them a pair, one against a wall) [kg] and its radius [m] */
  mRef: number;
  rRef: number;
  /** The smallest and largest radius [m] */
  rMin: number;
  rMax: number;
}

/** A LAMMPS granular pair style as the mapping of the disc law whose declaration names it (laws/contact-law.ts, `lammps`) */
export interface GranStyle {
  /** The coefficients for contacts of reduced mass `mr` [kg] and effective radius `R` (a wall: R = r) [m] */
  coefficients(m: MaterialCoefficients, mr: number, R: number): GranCoefficients;
  /** What the mapping makes exact and what it does not (the deck's notes) */
  notes(m: MaterialCoefficients, ref: GranReference): string[];
}
