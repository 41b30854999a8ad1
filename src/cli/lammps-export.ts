/**
 * A scenario as a LAMMPS run (`sim export lammps`): a data file of the world's current state and an input deck.
 * Discs go to the GRANULAR package — the pair style the disc law's declaration names (laws/contact-law.ts,
 * `lammps`; GRAN_STYLES below): `gran/hooke/history` (the linear spring–dashpot with Cundall-type tangential
 * history and the Coulomb cap) or `gran/hertz/history` (the Hertz law, mapped in lammps-hertz.ts); a law that
 * declares a refusal is refused, named. `fix wall/gran` for axis-aligned line walls, periodic x, gravity,
 * `fix nve/sphere disc` (or `fix nve` without rotation) and `fix enforce2d`. Polygons go to the BODY package
 * (lammps-body.ts).
 *
 * Discs in SI units. LAMMPS's dashpots are rates per unit effective mass (F = −m_eff γ v), this core's linear
 * ones are γ = 2ζ√(m_r k) [kg/s]: the map γ_L = γ/m_r is exact for the reference pair (two bodies of the median
 * mass; a wall and one of them for the walls) and off by √(m_r,ref/m_r) for other pairs of a polydisperse packing.
 * Convention differences, stated in the deck: LAMMPS caps |F_t| ≤ μ|F_n| with the total normal force,
 * attractive end included, where this core uses μ max(F_n, 0) ('total' cap) or μ k_n δ ('elastic' cap);
 * LAMMPS integrates by velocity Verlet whatever the scenario's integrator, and rotates its history vector
 * onto the tangent plane where the Cundall scalar ξ follows t. What it cannot represent is refused.
 */
import { LINE } from '../core/boundaries/walls';
import type { MaterialCoefficients } from '../core/laws/material';
import { normalLawNamed } from '../core/laws/registry';
import { ScenarioError } from '../core/scenarios/schema';
import { POLYGON } from '../core/shapes/shape-kind';
import { FIXED, LOCK_ROT, LOCK_X, LOCK_Y, PRESCRIBED } from '../core/state/body-flags';
import type { World } from '../core/sim/world';
import { exportBodies } from './lammps-body';
import { type GranCoefficients, type GranStyle, type LammpsExport, num, referenceBody, wallPlane } from './lammps-deck';
import { hertzGranStyle } from './lammps-hertz';

export type { LammpsExport } from './lammps-deck';

/** The linear dashpots as LAMMPS's rates per unit effective mass: γ/m_r [1/s] */
const hookeGammaN = (m: MaterialCoefficients, mr: number) => (2 * m.zetaN * Math.sqrt(mr * m.kn)) / mr;
const hookeGammaT = (m: MaterialCoefficients, mr: number) => (m.gtFromRatio ? m.gtRatio * hookeGammaN(m, mr) : (2 * m.zetaT * Math.sqrt(mr * m.kt)) / mr);

/** `gran/hooke/history`: the linear law's stiffnesses as they are, its dashpots exact for the reference pair */
const hookeGranStyle: GranStyle = {
  coefficients: (m, mr) => ({ kn: m.kn, kt: m.kt, gammaN: hookeGammaN(m, mr), gammaT: hookeGammaT(m, mr) }),
  notes: (_m, ref) => [
    `dashpots: LAMMPS uses rates per unit effective mass; mapped exactly for two bodies of the median mass ${num(ref.mRef)} kg (and one against a wall); other pairs differ by sqrt(m_ref/m_eff)`,
  ],
};

/** The granular pair styles a disc law's declaration may name */
const GRAN_STYLES: Readonly<Record<string, GranStyle>> = { 'gran/hooke/history': hookeGranStyle, 'gran/hertz/history': hertzGranStyle };

