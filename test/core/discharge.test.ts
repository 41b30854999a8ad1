/**
 * The silo discharge's measures (core/diagnostics/discharge.ts): the mass past an orifice from a synthetic set of
 * bodies crossing it, the rate over a window, the steady rate's fit, Beverloo's rate, and the orifice a gate leaves
 * in the scene editor (kept and taken back with undo).
 */
import { describe, expect, it } from 'vitest';
import { beverlooRate, BEVERLOO_C, BEVERLOO_K, dischargedMass, orificeAt, PACKING_2D, rateAt, steadyRate } from '../../src/core/diagnostics/discharge';
import { parseScenario } from '../../src/core/scenarios/schema';
import { SceneEditor } from '../../src/core/scene/scene-editor';

/** Bodies 1, 2, … kg on a vertical line at heights y, the last one fixed */
function column(y: number[]): { n: number; x: number[]; y: number[]; mass: number[]; invMass: number[]; eqRadius: number[] } {
  const n = y.length;
  return { n, x: y.map(() => 0.5), y, mass: y.map((_, k) => k + 1), invMass: y.map((_, k) => (k === n - 1 ? 0 : 1 / (k + 1))), eqRadius: y.map(() => 0.01) };
}

describe('silo discharge', () => {
  it('counts the mass of the movable bodies past the orifice line, on the side gravity points to', () => {
    const o = orificeAt(0.4, 0.1, 0.6, 0.1, 0, 0, -9.81, column([0.3]));
    // masses 1…5 at 0.3, 0.15 (above), 0.05, −0.2 (below), and the fixed 5 kg one below too
    const b = column([0.3, 0.15, 0.05, -0.2, -0.3]);
    expect(dischargedMass(b, b.n, o, 0, -9.81)).toBe(3 + 4);
    // the gate drawn the other way round: the same side
    const back = { ...o, ax: o.bx, bx: o.ax };
    expect(dischargedMass(b, b.n, back, 0, -9.81)).toBe(7);
    // gravity pointing up: the other side
    expect(dischargedMass(b, b.n, o, 0, 9.81)).toBe(1 + 2);
    // as the bodies fall through it one after another, the count grows by each one's mass
    const falling = column([1.5, 2.5, 3.5, 9]), floor = { ...o, ay: 0, by: 0 };
    const passed: number[] = [];
    for (let step = 0; step < 6; step++) {
      for (let k = 0; k < 3; k++) falling.y[k] -= 1;
      passed.push(dischargedMass(falling, falling.n, floor, 0, -9.81));
    }
    expect(passed).toEqual([0, 1, 3, 6, 6, 6]);
  });

  it('gives the orifice width, the grains’ mean diameter and areal density, and Beverloo’s rate for them', () => {
    const b = { n: 3, x: [0, 0, 0], y: [0, 0, 0], mass: [Math.PI * 1e-4 * 1000, Math.PI * 4e-4 * 1000, 99], invMass: [1, 1, 0], eqRadius: [0.01, 0.02, 0.5] };
    const o = orificeAt(0, 0, 0.03, 0.04, 1.5, 0, -9.81, b);
    expect(o.width).toBeCloseTo(0.05, 15);
    expect(o.grainDiameter).toBeCloseTo(0.03, 15); // the fixed body left out
    expect(o.grainDensity).toBeCloseTo(1000, 9);
    expect(o.t).toBe(1.5);
    // W = C φ ρ₂ √g (D − k d)^{3/2}
    expect(o.beverloo).toBeCloseTo(BEVERLOO_C * PACKING_2D * 1000 * Math.sqrt(9.81) * (0.05 - BEVERLOO_K * 0.03) ** 1.5, 12);
    expect(beverlooRate(0.04, 0.03, 1000, 9.81)).toBe(0); // D < k d: jammed
  });

  it('measures the rate over a window and the steady rate of a discharge that starts, runs steadily and ends', () => {
    // 2 kg/s from t = 1 to t = 3, nothing before (NaN: no gate yet before 0.5) and after
    const t = Array.from({ length: 401 }, (_, k) => k * 0.01);
    const m = t.map((s) => (s < 0.5 ? NaN : 2 * Math.min(Math.max(s - 1, 0), 2)));
    expect(rateAt(t, m, 200)).toBeCloseTo(2, 9);
    expect(rateAt(t, m, 50)).toBeNaN(); // the first row after the gate: nothing earlier to compare with
    expect(rateAt(t, m, 80)).toBe(0);
    expect(steadyRate(t, m, t.length)).toBeCloseTo(2, 9);
    expect(steadyRate(t, m, 60)).toBeNaN(); // nothing passed yet
  });

  it('remembers the orifice of the gate opened in the scene editor, and forgets it on undo', () => {
    const spec = parseScenario({
      name: 'box', gravity: [0, -9.81], material: { kn: 1e5 }, walls: [{ type: 'box', xmin: 0, xmax: 0.3, ymin: 0, ymax: 0.5, openTop: false }],
      particles: [{ x: 0.15, y: 0.3, r: 0.004 }, { x: 0.16, y: 0.35, r: 0.006 }],
    });
    const e = new SceneEditor(spec);
    e.apply({ op: 'add-segment', a: [0.13, 0.1], b: [0.17, 0.1] });
    e.apply({ op: 'mark-gate', wall: 4, gate: 'g' });
    expect(e.orifice).toBeNull();
    e.apply({ op: 'open-gate', gate: 'g' });
    const o = e.orifice!;
    expect([o.ax, o.ay, o.bx, o.by]).toEqual([0.13, 0.1, 0.17, 0.1]);
    expect(o.width).toBeCloseTo(0.04, 15);
    expect(o.grainDiameter).toBeCloseTo(0.01, 15);
    expect(o.beverloo).toBeCloseTo(beverlooRate(0.04, 0.01, 1000, 9.81), 9);
    e.undo();
    expect(e.orifice).toBeNull();
    e.redo();
    expect(e.orifice).toBe(o);
  });
});
