/**
 * The polygon colliders in WebAssembly (contacts/polygon-wasm.ts, assembly/polygon-pairs.ts) are an optimisation: a
 * polygon scene stepped with the kernels gives a JavaScript run's bits (useJavaScriptKernels: collide-polygon.ts's loops
 * and the other kernels' JavaScript twins) — bodies, the whole contact record, the energy account — for every contact
 * plane definition, Gear and central difference, with walls, across a periodic seam and with discs among the polygons
 * (their 24-gon stand-ins).
 */
import { describe, expect, it } from 'vitest';
import { worldOf } from '../helpers';
import { differences } from './world-differences';

/** The polygon pile, 40 polygons started low under ten times the gravity (as no-allocation.test.ts's): contacts at once */
const DENSE = ['generators.0.count=40', 'generators.0.region=[0.005,0.005,0.395,0.15]', 'gravityY=-98.1'];
const FLOOR_ONLY = 'walls=[{"type":"line","point":[0,0],"normal":[0,1]}]';

describe('a polygon scene with the WebAssembly colliders gives a JavaScript run’s bits', () => {
  const cases: Record<string, string[]> = {
    'Gear 5, axial plane with hysteresis': [],
    'cdm, usual plane': ['integrator=cdm', 'plane=usual'],
    'cdm, literal-signed plane (imported atan)': ['integrator=cdm', 'plane=literal-signed'],
    'Gear 5, literal-abs plane, no hysteresis': ['plane=literal-abs', 'planeHysteresis=0'],
    'cdm, periodic seam, floor only': ['integrator=cdm', FLOOR_ONLY, 'domain.periodicX=[0,0.4]', 'gravityX=20'],
  };
  for (const [name, sets] of Object.entries(cases)) {
    it(name, () => {
      const wasm = worldOf('polygon-pile', ...DENSE, ...sets), js = worldOf('polygon-pile', ...DENSE, ...sets);
      expect(wasm.kernels).toBe('WebAssembly');
      js.useJavaScriptKernels();
      const runs = wasm.wasm!.polygonRuns;
      for (let batch = 0; batch < 4; batch++) {
        wasm.step(250);
        js.step(250);
        expect(differences(wasm, js), `step ${wasm.stepCount}`).toEqual([]);
      }
      expect(wasm.wasm!.polygonRuns - runs).toBeGreaterThanOrEqual(1000); // every step's pairs (and walls) in WebAssembly
      expect(wasm.contacts.count).toBeGreaterThan(12);
      expect(wasm.health.status).toBe('ok');
    });
  }

  it('discs falling onto polygons (disc–polygon pairs through the 24-gon stand-in, split by kind pair; disc pairs by the staged pipeline)', () => {
    const sets = [
      'gravityY=-300',
      'generators=[{"type":"random","shape":"polygon","sides":[4,8],"count":14,"region":[0.005,0.005,0.395,0.08],"rMin":0.012,"rMax":0.016,"seed":3},'
        + '{"type":"random","count":40,"region":[0.005,0.085,0.395,0.14],"rMin":0.006,"rMax":0.009,"seed":5}]',
    ];
    const wasm = worldOf('polygon-pile', ...sets), js = worldOf('polygon-pile', ...sets);
    js.useJavaScriptKernels();
    const runs = wasm.wasm!.polygonRuns;
    for (let batch = 0; batch < 6; batch++) {
      wasm.step(250);
      js.step(250);
      expect(differences(wasm, js), `step ${wasm.stepCount}`).toEqual([]);
    }
    expect(wasm.wasm!.polygonRuns - runs).toBeGreaterThanOrEqual(1500);
    const c = wasm.contacts, b = wasm.bodies;
    let mixed = 0;
    for (let k = 0; k < c.pairContacts; k++) if (b.shape[c.i[k]] !== b.shape[c.j[k]]) mixed++;
    expect(mixed).toBeGreaterThan(5);
    expect(wasm.health.status).toBe('ok');
  });
});
