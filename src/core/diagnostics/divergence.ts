/**
 * The divergence detector's verdict in one sentence a lecturer can read out: what was seen and the
 * likely cause, with Δt in units of t_c and the integrator's stability limit: the spring limit for this contact's
 * damping (docs/model.md#stability-of-gear-on-a-damped-contact, docs/model.md#choosing-a-model; docs/model.md#reduced-mass-and-time-scales
 * step guard) or, lower in a packing, the dashpot-rate limit of its contacts (docs/model.md#gears-dashpot-rate-limit).
 * Only below every limit does it blame the tangential spring update.
 */
export type DivergenceKind = 'non-finite' | 'energy' | 'overlap' | 'tunnelling';

export interface DivergenceContext {
  kind: DivergenceKind;
  t: number;
  dtOverTc: number;
  stableDtOverTc: number;
  integrator: string;
  /** energy: E_mech / available energy; overlap: δ/a; tunnelling: radii moved in one step */
  value: number;
  tangential: string;
  /**
   * The dashpot-rate limit of the contacts [Δt/tc] and the integrator's bound on c_max Δt (TimeScales.dashpotRate);
   * absent without contacts or dashpots. stableDtOverTc is the smaller of it and the spring limit.
   */
  dashpotRate?: { dtOverTc: number; bound: number; springDtOverTc: number };
  /** Hertz law: the impact speed t_c is quoted at [m/s] */
  hertzSpeed?: number;
  /** Present when the solver is contact dynamics (no stiffness, no stability limit) */
  contactDynamics?: { dt: number; iterations: number; sweep: string; restitution: number };
}

const f2 = (v: number) => (v >= 0.01 ? v.toPrecision(2) : v.toExponential(1));

export function explainDivergence(c: DivergenceContext): string {
  const at = `Stopped at t = ${c.t.toPrecision(4)} s`;
  if (c.contactDynamics) return explainContactDynamics(c, c.contactDynamics, at);
  const dt = `Δt = ${f2(c.dtOverTc)} tc${c.hertzSpeed !== undefined ? ` (tc of a Hertz impact at ${c.hertzSpeed} m/s; faster impacts are shorter)` : ''}`;
  const rate = c.dashpotRate, spring = rate ? rate.springDtOverTc : c.stableDtOverTc;
  const byRate = rate !== undefined && rate.dtOverTc < spring;
  const below = rate
    ? `below both stability limits: the spring's ${f2(spring)} tc and the dashpots' ${f2(rate.dtOverTc)} tc`
    : `below the stability limit ${f2(c.stableDtOverTc)} tc`;
  const limit = `${c.integrator} is stable only up to about Δt = ${f2(spring)} tc for this damping`;
  const tunnel = `a particle moved ${f2(c.value)} radii in one step, so contacts can be skipped entirely`;
  if (c.dtOverTc > c.stableDtOverTc) {
    const what = c.kind === 'non-finite' ? 'positions became NaN' : c.kind === 'tunnelling' ? tunnel : c.kind === 'energy'
      ? `kinetic + elastic energy grew to ${f2(c.value)}× what the start state, gravity and the walls can supply`
      : `an overlap reached ${(100 * c.value).toFixed(0)} % of a radius`;
    if (rate && byRate && c.dtOverTc <= spring) {
      // docs/model.md#gears-dashpot-rate-limit: c_max Δt scales with Δt, so it is the bound times Δt over the limit
      const cdt = (rate.bound * c.dtOverTc) / rate.dtOverTc;
      const cdm = rate.bound < 1 ? ', or use central difference (stable up to c_max·Δt = 1)' : '';
      return `${at}: ${what}. ${dt} is above the dashpot-rate limit of ${c.integrator} ≈ ${f2(rate.dtOverTc)} tc here (the dashpots' fastest rate c_max·Δt = ${cdt.toFixed(2)} > ${rate.bound.toFixed(3)}; the spring limit ${f2(spring)} tc is not the cause): lower Δt/tc below ${f2(rate.dtOverTc)} or the damping (raise εn)${cdm}.`;
    }
    const held = byRate ? `${c.integrator} is stable only up to about Δt = ${f2(c.stableDtOverTc)} tc here (the dashpots' rate; ${f2(spring)} tc for the springs)` : limit;
    return `${at}: ${what}. ${dt} is above the stability limit — ${held}; reduce Δt/tc below ${f2(c.stableDtOverTc)}.`;
  }
  const named = byRate ? 'dashpot-rate limit' : 'stability limit';
  // Within a factor 2 of the limit the step itself amplifies contact oscillations (a damped mode's
  // limit falls with the damping), so the step is the likely cause whatever kind was seen first.
  if (c.dtOverTc > 0.5 * c.stableDtOverTc && c.kind !== 'energy') {
    const what = c.kind === 'tunnelling' ? tunnel : c.kind === 'overlap' ? `an overlap reached ${(100 * c.value).toFixed(0)} % of a radius` : 'positions became NaN';
    return `${at}: ${what} with ${dt}, close to the ${named} (${f2(c.stableDtOverTc)} tc): near the limit the step amplifies the contact oscillations — reduce Δt/tc to a quarter of the limit or less.`;
  }
  if (c.kind === 'tunnelling') {
    return `${at}: ${tunnel} (particles pass through each other) with ${dt} — reduce Δt/tc or the speeds.`;
  }
  if (c.kind === 'overlap') {
    return `${at}: an overlap reached ${(100 * c.value).toFixed(0)} % of a radius with ${dt} (${below}): the particles are too soft for this load or impact speed — raise kn or lower the speeds/gravity.`;
  }
  if (c.kind === 'energy' && c.dtOverTc > 0.5 * c.stableDtOverTc) {
    // Central difference at Ω = ωΔt: the discrete energy of an oscillator swings by 1/(1 − Ω²/4),
    // 2× already at Ω = √2, although the step is stable up to Ω = 2 (docs/model.md#gssss-stability-with-damping).
    return `${at}: kinetic + elastic energy reached ${f2(c.value)}× what the start state, gravity and the walls can supply with ${dt}, close to the ${named} (${f2(c.stableDtOverTc)} tc) — near the limit the step distorts the energy this much even before it blows up; reduce Δt/tc.`;
  }
  if (c.kind === 'energy') {
    return `${at}: kinetic + elastic energy grew to ${f2(c.value)}× what the start state, gravity and the walls can supply, with ${dt} (${below}): ${c.tangential === 'haff-werner' ? 'the step' : `the ${c.tangential} spring update`} injects energy at this step — reduce Δt/tc.`;
  }
  return `${at}: positions became NaN with ${dt}; ${limit}.`;
}

