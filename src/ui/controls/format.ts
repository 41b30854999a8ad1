/** Numbers as the panel and the status line print them: 3 significant digits, exponent when tiny or huge. */
export function fmtNum(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e4 || a < 1e-3) return v.toExponential(2).replace('e+', 'e');
  return String(Number(v.toPrecision(3)));
}
