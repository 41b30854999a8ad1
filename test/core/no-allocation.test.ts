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

function probe(scenario: string, steps: number, warmUp: number, sets: readonly string[] = []) {
  const r = spawnSync(process.execPath, ['--max-semi-space-size=1', '--import', 'tsx', 'test/fixtures/gc-probe.mts', scenario, String(steps), String(warmUp), ...sets],
    { cwd: ROOT, encoding: 'utf8' });
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
});
