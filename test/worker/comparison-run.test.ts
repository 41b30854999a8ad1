/**
 * A lockstep comparison in the worker (src/worker/comparison-run.ts through SimWorker, issue 11), driven
 * in Node as the page drives it: variant 1 is bit-identical to the same scenario run alone, with the hand
 * dragging a disc in both; the other variants are packed into the frame, charted and stopped on their own.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  capsFor, frameOffsets, H_BYTES_NEEDED, H_CONTACT_CAP, H_CONTACTS_TOTAL, H_N_CAP, H_STATIC_SEEN, H_VARIANT_CAP, H_VARIANTS, H_WALL_CAP, HEADER_INTS,
  PARTICLE_FLOATS, readVariantHeader, VARIANT_FLOATS,
} from '../../src/protocol/frame';
import { SimWorker } from '../../src/worker/api-impl';

function frame(api: SimWorker, variants: number): { hdr: Int32Array; f: Float32Array; off: ReturnType<typeof frameOffsets> } {
  const n = api.getStatus().n;
  const caps = capsFor(n, 0, 64, variants);
  const off = frameOffsets(caps);
  const buf = new ArrayBuffer(off.bytes);
  const hdr = new Int32Array(buf, 0, HEADER_INTS);
  hdr[H_N_CAP] = caps.nCap; hdr[H_CONTACT_CAP] = caps.contactCap; hdr[H_WALL_CAP] = caps.wallCap; hdr[H_VARIANT_CAP] = variants;
  hdr[H_STATIC_SEEN] = -1;
  const back = api.fillFrame(buf);
  return { hdr: new Int32Array(back, 0, HEADER_INTS), f: new Float32Array(back, 0, off.bytes / 4), off };
}

/** The run's whole state as the scenario file it exports (positions, velocities, spins, parameters: float64 text) */
const stateOf = (api: SimWorker): string => JSON.stringify(api.exportSpec());

/** 3000 steps of the pile (0.05 s, the discs falling) then 6000 more with the hand holding disc 7, then let go. */
function drive(api: SimWorker): void {
  api.stepN(3000);
  api.moveBody(7, 0.2, 0.75, 0, 0);
  api.stepN(3000);
  api.moveBody(7, 0.22, 0.74, 0.5, -0.2);
  api.releaseBody(7);
  api.stepN(3000);
}

