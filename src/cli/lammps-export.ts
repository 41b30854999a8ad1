/**
 * A scenario as a LAMMPS run (`sim export lammps`): a data file of the world's current state and an input deck.
 * Discs go to the GRANULAR package — `pair_style gran/hooke/history` (the linear spring–dashpot with
 * Cundall-type tangential history and the Coulomb cap) or `gran/hertz/history` (the Hertz law, mapped in
 * lammps-hertz.ts), `fix wall/gran` for axis-aligned line walls, periodic x, gravity, `fix nve/sphere disc`
 * (or `fix nve` without rotation) and `fix enforce2d`. Polygons go to the BODY package (lammps-body.ts).
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
import { hertzCollision } from '../core/laws/hertz-collision';
import { ScenarioError } from '../core/scenarios/schema';
import { POLYGON } from '../core/shapes/shape-kind';
import { FIXED, LOCK_ROT, LOCK_X, LOCK_Y, PRESCRIBED } from '../core/state/body-flags';
import type { World } from '../core/sim/world';
import { exportBodies } from './lammps-body';
import { type LammpsExport, num, referenceBody, wallPlane } from './lammps-deck';
import { type GranCoefficients, hertzGranCoefficients } from './lammps-hertz';

export type { LammpsExport } from './lammps-deck';

/** Refuses what LAMMPS's granular and body styles cannot express here, naming the field. */
function refusals(w: World): string[] {
  const p = w.params, b = w.bodies, problems: string[] = [];
  if (p.integrator === 'contact-dynamics') problems.push("solver.integrator: contact dynamics has no LAMMPS counterpart; export a soft-DEM scenario");
  if (p.tangential === 'haff-werner') problems.push("solver.tangential: 'haff-werner' has no LAMMPS granular counterpart");
  let polygons = 0;
  for (let k = 0; k < b.n; k++) if (b.shape[k] === POLYGON) polygons++;
  if (polygons > 0 && polygons < b.n) problems.push('particles: discs and polygons together are not exported (LAMMPS would need two atom styles); export a scene of one kind');
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
  const hertz = p.normalLaw === 'hertz';
  const gammaN = (mr: number) => (2 * m.zetaN * Math.sqrt(mr * m.kn)) / mr;
  const gammaT = (mr: number) => (m.gtFromRatio ? m.gtRatio * gammaN(mr) : (2 * m.zetaT * Math.sqrt(mr * m.kt)) / mr);
  let xmin = Infinity, xmax = -Infinity, ymin = Infinity, ymax = -Infinity, rMin = Infinity, rMax = 0;
  for (let k = 0; k < n; k++) {
    const r = b.radius[k];
    xmin = Math.min(xmin, b.x[k] - r); xmax = Math.max(xmax, b.x[k] + r);
    ymin = Math.min(ymin, b.y[k] - r); ymax = Math.max(ymax, b.y[k] + r);
    rMin = Math.min(rMin, r); rMax = Math.max(rMax, r);
  }
  const rRef = ref >= 0 ? b.radius[ref] : rMax;
  const coefficients = (mr: number, R: number): GranCoefficients => hertz
    ? hertzGranCoefficients(m, p.hertzSpeed, mr, R)
    : { kn: m.kn, kt: m.kt, gammaN: gammaN(mr), gammaT: gammaT(mr) };
  const style = hertz ? 'hertz/history' : 'hooke/history';
  const gran = (c: GranCoefficients) => `${num(c.kn)} ${num(c.kt)} ${num(c.gammaN)} ${num(c.gammaT)} ${num(m.mu)} 1${p.clampNormal ? ' limit_damping' : ''}`;
  const pair = coefficients(pairMr, rRef / 2), wall = w.walls.count > 0 ? coefficients(wallMr, rRef) : pair;
  const walls: string[] = [];
  for (let q = 0; q < w.walls.count; q++) {
    const W = w.walls, x0 = W.ax[q], y0 = W.ay[q];
    if (Math.abs(W.nx[q]) === 1) { xmin = Math.min(xmin, x0); xmax = Math.max(xmax, x0); } else { ymin = Math.min(ymin, y0); ymax = Math.max(ymax, y0); }
    walls.push(`fix wall${q} all wall/gran ${style} ${gran(wall)} ${wallPlane(W, q, 1)}`);
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
    ...(hertz ? hertzNotes(w, rRef, rMin, rMax, pairMr, wallMr) : [
      `dashpots: LAMMPS uses rates per unit effective mass; mapped exactly for two bodies of the median mass ${num(mRef)} kg (and one against a wall); other pairs differ by sqrt(m_ref/m_eff)`,
    ]),
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
    `pair_style gran/${style} ${gran(pair)}`,
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

/** The Hertz mapping's reference and what it makes of other pairs (lammps-hertz.ts). */
function hertzNotes(w: World, rRef: number, rMin: number, rMax: number, pairMr: number, wallMr: number): string[] {
  const p = w.params, m = w.material(), v = p.hertzSpeed;
  const deltaMax = m.hertzReference?.deltaMax ?? 0;
  const factor = (R: number, Rref: number) => Math.sqrt(R / Rref).toPrecision(3);
  const e = (mr: number) => hertzCollision(m.kn, mr, v, m.gammaN).e.toPrecision(4);
  return [
    `Hertz stiffness: LAMMPS's F_n = sqrt(R delta) Kn delta; Kn = k_N/sqrt(R) with R = ${num(rRef / 2)} m for pairs (two discs of radius ${num(rRef)} m, the median-mass body's) and R = ${num(rRef)} m against walls: exact for discs of that radius`,
    ...(rMin < rMax ? [`Hertz polydispersity: a pair of other radii sees k_N sqrt(R/R_ref), x${factor(rMin / 2, rRef / 2)} (two smallest) to x${factor(rMax / 2, rRef / 2)} (two largest); a disc against a wall x${factor(rMin, rRef)} to x${factor(rMax, rRef)}; a collision's duration changes by that factor to the power -2/5`] : []),
    `Hertz normal dashpot: LAMMPS's scales with sqrt(R delta), this core's gammaN m_r does not; gamma_n is set so that the head-on collision at hertzSpeed = ${num(v)} m/s restitutes as here (e = ${e(pairMr)} for the reference pair, ${e(wallMr)} against a wall): this core's e rises with the impact speed, LAMMPS's falls: slower impacts restitute less here than in LAMMPS, faster ones more`,
    `Hertz tangential: LAMMPS scales the tangential spring and dashpot by sqrt(R delta); they equal this core's k_t${m.gtFromRatio ? '' : ' and gamma_t'} at delta_max = ${num(deltaMax)} m (the reference collision's largest overlap, where k_t is defined)${m.gtFromRatio ? '; gamma_t/gamma_n keeps the scenario ratio' : ''}`,
  ];
}