/**
 * Contact dynamics has no stability limit; what goes wrong is growing overlaps (it never removes an
 * overlap, only stops its growth, and a finite N_I makes the packing soft: κ = q N_I m/Δt², paper 004
 * Eq. 24), steps that move particles too far, or the parallel sweep failing in a dense packing
 * (docs/model.md#sweeps-and-the-stopping-rule, [Sho12] §2.3).
 */
function explainContactDynamics(c: DivergenceContext, cd: NonNullable<DivergenceContext['contactDynamics']>, at: string): string {
  const setup = `contact dynamics with N_I = ${cd.iterations} ${cd.sweep} sweeps and Δt = ${f2(cd.dt)} s`;
  const jacobi = cd.sweep === 'parallel'
    ? ' The parallel (Jacobi) sweep does not converge in dense packings — use the random sweep.'
    : '';
  if (c.kind === 'overlap') {
    return `${at}: an overlap reached ${(100 * c.value).toFixed(0)} % of a radius under ${setup}. Contact dynamics only stops overlaps from growing; they grow when N_I sweeps cannot carry the load through the packing (its stiffness is only q·N_I·m/Δt², paper 004 Eq. 24) or when a step moves particles too far — raise iterations or reduce Δt.${jacobi}`;
  }
  if (c.kind === 'tunnelling') {
    return `${at}: a particle moved ${f2(c.value)} radii in one step under ${setup}, so contacts can be missed — reduce Δt (keep the displacement per step below 0.1 radius).`;
  }
  if (c.kind === 'energy') {
    const bounce = cd.restitution > 0 ? ` With restitution e = ${cd.restitution}, lower e.` : '';
    return `${at}: kinetic energy grew to ${f2(c.value)}× what the start state, gravity, walls and pistons can supply under ${setup}; the solver should only dissipate.${jacobi}${bounce} Otherwise reduce Δt.`;
  }
  return `${at}: positions became NaN under ${setup}.${jacobi} Reduce Δt.`;
}