/** Refuses what LAMMPS's granular and body styles cannot express here, naming the field. */
function refusals(w: World): string[] {
  const p = w.params, b = w.bodies, problems: string[] = [];
  if (p.integrator === 'contact-dynamics') problems.push("solver.integrator: contact dynamics has no LAMMPS counterpart; export a soft-DEM scenario");
  if (p.tangential === 'haff-werner') problems.push("solver.tangential: 'haff-werner' has no LAMMPS granular counterpart");
  let polygons = 0;
  for (let k = 0; k < b.n; k++) if (b.shape[k] === POLYGON) polygons++;
  if (polygons > 0 && polygons < b.n) problems.push('particles: discs and polygons together are not exported (LAMMPS would need two atom styles); export a scene of one kind');
  if (polygons === 0) {
    const law = normalLawNamed(p.normalLaw), map = law.lammps;
    if ('refused' in map) problems.push(`material.normalLaw: the ${law.choice.name} law ('${law.id}') has no LAMMPS counterpart: ${map.refused}`);
    else if (!Object.hasOwn(GRAN_STYLES, map.pairStyle)) problems.push(`material.normalLaw: the ${law.choice.name} law ('${law.id}') names ${map.pairStyle}, which is not a granular pair style for discs`);
  }
  for (let k = 0; k < b.n; k++) {
    const f = b.flags[k];
    if (f & (PRESCRIBED | LOCK_X | LOCK_Y | LOCK_ROT)) { problems.push(`particles.${k}: prescribed or locked bodies are not exported (fixed ones are)`); break; }
    if (b.fxExt[k] !== 0 || b.fyExt[k] !== 0 || b.tauExt[k] !== 0) { problems.push(`particles.${k}: external forces are not exported`); break; }
    const I = 0.5 * b.mass[k] * b.radius[k] ** 2;
    if (b.shape[k] !== POLYGON && Math.abs(b.inertia[k] / I - 1) > 1e-12) { problems.push(`particles.${k}.inertia: LAMMPS's disc has I = ½ m r²`); break; }
  }
  for (let q = 0; q < w.walls.count; q++) {
    const W = w.walls;
    if (W.kind[q] !== LINE) problems.push(`walls.${q}: segment walls are not exported (axis-aligned line walls only)`);
    else if (W.isPiston(q) || W.vx[q] !== 0 || W.vy[q] !== 0) problems.push(`walls.${q}: moving walls and pistons are not exported`);
    else if (Math.abs(W.nx[q]) !== 1 && Math.abs(W.ny[q]) !== 1) problems.push(`walls.${q}: only walls with a normal along x or y map onto ${polygons ? 'wall/body/polygon' : 'wall/gran'} xplane/yplane`);
  }
  return problems;
}

export function exportLammps(w: World, steps: number, every: number): LammpsExport {
  const problems = refusals(w);
  if (problems.length) throw new ScenarioError(problems);
  return w.bodies.n > 0 && w.bodies.shape[0] === POLYGON ? exportBodies(w, steps, every) : exportDiscs(w, steps, every);
}

