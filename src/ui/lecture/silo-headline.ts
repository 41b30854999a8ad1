/**
 * The "make your own silo" lesson's end frame (issue 37 item 4): the steady discharge rate measured from the rows since
 * the gate opened (the discharge chart's, charts/discharge-chart.ts) against Beverloo's rate for the orifice drawn
 * (core/diagnostics/discharge.ts), with the orifice and the grains it was worked out for.
 */
import { steadyRate } from '../../core/diagnostics/discharge';
import { dischargeStart } from '../charts/discharge-chart';
import { fmtNum } from '../controls/format';
import type { Headline } from './headlines';

export const dischargeHeadline: Headline = (r) => {
  const o = r.status.orifice;
  if (!o) return ['Make your own silo', 'no gate has opened yet: make a wall across the orifice a gate, then open it (key o)'];
  const t = r.column('t'), m = r.column('discharged'), from = dischargeStart(m, r.rows);
  const w = steadyRate(t.subarray(from, r.rows), m.subarray(from, r.rows), r.rows - from);
  const out = r.rows > from ? m[r.rows - 1] : NaN;
  return [
    `Silo discharge: measured W = ${fmtNum(w)} kg/s, Beverloo ${fmtNum(o.beverloo)} kg/s`,
    `${fmtNum(out)} kg of grains out in ${fmtNum(r.status.t - o.t)} s; the steady rate W fitted between 10 % and 90 % of it`,
    `Beverloo W = C φ ρ₂ √g (D − k d)^3/2 for the orifice D = ${fmtNum(o.width * 1e3)} mm, grains d = ${fmtNum(o.grainDiameter * 1e3)} mm, ρ₂ = ${fmtNum(o.grainDensity)} kg/m² (C = 0.58, k = 1.5, φ = 0.82)`,
    `measured / Beverloo = ${fmtNum(w / o.beverloo)}`,
  ];
};
