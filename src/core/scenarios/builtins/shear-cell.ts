/**
 * E2, paper 000 §3 and Figs. 2–3 (docs/validation.md#e2-shear-cell, with its choices for what the paper leaves
 * open): 256 random convex polygons (5–8 vertices, circumradius 5 mm ± 20 %, areal density 25 kg/m²) in
 * 16 columns × 16 rows between two boundary layers of 16 polygons each, periodic in x (box 0.16 m). The
 * layers neither rotate nor move against each other: they are prescribed bodies sliding at ±γ̇H/2 (H the
 * gap between them), so the walls do not dilate. k_n = 400 N/m, ε_n = 0.9875, μ = 0.5, k_t/k_n = ν_t/ν_n
 * = 1/3, elastic cap, Gear 5 with the Cundall spring, Δt/t_c = 13/2500 (paper 000 runs 13/500 too).
 * The shear rate is the paper's 1.25·10⁻⁵ s⁻¹; over the runs that matter (≈ 1000 t_c ≈ 4 s) that is a
 * strain of 10⁻⁴, so Ek(t) is the relaxation of the lattice-prepared packing under slow shear
 * (docs/validation.md#e2-shear-cell). `sim delta-ek shear-cell` writes the cumulative ΔEk between the two step sizes (paper 000 Fig. 3e).
 */
import type { ScenarioInput } from '../schema';

const r = 0.005, spacing = 0.01, nx = 16, rows = 16, width = nx * spacing;
const layerY = (k: number) => k * spacing * (Math.sqrt(3) / 2);
const H = layerY(rows + 1);
const layer = (k: number, vx: number, seed: number) => ({
  type: 'lattice' as const, lattice: 'square' as const, origin: [spacing / 2 + (k % 2 ? spacing / 2 : 0), layerY(k)] as [number, number],
  nx, ny: 1, spacing, r: 1.2 * r, radiusJitter: 0.33, seed, shape: 'polygon' as const, sides: [5, 8] as [number, number],
  prescribed: true, lockRotation: true, vx,
});

/** The cell sheared at rate γ̇ [1/s]: the layers slide at ±γ̇H/2. */
function shearCellAt(name: string, title: string, gammaDot: number, note: string): ScenarioInput {
  const v = (gammaDot * H) / 2;
  return {
    name,
    title,
    description: `Polygons between two rough boundary layers sliding in opposite directions, periodic in x. With μ = 0 the kinetic energy does not depend on Δt; with friction (μ = 0.5) the Cundall spring makes it depend on Δt (paper 000 Fig. 3).${note}`,
    paperRef: 'paper 000 §3, Figs. 2–3; docs/validation.md#e2-shear-cell',
    material: { kn: 400, ktOverKn: 1 / 3, en: 0.9875, tangentialDamping: 'ratio', nuTOverNuN: 1 / 3, mu: 0.5, capMode: 'elastic', density: 25 },
    solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 13 / 2500, plane: 'usual' },
    domain: { periodicX: [0, width] },
    generators: [
      layer(0, -v, 101),
      { type: 'lattice', lattice: 'hex', origin: [spacing / 2, layerY(1)], nx, ny: rows, spacing, r: 1.2 * r, radiusJitter: 0.33, seed: 102, shape: 'polygon', sides: [5, 8] },
      layer(rows + 1, v, 103),
    ],
    run: { durationOverTc: 200, outputEvery: 50 },
  };
}

export const shearCell = shearCellAt('shear-cell', 'Shear cell of 256 polygons (paper 000 Fig. 3)', 1.25e-5, '');
/** The labelled deviation of docs/validation.md#e2-shear-cell: 100 times the paper's rate, so the layers move visibly. */
export const shearCellFast = shearCellAt('shear-cell-fast', 'Shear cell, 100× the paper\'s shear rate', 1.25e-3,
  ' Sheared 100 times faster than in paper 000 (a deviation, for watching the flow).');
