/**
 * Scene edits on a worker pool (issue 37): the edited world steps on the pool with the serial run's bits (but for
 * the energy sums' order, as test/core/worker-pool.test.ts), and undo hands the pool back the world from before the
 * edit, which goes on as the serial one does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodePool, type NodePool } from '../../src/cli/node-pool';
import { SceneEditor } from '../../src/core/scene/scene-editor';
import { parseScenario } from '../../src/core/scenarios/schema';
import { differences } from './world-differences';

const SPEC = parseScenario({
  name: 'pool-edits',
  gravity: [0, -9.81],
  walls: [{ type: 'box', xmin: 0, xmax: 0.72, ymin: 0, ymax: 1 }],
  // 4,550 discs: two chunks of bodies
  generators: [{ type: 'lattice', origin: [0.008, 0.008], nx: 70, ny: 65, spacing: 0.0101, r: 0.005, radiusJitter: 0.1, seed: 2 }],
});

describe('scene edits on a worker pool', () => {
  let pool: NodePool;
  beforeAll(async () => {
    pool = await nodePool(2);
  });
  afterAll(async () => {
    await pool.close();
  });

  it('the edited world and the world undo gives back step with the serial run’s bits', () => {
    const serial = new SceneEditor(SPEC), pooled = new SceneEditor(SPEC, { pool: pool.pool });
    const both = (f: (e: SceneEditor) => void) => { f(serial); f(pooled); };
    both((e) => e.world.step(100));
    both((e) => e.apply({ op: 'erase', center: [0.36, 0.3], radius: 0.05 }));
    both((e) => e.apply({ op: 'add-segment', a: [0.2, 0.8], b: [0.5, 0.75] }));
    both((e) => e.apply({ op: 'pin', body: 100 }));
    expect(pooled.world.n).toBeLessThan(4550);
    expect(pooled.world.kernels).toBe('WebAssembly');
    both((e) => e.world.step(100));
    expect(differences(serial.world, pooled.world, 1e-9)).toEqual([]);
    both((e) => { for (let k = 0; k < 3; k++) e.undo(); });
    expect(pooled.world.n).toBe(4550);
    // the pool runs the kernels of the world it steps (else the columns, outside that arena, fall back to JavaScript)
    expect((pool.pool as unknown as { wasm: unknown }).wasm).toBe(pooled.world.wasm);
    both((e) => e.world.step(100));
    expect(differences(serial.world, pooled.world, 1e-9)).toEqual([]);
  });
});