describe('lockstep comparison in the worker', () => {
  it('variant 1 is bit-identical to the scenario run alone, the hand acting on both', () => {
    const alone = new SimWorker();
    expect(alone.loadScenario('pile', { tangential: 'geometric' }).ok).toBe(true);
    drive(alone);

    const both = new SimWorker();
    expect(both.loadScenario('pile', {}).ok).toBe(true);
    both.stepN(500); // a comparison starts the scene again from its start state
    const r = both.setComparison([{ tangential: 'geometric' }, { tangential: 'cundall' }]);
    expect(r.ok).toBe(true);
    expect(both.getStatus().step).toBe(0);
    drive(both);

    const s1 = alone.getStatus(), s2 = both.getStatus();
    expect(s2.step).toBe(s1.step);
    expect(stateOf(both)).toBe(stateOf(alone));
    // the recorded Ek of variant 1 is the single run's, row by row
    const a = alone.takeSeries(-1, 0), b = both.takeSeries(-1, 0);
    expect(Array.from(b.cols.ek)).toEqual(Array.from(a.cols.ek));
    expect(a.cols.ek2.every(Number.isNaN)).toBe(true);

    // variant 2 met variant 1 at every row, went its own way, and the hand moved disc 7 in it too
    const c = s2.comparison!;
    expect(c.variants.map((v) => v.status)).toEqual(['ok', 'ok']);
    expect(c.variants[1].step).toBe(c.variants[0].step);
    const div = Array.from(b.cols.divergence2);
    expect(div.every(Number.isFinite)).toBe(true);
    expect(div[div.length - 1]).toBeGreaterThan(0);
    expect(b.cols.ek2.every(Number.isFinite)).toBe(true);

    const { hdr, f, off } = frame(both, 1);
    expect(readVariantHeader(hdr[H_VARIANTS])).toEqual({ total: 1, drawable: 1 });
    // disc 7 was let go at (0.22, 0.74), above the falling discs, moving (0.5, −0.2) m/s 3000 steps (0.05 s) ago: in both variants it
    // is near where that throw carries it (it flies free, ≲ 1 cm from the ballistic point), not in the pile
    const dt = s2.dt, T = 3000 * dt;
    const bx = 0.22 + 0.5 * T, by = 0.74 - 0.2 * T - 0.5 * 9.81 * T * T;
    const x1 = f[off.particles + 7 * PARTICLE_FLOATS], y1 = f[off.particles + 7 * PARTICLE_FLOATS + 1];
    const x2 = f[off.variants + 7 * VARIANT_FLOATS], y2 = f[off.variants + 7 * VARIANT_FLOATS + 1];
    expect(Math.hypot(x1 - bx, y1 - by)).toBeLessThan(0.01);
    expect(Math.hypot(x2 - bx, y2 - by)).toBeLessThan(0.01);
  });

  it('a variant that diverges stops with its message; the others go on; off leaves variant 1 alone', () => {
    const api = new SimWorker();
    api.loadScenario('pile', {});
    expect(api.setComparison([{}, { dtOverTc: 3 }, { mu: 0.1 }]).ok).toBe(true);
    api.stepN(6000);
    const c = api.getStatus().comparison!;
    expect(c.variants.map((v) => v.status)).toEqual(['ok', 'diverged', 'ok']);
    expect(c.variants[1].message).toMatch(/\S/);
    expect(c.variants[2].step).toBe(6000);
    const { hdr } = frame(api, 2);
    // the stopped variant takes no more steps and its positions are finite: it is sent where it stopped, drawable
    // (the page draws it frozen and grey), beside the variant that goes on
    expect(readVariantHeader(hdr[H_VARIANTS])).toEqual({ total: 2, drawable: 0b11 });
    // a buffer without room for the variants: none is drawable, and the frame asks for the bytes it needs
    const small = frame(api, 0).hdr;
    expect(readVariantHeader(small[H_VARIANTS])).toEqual({ total: 2, drawable: 0 });
    expect(small[H_BYTES_NEEDED]).toBe(frameOffsets(capsFor(400, small[H_CONTACTS_TOTAL], 0, 2)).bytes); // the box's 3 walls fit the 32 wall slots
    const rows = api.takeSeries(-1, 0);
    expect(Number.isNaN(rows.cols.ek2[rows.cols.ek2.length - 1])).toBe(true);
    expect(rows.cols.ek3[rows.cols.ek3.length - 1]).toBeGreaterThan(0);

    const before = stateOf(api);
    expect(api.setComparison(null)).toEqual({ ok: true, value: null });
    expect(stateOf(api)).toBe(before);
    expect(api.getStatus().comparison).toBeNull();
    expect(api.getStatus().step).toBe(6000);
  });

  it('stepping a comparison allocates nothing per step (8000 steps: at most 16 minor GCs with a 1 MB young generation)', () => {
    // as test/core/no-allocation.test.ts (V8 single-threaded, so load cannot change the count), with variant 1 stepped
    // one step at a time and the other brought to it after each: two worlds, each allowed its ≈ 1 kB a step (measured 7)
    const r = spawnSync(process.execPath, ['--max-semi-space-size=1', '--single-threaded', '--import', 'tsx', 'test/fixtures/gc-probe-compare.mts', '8000', '12000'],
      { cwd: join(import.meta.dirname, '../..'), encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as { minor: number; statuses: string[]; behind: number };
    expect(out.statuses).toEqual(['ok', 'ok']);
    expect(out.behind).toBe(0);
    expect(out.minor).toBeLessThanOrEqual(16);
  }); // 20 warm-up and counted steps of two 400-disc piles, ≈ 10 s idle, in a child process

  it('refuses bad variants with the variant and the field named', () => {
    const api = new SimWorker();
    api.loadScenario('two-disc', {});
    const p = (v: unknown) => { const r = api.setComparison(v as Record<string, unknown>[]); return r.ok ? [] : r.problems; };
    expect(p([{}])).toEqual(['variants: a comparison has 2 to 4 variants, got 1']);
    expect(p([{}, { mu: 5000 }])[0]).toMatch(/^variant 2\.mu: must be a number from 0 to 1000, got 5000/);
    expect(p([{}, { integrator: 'cdm', tangential: 'geometric-paper' }])[0]).toMatch(/^variant 2\.tangential: 'geometric-paper' needs a Gear integrator/);
    expect(p([{}, 'mu=1'])).toEqual(['variant 2: must be an object of parameter overrides']);
    api.loadScenario('cd-piston', {});
    expect(p([{}, {}])[0]).toMatch(/run\.schedule/);
    expect(api.getStatus().comparison).toBeNull();
  });

  it('starting a comparison restarts the scene but keeps the playback speed and recording cadence the user chose', () => {
    const api = new SimWorker();
    api.loadScenario('two-disc', {});
    expect(api.setSpeed(0.05).ok).toBe(true);
    expect(api.setRecordEvery(1e-3).ok).toBe(true);
    api.stepN(100);
    expect(api.setComparison([{ tangential: 'cundall' }, { tangential: 'geometric' }]).ok).toBe(true);
    const st = api.getStatus();
    expect(st.t).toBe(0);
    expect(st.speed).toBe(0.05);
    expect(st.recordEvery).toBe(1e-3);
  });
});
