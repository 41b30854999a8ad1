/**
 * Damping from restitution, one unit convention: dashpot γ in kg/s, force −γ·velocity
 * (docs/model.md#damping-from-restitution; paper 000 Eqs. 8, 10; paper 002's η_n formula).
 *   m_r δ̈ + γ δ̇ + k δ = 0,  ω₀ = √(k/m_r),  ζ = γ/(2 m_r ω₀)
 *   e = exp(−π ζ/√(1−ζ²)),  t_c = π/(ω₀√(1−ζ²))
 */

/** ζ = |ln e| / √(π² + ln² e)  (e = 1 gives 0). */
export function dampingRatio(e: number): number {
  const l = Math.log(e);
  return Math.abs(l) / Math.sqrt(Math.PI * Math.PI + l * l);
}

/** Restitution of an isolated linear contact with damping ratio ζ < 1. */
export function restitution(zeta: number): number {
  return Math.exp((-Math.PI * zeta) / Math.sqrt(1 - zeta * zeta));
}

/** Contact duration t_c = π/ω (paper 000 Eq. 10) of a linear contact. */
export function contactTime(k: number, mr: number, zeta: number): number {
  return Math.PI / (Math.sqrt(k / mr) * Math.sqrt(1 - zeta * zeta));
}

/** γ = 2 ζ √(m_r k) [kg/s]. */
export function dashpot(zeta: number, k: number, mr: number): number {
  return 2 * zeta * Math.sqrt(mr * k);
}
