/**
 * The physical ranges of a scenario's inputs (issue 39): wide enough for any real granular scene — grains from a
 * nanometre to a kilometre, from a styrofoam sheet to tungsten, at speeds up to meteoritic — and narrow enough
 * that every quantity derived from them (masses, moments, energies, t_c, Δt) is a finite, positive double.
 * The schema checks each field against its range and names both (`particles.0.r: must be a radius from 1e-9
 * to 1000 m, got 5e-324`); derived-check.ts checks the quantities that combine several fields before the first
 * step. The live parameters (stiffness, damping, gravity, the piston) keep their ranges in their table rows
 * (config/param-table.ts). docs/model.md#physical-ranges and `sim --help` print this table.
 */

export interface PhysicalRange {
  /** What the number is, as the message says it ('a radius') */
  what: string;
  min: number;
  max: number;
  unit: string;
  /** The fields that take it, for the docs */
  fields: string;
  /** Why the bounds are where they are */
  why: string;
}

const range = (what: string, min: number, max: number, unit: string, fields: string, why: string): PhysicalRange => ({ what, min, max, unit, fields, why });

export const RANGES = {
  coordinate: range('a coordinate', -1e6, 1e6, 'm',
    'particles x, y; wall point, a, b and box bounds; domain.periodicX; a generator\'s origin, region, a and b',
    'a thousand kilometres each way from the origin'),
  radius: range('a radius', 1e-9, 1e3, 'm',
    'particles r (a polygon\'s circumradius, from its vertices); a generator\'s r, rMin, rMax and gaussian mean and sd',
    'a nanometre (nanoparticle agglomerates) to a kilometre (boulders, asteroid rubble)'),
  vertex: range('a vertex coordinate', -1e3, 1e3, 'm', 'particles vertices (relative to x, y)', 'a polygon within the radius range'),
  length: range('a length', 1e-9, 1e6, 'm', 'lattice spacing, run.spaceTime.binWidth', 'from the smallest radius to the coordinate range'),
  direction: range('a direction component', -1e6, 1e6, '', 'line wall normal (normalised on load)', 'any direction; only its length is dropped'),
  jitter: range('an offset', 0, 1e6, 'm', 'lattice positionJitter', 'at most the coordinate range'),
  density: range('an areal density', 1e-9, 1e9, 'kg/m²',
    'material.density, and every body\'s mass over its area (particles m)',
    'a 2D density is ρ times a thickness: 30 kg/m³ foam 1 nm thick to 20,000 kg/m³ tungsten 50 km thick'),
  inertia: range('a moment of inertia', 1e-3, 1, 'm r²',
    'particles inertia, in units of its mass times its (circum)radius squared',
    'a uniform disc has ½, a ring 1 (no mass lies outside its radius); below 10⁻³ the spin outruns every contact time'),
  speed: range('a velocity component', -1e5, 1e5, 'm/s',
    'particles and generators vx, vy; wall velocity; a generator\'s speedJitter (0 up)',
    'above meteoritic impacts (7·10⁴ m/s)'),
  rimSpeed: range('a rim speed |ω| r', 0, 1e5, 'm/s', 'particles omega, times its (circum)radius', 'the velocity range, at the rim'),
  angle: range('an angle', -1e6, 1e6, 'rad', 'particles theta', 'sin and cos keep 10 digits'),
  force: range('a force component', -1e20, 1e20, 'N', 'particles force', 'the weight of the heaviest body allowed at the largest gravity, 3·10¹⁹ N'),
  torque: range('a torque', -1e23, 1e23, 'N m', 'particles torque', 'the force range at the largest radius'),
} as const satisfies Record<string, PhysicalRange>;

/** A bound as the docs write it: 1e6, 1e-9, 1000, 0.001 */
function bound(v: number): string {
  return v !== 0 && (Math.abs(v) >= 1e5 || Math.abs(v) < 1e-3) ? v.toExponential().replace('e+', 'e') : String(v);
}

/** `from 1e-9 to 1000 m` */
export function describePhysical(r: PhysicalRange): string {
  return `from ${bound(r.min)} to ${bound(r.max)}${r.unit ? ` ${r.unit}` : ''}`;
}

/** Why `v` is outside `r` (`must be a radius from 1e-9 to 1000 m, got 5e-324`), or null inside it. */
export function physicalProblem(r: PhysicalRange, v: number): string | null {
  return v >= r.min && v <= r.max ? null : `must be ${r.what} ${describePhysical(r)}, got ${v}`;
}
