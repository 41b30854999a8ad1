/**
 * "Per-step loops allocate nothing", for each solver family: a scenario steps (after warm-up) in a
 * child process whose young generation is 1 MB, so every ~1 MB allocated costs one scavenge. One
 * 16-byte object per particle (or contact, or contact·sweep) per step would cost dozens to hundreds of
 * scavenges. What remains is O(1) per step (a few numbers boxed at call boundaries and in object
 * fields, ≈ 100 B) once the warm-up has let the contact lists finish growing. We allow one scavenge per
 * 1,000 steps (≈ 1 kB a step; the same bound as the 20 per 20,000 steps this test allowed before).
 *
 * Load cannot change the count: the child runs with V8's --single-threaded, so the optimising compiler works
 * on the main thread, at points fixed by the code's own execution counts, instead of in the background, where
 * on a busy machine it lagged past the warm-up and the code still running unoptimised boxed its doubles (36
 * scavenges measured once instead of 1–2). The count then depends only on what the steps allocate.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gcProbeBundle } from '../cli/run-cli';

const ROOT = join(import.meta.dirname, '../..');

/** With `threads`, on a worker pool of that many threads */
function probe(scenario: string, steps: number, warmUp: number, sets: readonly string[] = [], threads = 0) {
  const flags = ['--max-semi-space-size=1', '--single-threaded'];
  // the probe bundled once per digest of the sources (test/cli/run-cli.ts): ≈ 2 s less start-up a probe than
  // through tsx, which transforms every module in every process; the same code, so the same allocations
  const r = spawnSync(process.execPath, [...flags, gcProbeBundle(), scenario, String(steps), String(warmUp), ...sets],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, THREADS: String(threads) } });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as { minor: number; particles: number; status: string; polygonPoolRuns: number };
}

/** The polygon pile, 40 polygons started low under ten times the gravity: ≈ 50 contacts by the end of the warm-up, ≈ 75 after */
const POLYGONS_DENSE = ['generators.0.count=40', 'generators.0.region=[0.005,0.005,0.395,0.15]', 'gravityY=-98.1'];

describe('allocation-free stepping', () => {
  for (const [scenario, steps, warmUp, what, sets = []] of [
    ['pile', 5_000, 12_000, 'Gear 5, 400 discs, settled'],
    ['block-drop', 5_000, 3_000, 'GSSSS cdm + consistent spring, 225 discs'],
    // N_I = 10 sweeps a step: an allocation per contact·sweep would still cost hundreds of scavenges (N_I = 50 before)
    ['cd-pile', 2_000, 1_500, 'contact dynamics, 400 discs, N_I = 10', ['iterations=10']],
    // a list rebuild almost every step, collisions starting all the time (measured 4 in 20,000 steps; Math.hypot's
    // boxed result in the collision monitor made it 13 before)
    ['pipe-flow', 5_000, 12_000, 'Hertz + Haff–Werner, 420 grains flowing through a periodic pipe'],
    // the GSSSS springs' commit on a pile with walls: 300 minor GCs in 8,000 steps (≈ 24 kB a step) before it was batched
    ['pile', 5_000, 12_000, 'cdm + traditional spring, 400 discs', ['integrator=cdm', 'tangential=traditional']],
    ['pile', 5_000, 12_000, 'cdm + consistent spring, 400 discs', ['integrator=cdm', 'tangential=consistent']],
    // the geometric spring's minimum-image call, not inlined by V8, boxed a double per contact: 45 minor GCs in 8,000 steps before
    ['pile', 5_000, 12_000, 'Gear 5 + geometric spring, 400 discs', ['tangential=geometric']],
    // polygons (area law: outlines, clipping, the contact plane, the wall clip); the axial plane adds the edge average and its flip
    ['polygon-pile', 2_000, 2_000, 'Gear 5, 40 polygons', POLYGONS_DENSE],
    ['polygon-pile', 2_000, 2_000, 'cdm + axial contact plane, 40 polygons', [...POLYGONS_DENSE, 'integrator=cdm', 'plane=axial']],
  ] as const) {
    const allowed = steps / 1000;
    it(`${scenario} (${what}): ${steps} steps trigger at most ${allowed} minor GCs with a 1 MB young generation`, () => {
      const out = probe(scenario, steps, warmUp, sets);
      expect(out.status).toBe('ok');
      expect(out.minor).toBeLessThanOrEqual(allowed);
    });
  }

  // the calling thread of a worker pool (the workers are isolates of their own): binding, the pair pass's blocks and
  // gather, the cell mask's chunks, Gear's chunks — 8000 discs, so every stage has several chunks
  for (const integrator of ['cdm', 'gear5'] as const) {
    // 8000 discs a step: one scavenge per 100 steps is ≈ 10 kB a step, 1.3 bytes per disc (20 per 2,000 steps before)
    it(`the bench pile on a pool of two threads (${integrator}, 8000 discs): 500 steps trigger at most 5 minor GCs`, () => {
      const out = probe(`bench-pile:8000:${integrator}`, 500, 1000, [], 2);
      expect(out.status).toBe('ok');
      expect(out.minor).toBeLessThanOrEqual(5);
    });
  }

  // the polygon pairs on the pool (contacts/parallel-polygon-pairs.ts: the threads' tables, the chunks, the rows' merge)
  // — the bench's polygon lattice of 300 fallen for 6,000 steps: ≈ 460 candidate pairs, 2 chunks
  it('the bench polygon pile on a pool of two threads (Gear 5, 300 polygons): 500 steps trigger at most 1 minor GC', () => {
    const out = probe('bench-polygons:300', 500, 6_000, [], 2);
    expect(out.status).toBe('ok');
    expect(out.polygonPoolRuns).toBe(500); // every step's pairs on the pool
    expect(out.minor).toBeLessThanOrEqual(1);
  });
});
