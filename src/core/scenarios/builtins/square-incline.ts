/**
 * A square block on a 20° incline in soft DEM (the square of paper 004's comparison;
 * docs/model.md#contact-geometry for the polygon–wall area law). Side 0.1 m, m = 1 kg, k_n = 10⁶ N/m, ε_n = 0.5, Gear 5 with the
 * Cundall spring, Δt = 0.02 t_c. Below the friction angle it slides with a = g (sin α − μ cos α):
 * μ = 0.2 gives 1.5118 m/s²; μ ≥ tan α = 0.364 holds it still (static friction). It does not tip
 * (tipping needs tan α > 1 for a square). The slope ends on a floor with a wall 0.6 m further left.
 */
import type { ScenarioInput } from '../schema';

const alpha = (20 * Math.PI) / 180, side = 0.1, L = 0.8;
const sx = Math.cos(alpha), sy = Math.sin(alpha), nx = -sy, ny = sx, h = side / 2;

export const squareIncline: ScenarioInput = {
  name: 'square-incline',
  title: 'Square on a 20° incline (polygons, soft DEM)',
  description: 'A square block slides down a 20° slope with a = g(sin α − μ cos α) when μ < tan α = 0.36, and stays put above it. Polygon contacts use the area law (paper 000 Eqs. 4–5).',
  paperRef: 'paper 000 Eqs. 4–5; docs/model.md#area-law-for-polygons',
  material: { kn: 1e6, en: 0.5, mu: 0.2 },
  solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.02 },
  gravity: [0, -9.81],
  walls: [
    { type: 'line', point: [0, 0], normal: [nx, ny] },
    { type: 'line', point: [0, 0], normal: [0, 1] },
    { type: 'line', point: [-0.6, 0], normal: [1, 0] },
  ],
  particles: [{
    x: L * sx + h * nx, y: L * sy + h * ny, theta: alpha, m: 1,
    vertices: [[-h, -h], [h, -h], [h, h], [-h, h]],
  }],
  run: { speed: 0.5, duration: 0.6, track: [0] },
};
