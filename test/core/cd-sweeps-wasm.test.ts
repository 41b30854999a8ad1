/**
 * The contact-dynamics sweeps in WebAssembly (wasm/assembly/cd-sweeps.ts, contact-dynamics/sweeps-wasm.ts) give the
 * bits of their JavaScript (contact-dynamics/sweeps.ts): the same scenes stepped with the world's kernels and with
 * its JavaScript kernels (World.useJavaScriptKernels) end with every position, angle and velocity of every body, and
 * every wall's offset and velocity, identical — random and parallel sweeps, a stopping tolerance, a piston (the
 * walls' velocities the sweeps change), and polygons (the coupled local solver, W_nt ≠ 0).
 */
import { describe, expect, it } from 'vitest';
import type { World } from '../../src/core/sim/world';
import { worldOf } from '../helpers';

/** The state's bits: bodies' poses and velocities, walls' offsets and velocities */
function bits(w: World): number[][] {
  const b = w.bodies, n = b.n, walls = w.walls, m = walls.count;
  return [b.x, b.y, b.phi, b.vx, b.vy, b.omega].map((c) => Array.from(c.subarray(0, n)))
    .concat([walls.ox, walls.oy, walls.vx, walls.vy].map((c) => Array.from(c.subarray(0, m))));
}

/** `steps` steps of scenario `name` with `sets`, with the world's kernels and with JavaScript's */
function both(name: string, steps: number, ...sets: string[]): { wasm: World; js: World } {
  const wasm = worldOf(name, ...sets), js = worldOf(name, ...sets);
  js.useJavaScriptKernels();
  expect(wasm.wasm).not.toBeNull();
  wasm.step(steps);
  js.step(steps);
  return { wasm, js };
}

describe('contact-dynamics sweeps in WebAssembly', () => {
  const cases: [string, number, string[]][] = [
    ['cd-pile', 400, []],
    ['cd-pile', 300, ['sweep=parallel']],
    ['cd-pile', 300, ['tolerance=1e-4', 'iterations=200']],
    ['cd-chain', 300, []],
    ['cd-piston', 400, []],
    ['polygon-pile', 400, ['integrator=contact-dynamics', 'iterations=20', 'dtOverTc=1']], // 150 polygons settled on each other by t ≈ 0.4 s
    ['square-incline', 400, ['integrator=contact-dynamics', 'iterations=20', 'dtOverTc=0.2']],
  ];
  it.each(cases)('%s %i steps %j: the same bits as JavaScript, and the sweeps ran in WebAssembly', (name, steps, sets) => {
    const { wasm, js } = both(name, steps, ...sets);
    expect(wasm.health.status).toBe('ok');
    expect(wasm.contacts.count).toBeGreaterThan(0);
    expect(wasm.wasm!.cdRuns).toBeGreaterThan(steps); // the warm start and at least one sweep a step
    expect(bits(wasm)).toEqual(bits(js));
    expect(wasm.diagnostics().sweeps).toBe(js.diagnostics().sweeps);
  });
});