function exportDiscs(w: World, steps: number, every: number): LammpsExport {
  const b = w.bodies, p = w.params, m = w.material(), n = b.n;
  // the reference pair: two bodies of the median mass (and their radius), one of them against a wall
  const ref = referenceBody(b);
  const mRef = ref >= 0 ? b.mass[ref] : 1;
  const pairMr = mRef / 2, wallMr = mRef;
  const law = normalLawNamed(p.normalLaw), pairStyle = 'pairStyle' in law.lammps ? law.lammps.pairStyle : '', gran = GRAN_STYLES[pairStyle];
  let xmin = Infinity, xmax = -Infinity, ymin = Infinity, ymax = -Infinity, rMin = Infinity, rMax = 0;
  for (let k = 0; k < n; k++) {
    const r = b.radius[k];
    xmin = Math.min(xmin, b.x[k] - r); xmax = Math.max(xmax, b.x[k] + r);
    ymin = Math.min(ymin, b.y[k] - r); ymax = Math.max(ymax, b.y[k] + r);
    rMin = Math.min(rMin, r); rMax = Math.max(rMax, r);
  }
  const rRef = ref >= 0 ? b.radius[ref] : rMax;
  // the wall fix takes the pair style's name without its package prefix (wall/gran hooke/history)
  const style = pairStyle.slice('gran/'.length);
  const line = (c: GranCoefficients) => `${num(c.kn)} ${num(c.kt)} ${num(c.gammaN)} ${num(c.gammaT)} ${num(m.mu)} 1${p.clampNormal ? ' limit_damping' : ''}`;
  const pair = gran.coefficients(m, pairMr, rRef / 2), wall = w.walls.count > 0 ? gran.coefficients(m, wallMr, rRef) : pair;
  const walls: string[] = [];
  for (let q = 0; q < w.walls.count; q++) {
    const W = w.walls, x0 = W.ax[q], y0 = W.ay[q];
    if (Math.abs(W.nx[q]) === 1) { xmin = Math.min(xmin, x0); xmax = Math.max(xmax, x0); } else { ymin = Math.min(ymin, y0); ymax = Math.max(ymax, y0); }
    walls.push(`fix wall${q} all wall/gran ${style} ${line(wall)} ${wallPlane(W, q, 1)}`);
  }
  const per = w.periodic;
  const pad = 2 * rMax;
  const [bx0, bx1] = per.enabled ? [per.xmin, per.xmin + per.length] : [xmin - pad, xmax + pad];
  let fixedCount = 0;
  for (let k = 0; k < n; k++) if (b.flags[k] & FIXED) fixedCount++;

  const data = [
    `LAMMPS data file: ${w.spec.name} at t = ${num(w.t)} s, exported by granular-sandbox`,
    '',
    `${n} atoms`,
    `${fixedCount > 0 ? 2 : 1} atom types`,
    '',
    `${num(bx0)} ${num(bx1)} xlo xhi`,
    `${num(ymin - pad)} ${num(ymax + pad)} ylo yhi`,
    `${num(-rMax)} ${num(rMax)} zlo zhi`,
    '',
    'Atoms # sphere',
    '',
    // density such that LAMMPS's 4/3 π r³ ρ is the body's mass exactly
    ...Array.from({ length: n }, (_, k) => {
      const r = b.radius[k];
      return `${k + 1} ${(b.flags[k] & FIXED) !== 0 ? 2 : 1} ${num(2 * r)} ${num(b.mass[k] / ((4 / 3) * Math.PI * r * r * r))} ${num(b.x[k])} ${num(b.y[k])} 0`;
    }),
    '',
    'Velocities',
    '',
    ...Array.from({ length: n }, (_, k) => `${k + 1} ${num(b.vx[k])} ${num(b.vy[k])} 0 0 0 ${num(b.omega[k])}`),
    '',
  ].join('\n');

  const notes = [
    ...gran.notes(m, { mRef, rRef, rMin, rMax }),
    "Coulomb cap: LAMMPS caps |F_t| <= mu |F_n| with the total normal force, attractive end included; this core's 'total' cap uses mu max(F_n, 0)",
    ...(m.capElastic ? ["this scenario caps the elastic spring only ('elastic' cap, paper 000); LAMMPS caps the total tangential force"] : []),
    `integrator: LAMMPS runs velocity Verlet; the scenario uses ${p.integrator}`,
    ...(p.tangential !== 'cundall' ? [`tangential: LAMMPS keeps a Cundall-type history vector; the scenario uses '${p.tangential}'`] : []),
  ];
  const g = [p.gravityX, p.gravityY], gMag = Math.hypot(g[0], g[1]);
  const input = [
    `# ${w.spec.name}, exported by granular-sandbox (npm run sim -- export lammps)`,
    `# run: lmp -in in.lmp [-var steps N] [-var every M]; parallel: mpirun -np 4 lmp -in in.lmp`,
    ...notes.map((t) => `# note: ${t}`),
    `variable steps index ${steps}`,
    `variable every index ${every}`,
    'units si',
    'dimension 2',
    'atom_style sphere',
    'atom_modify map array',
    `boundary ${per.enabled ? 'p' : 'm'} m p`,
    'newton off',
    'comm_modify vel yes',
    'read_data data.lmp',
    ...(fixedCount > 0 ? ['group mobile type 1', 'group fixed type 2'] : ['group mobile type 1']),
    `pair_style ${pairStyle} ${line(pair)}`,
    'pair_coeff * *',
    `neighbor ${num(0.1 * rMin)} bin`,
    'neigh_modify delay 0',
    `timestep ${num(w.dt)}`,
    p.rotation ? 'fix integrate mobile nve/sphere disc' : 'fix integrate mobile nve',
    ...(gMag > 0 ? [`fix gravity mobile gravity ${num(gMag)} vector ${num(g[0] / gMag)} ${num(g[1] / gMag)} 0`] : []),
    ...walls,
    'fix plane all enforce2d',
    'compute ek mobile ke',
    'thermo_style custom step time c_ek atoms',
    'thermo ${every}',
    'dump state all custom ${every} dump.lmp id x y vx vy omegaz radius',
    'dump_modify state sort id format float %.17g',
    'run ${steps}',
    '',
  ].join('\n');
  return { data, input, notes, style: 'sphere', lengthUnit: 1 };
}
