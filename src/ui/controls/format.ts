/** Numbers as the panel and the status line print them: 3 significant digits, exponent when tiny or huge. */
export function fmtNum(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e4 || a < 1e-3) return v.toExponential(2).replace('e+', 'e');
  return String(Number(v.toPrecision(3)));
}

/**
 * Simulated time with as many decimals as one step needs to show (t = 0.05000070 s at Δt = 7e-8 s),
 * so a single step always changes the digits.
 */
export function fmtTime(t: number, dt: number): string {
  if (!Number.isFinite(t)) return String(t);
  const dec = dt > 0 ? Math.min(12, Math.max(2, Math.ceil(-Math.log10(dt) + 1e-9))) : 3;
  return t.toFixed(dec);
}

/** Under the Hertz law tc depends on the impact speed: " (Hertz, at 1 m/s)" names the one it is quoted at; '' for the linear law. */
export function hertzNote(hertzSpeed: number | undefined): string {
  return hertzSpeed === undefined ? '' : ` (Hertz, at ${fmtNum(hertzSpeed)} m/s)`;
}

/** "tc = 7.03e-3 s", or "tc = 5.65e-4 s (Hertz, at 1 m/s)". */
export function tcText(tc: number, hertzSpeed: number | undefined): string {
  return `tc = ${fmtNum(tc)} s${hertzNote(hertzSpeed)}`;
}

/** Counts as the status line and the messages print them: rounded, with thousands separators (12,345). */
export function fmtInt(v: number): string {
  return Math.round(v).toLocaleString('en-US');
}
