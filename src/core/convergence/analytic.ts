/**
 * Closed-form reference solutions for the convergence ladder, found by scenario and checked against
 * the scenario's actual settings (an override that breaks an assumption falls back to a fine run).
 *
 * case-i (paper 002 Case I; docs/validation.md#e5-and-e6-gssss-orders): centre locked, undamped tangential spring along
 * a flat wall, no sliding: I θ̈ + k_s R² θ = 0, θ(0) = θ0, θ̇(0) = ω0 ⇒
 *   θ(t) = θ0 + (ω0/ω_n) sin(ω_n t) (with θ0 = 0 the spring starts unloaded), ω_n = R √(k_s/I).
 */
import { normalLawNamed } from '../laws/registry';
import type { ScenarioSpec } from '../scenarios/schema';

export interface AnalyticSolution {
  label: string;
  /** Writes x, y, θ, vx, vy, ω of each tracked particle (6 values per particle) at time t into out */
  evaluate(t: number, out: Float64Array): void;
}

/** The analytic solution for this scenario, or the reason there is none. */
export function analyticSolution(spec: ScenarioSpec): AnalyticSolution | string {
  if (spec.name !== 'case-i') return 'no closed form for this scenario';
  const p = spec.particles[0], m = spec.material;
  const wall = spec.walls[0];
  const fits = spec.particles.length === 1 && p.r !== undefined && spec.generators.length === 0 && p.lockX && p.lockY && !p.lockRotation
    && spec.walls.length === 1 && wall.type === 'line' && !wall.velocity && spec.gravity[0] === 0 && spec.gravity[1] === 0
    && m.en === 1 && spec.solver.rotation && !p.torque && normalLawNamed(m.normalLaw).choice.linearSpring;
  if (!fits || wall.type !== 'line' || p.r === undefined) return 'case-i was changed so that the closed form no longer applies (needs a law whose contacts are linear springs of stiffness kn, εn = 1, locked centre, one flat wall, no gravity)';
  const R = p.r, mass = p.m ?? m.density * Math.PI * R * R, I = p.inertia ?? 0.5 * mass * R * R;
  const n = Math.hypot(wall.normal[0], wall.normal[1]);
  const delta = R - ((p.x - wall.point[0]) * wall.normal[0] + (p.y - wall.point[1]) * wall.normal[1]) / n;
  const ks = m.ktOverKn * m.kn, omega0 = p.omega ?? 0, theta0 = p.theta ?? 0;
  const wn = R * Math.sqrt(ks / I);
  // Never slides: the largest spring force k_s R |θ − θ0| stays inside μ k_n δ.
  if (ks * R * Math.abs(omega0 / wn) >= m.mu * m.kn * delta) return 'case-i was changed so that the disc slides; no closed form';
  return {
    label: `analytic θ(t) = θ0 + (ω0/ωn) sin(ωn t), ωn = ${wn.toPrecision(6)} rad/s`,
    evaluate(t: number, out: Float64Array): void {
      out[0] = p.x; out[1] = p.y;
      out[2] = theta0 + (omega0 / wn) * Math.sin(wn * t);
      out[3] = 0; out[4] = 0;
      out[5] = omega0 * Math.cos(wn * t);
    },
  };
}
