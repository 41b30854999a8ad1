/**
 * The quantities a scenario derives from several fields, checked on the built bodies before the first step
 * (issue 39): each body's areal density (mass over area), moment of inertia (in units of m r²), rim speed and
 * size, then the contact time t_c of the lightest contact and the time step Δt. Each lies in its physical range
 * (physical-ranges.ts) or the scenario is refused naming the field, so no step starts from a mass of 5e-324 kg
 * or a t_c of 0 s (which once gave Ek = Infinity and a summary with "tc": 0).
 */
import { materialCoefficients } from '../config/material-coefficients';
import type { BodyState } from '../state/body-state';
import { referenceReducedMass } from '../state/reference-mass';
import { paramsOfSpec } from './live-params';
import { describePhysical, RANGES } from './physical-ranges';
import type { ScenarioSpec } from './schema';

/** Problems listed before the rest are counted out (a generator of 10⁶ bad bodies gives 5 lines). */
const MAX_PROBLEMS = 5;

const p3 = (v: number) => v.toPrecision(3);
const inside = (r: { min: number; max: number }, v: number) => v >= r.min && v <= r.max;

/** One line per problem, in the `<field>: …` form; empty when every derived quantity is in range. */
export function derivedProblems(spec: ScenarioSpec, b: BodyState, hasWalls: boolean): string[] {
  const problems: string[] = [];
  const explicit = spec.particles.length;
  // the field a body's value comes from: its particle's, or the generator's (whose ranges make it sound)
  const field = (k: number, name: string) => (k < explicit ? `particles.${k}.${name}` : `body ${k} (made by a generator)`);
  for (let k = 0; k < b.n && problems.length < MAX_PROBLEMS; k++) {
    const m = b.mass[k], r = b.radius[k], area = Math.PI * b.eqRadius[k] * b.eqRadius[k];
    const polygon = k < explicit && spec.particles[k].vertices !== undefined;
    if (!inside(RANGES.radius, r)) {
      problems.push(`${field(k, polygon ? 'vertices' : 'r')}: its ${polygon ? 'circumradius' : 'radius'} ${p3(r)} m must be ${RANGES.radius.what} ${describePhysical(RANGES.radius)}`);
      continue;
    }
    const rho = m / area;
    if (!inside(RANGES.density, rho)) {
      problems.push(`${field(k, 'm')}: ${p3(m)} kg over its area ${p3(area)} m² is an areal density of ${p3(rho)} kg/m²; it must be ${describePhysical(RANGES.density)} (the range of material.density)`);
      continue;
    }
    const ratio = b.inertia[k] / (m * r * r);
    if (!inside(RANGES.inertia, ratio)) {
      problems.push(`${field(k, 'inertia')}: ${p3(b.inertia[k])} kg m² is ${p3(ratio)} m r² (m = ${p3(m)} kg, r = ${p3(r)} m); it must be ${describePhysical(RANGES.inertia)} (a uniform disc has 0.5)`);
      continue;
    }
    const rim = Math.abs(b.omega[k]) * r;
    if (!inside(RANGES.rimSpeed, rim)) {
      problems.push(`${field(k, 'omega')}: ${p3(b.omega[k])} rad/s at its radius ${p3(r)} m is a rim speed of ${p3(rim)} m/s; it must be ${describePhysical(RANGES.rimSpeed)} (the velocity range)`);
    }
  }
  if (problems.length || b.n === 0) return problems;
  const params = paramsOfSpec(spec);
  const mr = referenceReducedMass(b, hasWalls);
  const tc = materialCoefficients(params, mr).reference.tc;
  if (!(tc > 0 && tc < Infinity)) {
    return [`material.kn: the contact time t_c = ${tc} s of the lightest contact (kn = ${params.kn}, reduced mass ${p3(mr)} kg) is not a positive number; check the masses and the stiffness`];
  }
  const dt = spec.solver.dt ?? params.dtOverTc * tc;
  if (!(dt > 0 && dt < Infinity)) {
    return [`solver: the time step Δt = ${dt} s (t_c = ${p3(tc)} s) is not a positive number; check solver.dt or solver.dtOverTc`];
  }
  return problems;
}
