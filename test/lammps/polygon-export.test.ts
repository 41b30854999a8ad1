/**
 * The rounded-polygon export (`sim export lammps` of a polygon scene, src/cli/lammps-body.ts) against Debian's
 * `lmp` (BODY package), installed by .ci/install-test-deps. The same start state in both codes, this core with
 * cdm (velocity Verlet, as LAMMPS's fix nve/body). A 0.1 m square of 1 kg, k_n = 10⁶ N/m, ε_n = 0.5, Δt = t_c/50.
 * - Resting on the floor (fix wall/body/polygon, k_wall = k_n L̄/(2 r_eq)): after 0.05 s the overlap is
 *   m g/(k_n √π) = 5.5347·10⁻⁶ m in both; measured 5.53480·10⁻⁶ here, 5.53480·10⁻⁶ in LAMMPS (2·10⁻⁷ apart).
 * - On an equal fixed square shifted by a/50 (pair body/rounded/polygon, k_pair = k_wall/2): this core presses
 *   along the chord c = 0.98 a, LAMMPS with a vertex at each end whatever the chord, so LAMMPS's overlap is
 *   c/a = 0.98 of this core's, as the deck states (measured 0.9798).
 * - Sliding at 1 m/s, μ = 0.3: this core decelerates at μ g. Debian's lmp has no Coulomb friction for rounded
 *   polygons: its square slows by the two vertex dashpots c_t = γ_t/2 alone, v₀ exp(−γ_t t/m) (with
 *   ν_t/ν_n = 0.01 so that the dashpots do not tip the square over): over 0.1 s this core within 4·10⁻⁵ m/s of
 *   1 − μ g t, LAMMPS within 5·10⁻⁵ of exp(−γ_t t/m); at 0.1 s 0.706 m/s here, 0.651 m/s there.
 * Each LAMMPS run is a single square for 0.05–0.1 s (800–1600 steps).
 */
import { describe, expect, it } from 'vitest';
import { exportLammps } from '../../src/cli/lammps-export';
import { runLammps } from '../../src/cli/lammps-run';
import { parseScenario } from '../../src/core/scenarios/schema';
import { World } from '../../src/core/sim/world';

process.env.OMPI_MCA_ess_singleton_isolated ??= '1';

const a = 0.1, h = a / 2, m = 1, kn = 1e6, g = 9.81;
const square = [[-h, -h], [h, -h], [h, h], [-h, h]];
const floor = [{ type: 'line', point: [0, 0], normal: [0, 1] }];

function world(particles: object[], walls: object[] = floor, material: object = {}): World {
  return new World(parseScenario({
    name: 'squares', material: { kn, en: 0.5, mu: 0.3, ...material }, solver: { integrator: 'cdm', tangential: 'cundall', dtOverTc: 0.02 },
    gravity: [0, -g], walls, particles,
  }));
}

describe('LAMMPS export of polygons: the deck', () => {
  it('insets each polygon by the rounding, in units of its circumdiameter, and rounds by 1.5 times the deepest overlap', () => {
    const ex = exportLammps(world([{ x: 0, y: h, m, vertices: square }]), 10, 10);
    const L = a * Math.SQRT2, rho = 0.05 * h; // the floor of the rounding: 5 % of the inradius
    expect(ex.lengthUnit).toBe(L);
    const body = ex.data.split('Bodies')[1].split('Velocities')[0].trim().split('\n').map((line) => line.split(' ').map(Number));
    expect(body.slice(3, 7).flat()).toEqual(square.flatMap(([x, y]) => [x, y, 0]).map((c) => expect.closeTo((Math.sign(c) * (h - rho)) / L, 14)));
    expect(body[7][0]).toBeCloseTo((2 * rho) / L, 14); // the rounding's diameter
    expect(ex.input).toMatch(/^pair_style body\/rounded\/polygon \S+ \S+ 0 1 0$/m);
    expect(ex.input).toMatch(/^fix wall0 mobile wall\/body\/polygon 886226\.92\d* \S+ \S+ yplane 0 NULL$/m); // k_n √π/2
    const deep = exportLammps(world([{ x: 0, y: h - 0.004, m, vertices: square }]), 10, 10);
    expect(Number(/inset by rho = (\S+) m/.exec(deep.notes.join('\n'))?.[1])).toBeCloseTo(0.006, 12); // 1.5 times the 4 mm overlap
  });
});

describe('LAMMPS export of polygons: where the two laws agree', () => {
  it('a square resting on the floor: the same overlap, m g/(k_n √π)', () => {
    const w = world([{ x: 0, y: h, m, vertices: square }]);
    const steps = Math.round(0.05 / w.dt);
    const l = runLammps(w, steps);
    w.step(steps);
    const rest = (m * g) / (kn * Math.sqrt(Math.PI));
    expect(Math.abs((h - w.bodies.y[0]) / rest - 1)).toBeLessThan(1e-3);
    expect(Math.abs((h - l.y[0]) / rest - 1)).toBeLessThan(1e-3);
    expect(Math.abs(l.x[0])).toBeLessThan(1e-12);
    expect(Math.abs(l.phi[0])).toBeLessThan(1e-9);
  });

  it('a square on an equal fixed square shifted by a/50: LAMMPS presses the full face, this core the chord (0.98 a)', () => {
    const shift = a / 50;
    const w = world([{ x: 0, y: -h, m, vertices: square, fixed: true }, { x: shift, y: h, m, vertices: square }], []);
    const steps = Math.round(0.05 / w.dt);
    const l = runLammps(w, steps);
    w.step(steps);
    const ours = h - w.bodies.y[1], theirs = h - l.y[1];
    const rEq = a / Math.sqrt(Math.PI);
    expect(Math.abs(ours / ((m * g * 2 * rEq) / (kn * (a - shift))) - 1)).toBeLessThan(5e-3); // k_n c/(2 r_eq)
    expect(Math.abs(theirs / ours / ((a - shift) / a) - 1)).toBeLessThan(2e-3);
  });
});

describe('LAMMPS export of polygons: where they differ, as the deck says', () => {
  it('a sliding square: μ g here; viscous in Debian\'s lmp, v₀ exp(−γ_t t/m)', () => {
    const w = world([{ x: 0, y: h - (m * g) / (kn * Math.sqrt(Math.PI)), m, vertices: square, vx: 1 }], floor, { tangentialDamping: 'ratio', nuTOverNuN: 0.01 });
    const every = Math.round(0.01 / w.dt), frames = 10;
    const l = runLammps(w, every * frames, every);
    const mat = w.material(), gammaT = mat.gtRatio * 2 * mat.zetaN * Math.sqrt(m * kn);
    for (let f = 1; f <= frames; f++) {
      w.step(every);
      const t = f * every * w.dt;
      expect(Math.abs(w.bodies.vx[0] - (1 - 0.3 * g * t))).toBeLessThan(5e-4);
      expect(Math.abs(l.frames[f].vx[0] / Math.exp((-gammaT * t) / m) - 1)).toBeLessThan(2e-3);
    }
  });
});
