/**
 * The LAMMPS export (`sim export lammps`, issue 9 step 1) against Debian's `lmp` (GRANULAR package), installed
 * by .ci/install-test-deps. The same initial state runs in both codes; this core with central difference
 * (= velocity Verlet) and the Cundall spring, LAMMPS with gran/hooke/history and wall/gran.
 * - A sticking oblique collision differs by O(Δt/t_c): LAMMPS evaluates the dashpots and the shear increment
 *   with half-step velocities, this core with the step's own, an O(Δt) shift per contact. Measured (largest
 *   |Δv| or a|Δω| over v₀): two discs 1.5·10⁻², 7.4·10⁻³, 3.6·10⁻³, 1.6·10⁻³ at t_c/25 … t_c/200; a disc on
 *   the floor 5.7·10⁻², 2.6·10⁻², 1.3·10⁻², 5.7·10⁻³. Asserted: below 1.5 Δt/t_c and falling by ≥ 1.6× per halving.
 * - A sliding one agrees within 10⁻³ v₀ at every Δt: what is left is the cap's convention (LAMMPS caps with
 *   |F_n|, attractive end included; this core with max(F_n, 0)), which does not fall with Δt.
 * - A settled 1000-disc pile exported and run 1000 steps in each code keeps the same coordination number
 *   (measured 3.61 vs 3.62) and height (0.07 %).
 */
import { describe, expect, it } from 'vitest';
import { benchPile } from '../../src/cli/bench';
import { runLammps } from '../../src/cli/lammps-run';
import { parseScenario } from '../../src/core/scenarios/schema';
import { World } from '../../src/core/sim/world';
import { worldOf } from '../helpers';

// Debian's lmp is linked with Open MPI, whose singleton start-up spawns an `orted` daemon first: ≈ 0.6 s of
// waiting per run, for each of this file's 17 runs. A serial run needs no daemon (it spawns no processes):
// tell Open MPI so (the lmp children inherit the environment); the numbers are the same.
process.env.OMPI_MCA_ess_singleton_isolated ??= '1';

const twoDiscs = (mu: number, dtOverTc: number) => worldOf('head-on', 'integrator=cdm', 'tangential=cundall', 'capMode=total', `mu=${mu}`,
  'en=0.9', `dtOverTc=${dtOverTc}`, 'particles.0.x=-0.06', 'particles.0.y=0.05', 'particles.0.vx=1', 'particles.1.vx=0');
const onFloor = (mu: number, dtOverTc: number) => new World(parseScenario({
  name: 'floor', material: { kn: 1e5, en: 0.9, mu, capMode: 'total' },
  solver: { integrator: 'cdm', tangential: 'cundall', dtOverTc }, walls: [{ type: 'line', point: [0, 0], normal: [0, 1] }],
  particles: [{ x: 0, y: 0.0102, r: 0.01, vx: 1, vy: -1 }],
}));

/** Largest velocity difference (|Δv|, a|Δω|) after `duration` between this core and LAMMPS, over v₀ = 1 m/s. */
function difference(make: (dtOverTc: number) => World, dtOverTc: number, duration: number): number {
  const w = make(dtOverTc);
  const steps = Math.round(duration / w.dt);
  const l = runLammps(make(dtOverTc), steps);
  w.step(steps);
  const b = w.bodies;
  let d = 0;
  for (let k = 0; k < b.n; k++) {
    d = Math.max(d, Math.abs(b.vx[k] - l.vx[k]), Math.abs(b.vy[k] - l.vy[k]), b.radius[k] * Math.abs(b.omega[k] - l.omega[k]));
  }
  return d;
}

const LADDER = [25, 50, 100, 200];

describe('LAMMPS export: single oblique collisions', () => {
  for (const [what, make, duration] of [['two discs', twoDiscs, 0.05], ['a disc on the floor (wall/gran)', onFloor, 0.01]] as const) {
    it(`${what}, sticking (μ = 10): agrees to O(Δt/t_c) and converges`, () => {
      const d = LADDER.map((N) => difference((dt) => make(10, dt), 1 / N, duration));
      LADDER.forEach((N, k) => expect(d[k]).toBeLessThan(1.5 / N));
      for (let k = 1; k < d.length; k++) expect(d[k - 1] / d[k]).toBeGreaterThan(1.6);
    });
    it(`${what}, sliding (μ = 0.1): agrees within 10⁻³ v₀`, () => {
      for (const N of LADDER) expect(difference((dt) => make(0.1, dt), 1 / N, duration)).toBeLessThan(1e-3);
    });
  }
});

describe('LAMMPS export: the same packing', () => {
  it('a settled 1000-disc pile keeps its coordination and height through 1000 LAMMPS steps', () => {
    const w = benchPile(1000);
    w.setParams({ integrator: 'cdm' });
    w.step(3000);
    const b = w.bodies, n = b.n;
    const l = runLammps(w, 1000);
    w.step(1000);
    const shape = (x: Float64Array, y: Float64Array) => {
      let contacts = 0, top = 0;
      for (let i = 0; i < n; i++) {
        top = Math.max(top, y[i] + b.radius[i]);
        for (let j = i + 1; j < n; j++) if ((x[j] - x[i]) ** 2 + (y[j] - y[i]) ** 2 < (b.radius[i] + b.radius[j]) ** 2) contacts++;
      }
      return { z: (2 * contacts) / n, top };
    };
    const ours = shape(b.x, b.y), theirs = shape(l.x, l.y);
    expect(ours.z).toBeGreaterThan(3);
    expect(Math.abs(theirs.z - ours.z)).toBeLessThan(0.05);
    expect(Math.abs(theirs.top / ours.top - 1)).toBeLessThan(2e-3);
    expect(Number.isFinite(l.loopSeconds)).toBe(true);
  });
});
