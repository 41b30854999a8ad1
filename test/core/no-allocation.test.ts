/**
 * "Per-step loops allocate nothing": a 400-disc pile steps 20,000 times (after warm-up) in a child
 * process whose young generation is 1 MB, so every ~1 MB allocated costs one scavenge. One object of
 * 16 bytes per particle per step would be 128 MB, i.e. more than 100 scavenges. What remains is O(1)
 * per step (a few doubles boxed at call boundaries, ~100 B) and the geometric growth of the contact
 * list while the pile settles: measured 9 scavenges. We allow 20 (< 3 bytes per particle-step).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

describe('allocation-free stepping', () => {
  it('20,000 steps of a 400-disc pile trigger at most 20 minor GCs with a 1 MB young generation', () => {
    const r = spawnSync(process.execPath, ['--max-semi-space-size=1', '--import', 'tsx', 'test/fixtures/gc-probe.mts'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!);
    expect(out.status).toBe('ok');
    expect(out.particles).toBe(400);
    expect(out.minor).toBeLessThanOrEqual(20);
  });
});
