/**
 * A polygon scenario as rounded polygons of LAMMPS's BODY package, for Debian's `lmp` (29 Sep 2021):
 * `atom_style body rounded/polygon`, `pair_style body/rounded/polygon`, `fix wall/body/polygon` for axis-aligned
 * line walls, `fix nve/body` (`fix nve` without rotation), gravity and `fix enforce2d` (LAMMPS
 * src/BODY/pair_body_rounded_polygon.cpp, fix_wall_body_polygon.cpp, body_rounded_polygon.cpp).
 *
 * LAMMPS's law, per vertex of one body within ρ_i + ρ_j of an edge of the other (ρ of a wall):
 *   F_n = k (ρ_i + ρ_j − d) − c_n v_n ,  F_t = −c_t v_t     at the vertex, at most two such contacts a pair;
 * vertex–edge springs, no tangential spring, no tangential history, and no Coulomb friction: this version adds
 * μ k δ along the normal (later versions made it friction), so μ is written as 0. This core's area law is
 * f_n = k_n A/l_c − γ_n u_n at the overlap's centroid, with a tangential spring and the Coulomb cap
 * (docs/model.md#area-law-for-polygons). They agree on a flat contact: a full face of length L pressed in by
 * δ pushes with k_n L δ/l_c here and with 2 k δ there (a vertex at each end), so with L̄ the reference polygon's
 * mean edge (the median-mass polygon's; exact for every polygon of its shape, whatever its size)
 *   k_wall = k_n L̄/(2 r_eq) ,  k_pair = k_n L̄/(2 · 2 r_eq)   (l_c = r_eq against a wall, r_i + r_j for a pair)
 *   c_n = γ_n/2 ,  c_t = γ_t/2                                  (two vertex dashpots for this core's one)
 * with this core's γ = 2ζ√(m_r k) [kg/s] at the reference pair's reduced mass (m/2; m against a wall).
 * Units: lj read as length L = the largest polygon's circumdiameter, mass 1 kg, time 1 s (the body styles
 * compare lengths with fixed numbers: a contact tolerance of 10⁻³, the wall's 10⁻² and its δ_ua = 1, so sizes
 * must be O(1); with every polygon inside a unit circle the wall's contact-length factor stays 1).
 */
import type { World } from '../core/sim/world';
import { FIXED } from '../core/state/body-flags';
import { type LammpsExport, num, referenceBody, wallPlane } from './lammps-deck';
import { impactDepth, inradius, inset, meanEdge, penetrations, worldShapes } from './lammps-rounding';

/** The rounding over the deepest penetration now (against a wall; between two polygons, over half of it) */
const ROUNDING_MARGIN = 1.5;
/** Smallest rounding, as a fraction of the smallest inradius */
const MIN_ROUNDING = 0.05;
/** Largest rounding, as a fraction of the smallest inradius (beyond it the shapes are mostly arcs) */
const MAX_ROUNDING = 0.5;

