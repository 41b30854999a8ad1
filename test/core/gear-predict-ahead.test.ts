/**
 * Gear's corrector predicting the next step in its own loop (integrators/gear.ts, predictAhead): within a run
 * of steps it gives the same bits as predicting at the next step, in WebAssembly and in JavaScript; a run
 * stopped by a divergence gets its committed derivatives back to rounding (the inverse Pascal matrix).
 */
import { describe, expect, it } from 'vitest';
import type { World } from '../../src/core/sim/world';
import { worldOf } from '../helpers';
import { differences } from './world-differences';

const DENSE = ['generators.0.count=160', 'generators.0.region=[0.005,0.008,0.395,0.2]', 'dtOverTc=0.05', 'tangential=cundall', 'integrator=gear5'];

interface Gear { g: Float64Array; fuseFrom: number }
const gear = (w: World): Gear => (w as unknown as { integrator: Gear }).integrator;

/** A world of the dense pile whose Gear predicts ahead from `fuseFrom` bodies on */
function pile(fuseFrom: number, js: boolean, ...sets: string[]): World {
  const w = worldOf('pile', ...DENSE, ...sets);
  if (js) w.useJavaScriptKernels();
  gear(w).fuseFrom = fuseFrom;
  return w;
}

/** |a − b| within n ulps of the terms of the inverse Pascal sum y_k = Σ (−1)^{l−k} C(l,k) y_l^p that made a */
function withinRounding(a: Float64Array, b: Float64Array, n: number): boolean {
  const C = [[1, 1, 1, 1, 1, 1], [0, 1, 2, 3, 4, 5], [0, 0, 1, 3, 6, 10], [0, 0, 0, 1, 4, 10], [0, 0, 0, 0, 1, 5], [0, 0, 0, 0, 0, 1]];
  for (let o = 0; o < a.length; o += 6) {
    for (let k = 0; k < 6; k++) {
      let scale = 0;
      for (let l = k; l < 6; l++) scale += C[k][l] * Math.abs(b[o + l]);
      if (Math.abs(a[o + k] - b[o + k]) > n * Number.EPSILON * scale) return false;
    }
  }
  return true;
}

describe("Gear's corrector predicting ahead", () => {
  for (const js of [false, true]) {
    it(`gives the same bits as predicting at the next step, across batches and a snapshot (${js ? 'JavaScript' : 'WebAssembly'})`, () => {
      const fused = pile(0, js), plain = pile(Infinity, js);
      let predicts = 0;
      if (!js) {
        const k = fused.wasm as unknown as { gearPredict: (...a: number[]) => void };
        const f = k.gearPredict;
        k.gearPredict = (...a: number[]) => { predicts++; f(...a); };
      }
      for (const batch of [1, 37, 100, 5, 300]) { // the last good state is saved at step 256, inside a batch
        fused.step(batch);
        plain.step(batch);
        expect(differences(fused, plain)).toEqual([]);
      }
      expect(Array.from(gear(fused).g.subarray(0, 18 * fused.n))).toEqual(Array.from(gear(plain).g.subarray(0, 18 * plain.n)));
      expect(fused.kernels).toBe(js ? 'JavaScript' : 'WebAssembly');
      // the predict loop ran only on each batch's first step and on the step after the snapshot
      if (!js) expect(predicts).toBe(6);
    });
  }

  it('a run that diverges after a step predicted ahead keeps the committed derivatives, to rounding', () => {
    const fused = pile(0, false, 'dtOverTc=2'), plain = pile(Infinity, false, 'dtOverTc=2');
    const doneFused = fused.step(100_000), donePlain = plain.step(100_000);
    expect(fused.health.status).toBe('diverged');
    expect(doneFused).toBe(donePlain);
    expect(doneFused).toBeGreaterThan(1); // the step that diverged was predicted by the one before it
    // the committed state is the same; the contact record is not compared: it is completed from the evaluation
    // state, which after the fused step is the next step's
    for (const f of ['x', 'y', 'phi', 'vx', 'vy', 'omega'] as const) expect(Array.from(fused.bodies[f])).toEqual(Array.from(plain.bodies[f]));
    const a = gear(fused).g.subarray(0, 18 * fused.n), b = gear(plain).g.subarray(0, 18 * plain.n);
    expect(Array.from(a)).not.toEqual(Array.from(b)); // undone with the inverse matrix: rounding differs
    expect(withinRounding(a, b, 16)).toBe(true);
  });
});
