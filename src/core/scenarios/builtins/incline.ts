/**
 * A disc on an incline under contact dynamics (docs/validation.md#incline; paper 004 §II).
 * Slope α = 30°, g = 9.81 m/s², disc radius 5 cm, m = 1 kg, uniform (I = ½ m a²), placed touching the
 * slope at rest; Δt = 10⁻³ s, N_I = 30. With one contact the local solver is exact in one sweep, and
 * implicit Euler is exact for constant acceleration, so v(t) = a t with
 *   rolling  (μ ≥ tan α / 3 = 0.192):  a = g sin α / (1 + m a²/I) = (2/3) g sin α = 3.2700 m/s²
 *   sliding  (μ < 0.192):              a = g (sin α − μ cos α),  ω̇ = −2 μ g cos α / r
 * Default μ = 0.5 (rolls); `--set mu=0.1` slides (a = 4.0554 m/s²).
 * The slope ends at the origin on a floor, with a wall 0.8 m further left, so the disc comes to rest
 * instead of rolling down forever. The square is the built-in square-incline.
 */
import type { ScenarioInput } from '../schema';

const alpha = Math.PI / 6, a = 0.05, L = 1;
const sx = Math.cos(alpha), sy = Math.sin(alpha), nx = -sy, ny = sx;

export const incline: ScenarioInput = {
  name: 'incline',
  title: 'Disc on a 30° incline (contact dynamics)',
  description: 'A rigid disc rolls down a 30° slope with a = (2/3) g sin α at large μ and slides with a = g(sin α − μ cos α) below μ = tan α/3. (The square on the incline is the built-in square-incline.)',
  paperRef: 'docs/model.md#contact-dynamics',
  material: { mu: 0.5 },
  solver: { integrator: 'contact-dynamics', dt: 1e-3, iterations: 30 },
  gravity: [0, -9.81],
  walls: [
    { type: 'line', point: [0, 0], normal: [nx, ny] },
    { type: 'line', point: [0, 0], normal: [0, 1] },
    { type: 'line', point: [-0.8, 0], normal: [1, 0] },
  ],
  particles: [{ x: L * sx + a * nx, y: L * sy + a * ny, r: a, m: 1 }],
  run: { speed: 0.2, duration: 0.5, track: [0] },
};