export function exportBodies(w: World, steps: number, every: number): LammpsExport {
  const b = w.bodies, p = w.params, m = w.material(), n = b.n;
  const shapes = worldShapes(b);
  let rMax = 0, inMin = Infinity;
  for (let k = 0; k < n; k++) { rMax = Math.max(rMax, b.radius[k]); inMin = Math.min(inMin, inradius(shapes[k])); }
  const L = 2 * rMax;
  const ref = Math.max(0, referenceBody(b)), mRef = b.mass[ref];
  const shapeRatio = (k: number) => meanEdge(shapes[k]) / b.eqRadius[k];
  const kWall = (m.kn * shapeRatio(ref)) / 2, kPair = kWall / 2;
  const gammaN = (mr: number) => 2 * m.zetaN * Math.sqrt(mr * m.kn);
  const gammaT = (mr: number) => (m.gtFromRatio ? m.gtRatio * gammaN(mr) : 2 * m.zetaT * Math.sqrt(mr * m.kt));

  // rounding: past the deepest penetration now (a pair has ρ_i + ρ_j) and the deepest impact foreseen
  const pen = penetrations(b, w.walls, shapes);
  const impact = impactDepth(b, w.walls, pen.touching, p.gravityX, p.gravityY, kWall);
  const wanted = Math.max(MIN_ROUNDING * inMin, ROUNDING_MARGIN * Math.max(pen.wall, pen.pair / 2), impact);
  const rho = Math.min(wanted, MAX_ROUNDING * inMin);
  const inner = shapes.map((s) => inset(s, rho));
  const nMax = inner.reduce((a, s) => Math.max(a, s.length / 2), 3);

  let xmin = Infinity, xmax = -Infinity, ymin = Infinity, ymax = -Infinity, fixedCount = 0, ratioMin = Infinity, ratioMax = 0;
  for (let k = 0; k < n; k++) {
    const r = b.radius[k];
    xmin = Math.min(xmin, b.x[k] - r); xmax = Math.max(xmax, b.x[k] + r);
    ymin = Math.min(ymin, b.y[k] - r); ymax = Math.max(ymax, b.y[k] + r);
    if (b.flags[k] & FIXED) fixedCount++;
    const f = shapeRatio(k) / shapeRatio(ref);
    ratioMin = Math.min(ratioMin, f); ratioMax = Math.max(ratioMax, f);
  }
  const walls: string[] = [];
  for (let q = 0; q < w.walls.count; q++) {
    const W = w.walls;
    if (Math.abs(W.nx[q]) === 1) { xmin = Math.min(xmin, W.ax[q]); xmax = Math.max(xmax, W.ax[q]); } else { ymin = Math.min(ymin, W.ay[q]); ymax = Math.max(ymax, W.ay[q]); }
    walls.push(`fix wall${q} mobile wall/body/polygon ${num(kWall)} ${num(gammaN(mRef) / 2)} ${num(gammaT(mRef) / 2)} ${wallPlane(W, q, L)}`);
  }
  const per = w.periodic, pad = 2 * rMax;
  const [bx0, bx1] = per.enabled ? [per.xmin, per.xmin + per.length] : [xmin - pad, xmax + pad];
  const s = (v: number) => num(v / L);
  const inertia = (k: number) => b.inertia[k] / (L * L);

  const data = [
    `LAMMPS data file: ${w.spec.name} at t = ${num(w.t)} s, exported by granular-sandbox (rounded polygons; length unit ${num(L)} m)`,
    '',
    `${n} atoms`,
    `${n} bodies`,
    `${fixedCount > 0 ? 2 : 1} atom types`,
    '',
    `${s(bx0)} ${s(bx1)} xlo xhi`,
    `${s(ymin - pad)} ${s(ymax + pad)} ylo yhi`,
    '-0.5 0.5 zlo zhi',
    '',
    'Atoms # body',
    '',
    ...Array.from({ length: n }, (_, k) => `${k + 1} ${(b.flags[k] & FIXED) !== 0 ? 2 : 1} 1 ${num(b.mass[k])} ${s(b.x[k])} ${s(b.y[k])} 0`),
    '',
    'Bodies',
    '',
    // moments of inertia Ixx Iyy Izz Ixy Ixz Iyz of a lamina, the inset vertices about the centre, the rounding diameter
    ...inner.flatMap((xy, k) => [
      `${k + 1} 1 ${6 + (3 * xy.length) / 2 + 1}`,
      `${xy.length / 2}`,
      `${num(inertia(k) / 2)} ${num(inertia(k) / 2)} ${num(inertia(k))} 0 0 0`,
      ...Array.from({ length: xy.length / 2 }, (_, v) => `${s(xy[2 * v])} ${s(xy[2 * v + 1])} 0`),
      s(2 * rho),
    ]),
    '',
    'Velocities',
    '',
    // vx vy vz and the angular momentum lx ly lz
    ...Array.from({ length: n }, (_, k) => `${k + 1} ${s(b.vx[k])} ${s(b.vy[k])} 0 0 0 ${num(inertia(k) * b.omega[k])}`),
    '',
  ].join('\n');

  const pct = (v: number) => `${(100 * v).toPrecision(2)} %`;
  const notes = [
    `units: lj with length unit L = ${num(L)} m (the largest polygon's circumdiameter), mass unit 1 kg, time unit 1 s; positions, velocities, g and walls are divided by L, moments of inertia by L^2; k [N/m] and the dashpots [kg/s] keep their values; LAMMPS's body styles test lengths against fixed numbers (1e-3, 1e-2), so sizes must be O(1): the smallest inradius is ${(inMin / L).toPrecision(3)} L`,
    `shapes: every polygon is inset by rho = ${num(rho)} m (${pct(rho / inMin)} of the smallest inradius) and rounded by rho, so its edges lie where this core's do and its corners are arcs of radius rho; rho covers ${ROUNDING_MARGIN} times the deepest penetration now (${num(pen.wall)} m into a wall; ${num(pen.pair)} m between two polygons, which have 2 rho) and the deepest impact foreseen (${num(impact)} m: the fastest vertex plus a free fall onto the floor, stopped by one vertex spring)`,
    ...(wanted > rho ? [`rounding capped at ${MAX_ROUNDING} of the smallest inradius (wanted ${num(wanted)} m): a vertex that penetrates deeper than rho (2 rho between two polygons) makes LAMMPS's pile blow up; settle the scene first or raise k_n`] : []),
    `contact law: LAMMPS pushes each vertex within rho_i + rho_j of an edge with k delta (at most two such contacts a pair), this core with k_n A/l_c at the overlap's centroid; matched on a full flat face: k_wall = k_n Lbar/(2 r_eq) = ${num(kWall)} N/m, k_pair = k_wall/2, with Lbar = ${num(meanEdge(shapes[ref]))} m the mean edge and r_eq = ${num(b.eqRadius[ref])} m the equivalent radius of the median-mass polygon; a face pressed along a chord of length c pushes c/Lbar as hard here as there, a vertex on an edge here ~ delta^2 (area), there k delta`,
    ...(ratioMax / ratioMin > 1 + 1e-9 ? [`shapes differ: a polygon's flat-face stiffness here is k_n (its mean edge)/r_eq, from x${ratioMin.toPrecision(3)} to x${ratioMax.toPrecision(3)} of the reference's; LAMMPS's is the same for all`] : []),
    `dashpots: c_n = gamma_n/2 and c_t = gamma_t/2 per vertex contact (two on a flat face for this core's one), gamma = 2 zeta sqrt(m_r k_n) at m_r = ${num(mRef / 2)} kg for pairs, ${num(mRef)} kg against walls; LAMMPS's dashpots act from 1e-3 L before touching`,
    `friction: Debian's lmp (29 Sep 2021) has no tangential spring and no Coulomb friction for rounded polygons (its mu adds mu k delta along the normal, so mu is written 0): the tangential force is c_t v_t alone, so a sliding polygon slows viscously (time constant m/(2 c_t) on a flat face) where this core's decelerates at mu g = ${num(m.mu)} g; on a LAMMPS whose body/rounded/polygon makes mu a friction, set the pair style's third argument to ${num(m.mu)}`,
    `integrator: LAMMPS runs velocity Verlet (fix nve/body); the scenario uses ${p.integrator}`,
    'fix wall/body/polygon of Debian\'s lmp has crashed on long runs of a small pile: keep runs short, or bound the pile with fixed polygons',
  ];
  const g = [p.gravityX, p.gravityY], gMag = Math.hypot(g[0], g[1]);
  const input = [
    `# ${w.spec.name}, exported by granular-sandbox (npm run sim -- export lammps): rounded polygons, BODY package`,
    `# run: lmp -in in.lmp [-var steps N] [-var every M]; parallel: mpirun -np 4 lmp -in in.lmp`,
    ...notes.map((t) => `# note: ${t}`),
    `variable steps index ${steps}`,
    `variable every index ${every}`,
    'units lj',
    'dimension 2',
    `atom_style body rounded/polygon 1 ${nMax}`,
    'atom_modify map array',
    `boundary ${per.enabled ? 'p' : 'm'} m p`,
    'newton on',
    'comm_modify vel yes',
    'read_data data.lmp',
    ...(fixedCount > 0 ? ['group mobile type 1', 'group fixed type 2'] : ['group mobile type 1']),
    // c_n c_t mu delta_ua cutoff: no cohesion (k_na = 0, cutoff 0), delta_ua = 1 keeps the contact-length factor 1
    `pair_style body/rounded/polygon ${num(gammaN(mRef / 2) / 2)} ${num(gammaT(mRef / 2) / 2)} 0 1 0`,
    `pair_coeff * * ${num(kPair)} 0`,
    // the pair's neighbour cutoff is the vertices' reach without the rounding: the skin carries 2 rho
    `neighbor ${num((2 * rho) / L + 0.1)} bin`,
    'neigh_modify every 1 delay 0 check yes',
    `timestep ${num(w.dt)}`,
    p.rotation ? 'fix integrate mobile nve/body' : 'fix integrate mobile nve',
    ...(gMag > 0 ? [`fix gravity mobile gravity ${num(gMag / L)} vector ${num(g[0] / gMag)} ${num(g[1] / gMag)} 0`] : []),
    ...walls,
    'fix plane all enforce2d',
    'compute ek mobile ke',
    'compute orient all property/atom quatw quati quatj quatk',
    'thermo_style custom step time c_ek atoms',
    'thermo ${every}',
    'dump state all custom ${every} dump.lmp id x y vx vy angmomz c_orient[1] c_orient[2] c_orient[3] c_orient[4]',
    'dump_modify state sort id format float %.17g',
    'run ${steps}',
    '',
  ].join('\n');
  return { data, input, notes, style: 'body', lengthUnit: L };
}
