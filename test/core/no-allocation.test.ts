/**
 * "Per-step loops allocate nothing", for each solver family: a scenario steps (after warm-up) in a
 * child process whose young generation is 1 MB, so every ~1 MB allocated costs one scavenge. One
 * 16-byte object per particle (or contact, or contact·sweep) per step would cost hundreds of
 * scavenges. What remains is O(1) per step (a few numbers boxed at call boundaries and in object
 * fields, ≈ 100 B) once the warm-up has let the contact lists finish growing. We allow 20.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/**
 * With `threads`, on a worker pool, and V8 optimising on the thread that runs the code: with the tests' other
 * processes and the pool's threads on two cores, its background compiler could lag past the warm-up, and the code
 * still running unoptimised boxed its doubles (36 minor GCs measured once instead of 1–2)
 */
function probe(scenario: string, steps: number, warmUp: number, sets: readonly string[] = [], threads = 0) {
  const flags = ['--max-semi-space-size=1', ...(threads > 0 ? ['--no-concurrent-recompilation'] : [])];
  const r = spawnSync(process.execPath, [...flags, '--import', 'tsx', 'test/fixtures/gc-probe.mts', scenario, String(steps), String(warmUp), ...sets],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, THREADS: String(threads) } });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as { minor: number; particles: number; status: string };
}

describe('allocation-free stepping', () => {
  for (const [scenario, steps, warmUp, what, sets = []] of [
    ['pile', 20_000, 12_000, 'Gear 5, 400 discs, settled'],
    ['block-drop', 5_000, 3_000, 'GSSSS cdm + consistent spring, 225 discs'],
    ['cd-pile', 5_000, 3_000, 'contact dynamics, 400 discs, N_I = 50'],
    // a list rebuild almost every step, collisions starting all the time (measured 4; Math.hypot's boxed
    // result in the collision monitor made it 13 before)
    ['pipe-flow', 20_000, 12_000, 'Hertz + Haff–Werner, 420 grains flowing through a periodic pipe'],
    // the GSSSS springs' commit on a pile with walls: 300 minor GCs (≈ 24 kB a step) before it was batched
    ['pile', 8_000, 12_000, 'cdm + traditional spring, 400 discs', ['integrator=cdm', 'tangential=traditional']],
    ['pile', 8_000, 12_000, 'cdm + consistent spring, 400 discs', ['integrator=cdm', 'tangential=consistent']],
    // the geometric spring's minimum-image call, not inlined by V8, boxed a double per contact: 45 minor GCs before
    ['pile', 8_000, 12_000, 'Gear 5 + geometric spring, 400 discs', ['tangential=geometric']],
  ] as const) {
    it(`${scenario} (${what}): ${steps} steps trigger at most 20 minor GCs with a 1 MB young generation`, () => {
      const out = probe(scenario, steps, warmUp, sets);
      expect(out.status).toBe('ok');
      expect(out.minor).toBeLessThanOrEqual(20);
    });
  }

  // the calling thread of a worker pool (the workers are isolates of their own): binding, the pair pass's blocks and
  // gather, the cell mask's chunks, Gear's chunks — 8000 discs, so every stage has several chunks
  for (const integrator of ['cdm', 'gear5'] as const) {
    it(`the bench pile on a pool of two threads (${integrator}, 8000 discs): 2000 steps trigger at most 20 minor GCs`, () => {
      const out = probe(`bench-pile:8000:${integrator}`, 2000, 6000, [], 2);
      expect(out.status).toBe('ok');
      expect(out.minor).toBeLessThanOrEqual(20);
    });
  }
});
