/**
 * The WebAssembly kernels (wasm/kernels.ts: the disc pair loop and wall contacts, Gear's and GSSSS's per-body updates, forces,
 * energies, the reuse test, the collision monitor) are an optimisation: the disc pass's kernels give their JavaScript
 * oracles' bits (test/core/oracles/: the pair and wall loops as they were written in JavaScript), and a run with the
 * kernels gives a JavaScript run's bits (useJavaScriptKernels: the disc contacts stage by stage, the other kernels'
 * JavaScript twins) — bodies, record, energy account, the collision monitor's state and the restitutions it measures —
 * with walls, across a periodic seam, in both cap modes, clamped, for Gear and central difference, while the contact
 * lists grow in their arena; a kernel whose column lives elsewhere does nothing and says so.
 */
import { describe, expect, it, vi } from 'vitest';
import { DiscPassView } from '../../src/core/contacts/disc-pass-view';
import { LASTING_CONTACTS } from '../../src/core/diagnostics/collision-monitor';
import { growF64 } from '../../src/core/math/grow';
import { discPairsWasm } from '../../src/core/contacts/disc-pair-wasm';
import { discForcePass, PASS_SUMS } from '../../src/core/contacts/disc-force-pass';
import { NONE } from '../../src/core/diagnostics/collision-monitor';
import { discForcePassOracle } from './oracles/disc-pass';
import { WasmKernels } from '../../src/core/wasm/kernels';
import { WasmArena } from '../../src/core/wasm/wasm-arena';
import { worldOf } from '../helpers';
import { differences } from './world-differences';
import { Snapshot } from '../../src/core/sim/snapshot';
import { World } from '../../src/core/sim/world';
import { benchPileSpec } from '../../src/cli/bench';

const DENSE = ['generators.0.count=160', 'generators.0.region=[0.005,0.008,0.395,0.2]', 'dtOverTc=0.05', 'tangential=cundall'];
const FLOOR_ONLY = 'walls=[{"type":"line","point":[0,0],"normal":[0,1]}]';


/** The record's columns the disc pass writes (a pair's lean ones, a wall contact's whole) */
const PASS_COLUMNS = ['i', 'j', 'feature', 'law', 'fn', 'ft', 'xi', 'xiEval', 'prevIndex', 'nx', 'ny', 'delta', 'un', 'ut', 'mr', 'isNew', 'gn', 'gt', 'fe'] as const;

describe('the disc pass’s kernels give their JavaScript oracles’ bits (test/core/oracles/)', () => {
  it('pairs and walls, history by pair slot and by key, both cap modes, clamped, a periodic seam, each chunk listed first', () => {
    const cases = [['integrator=cdm'], ['integrator=cdm', 'capMode=elastic', 'clampNormal=true', 'tangentialDamping=restitution'], [FLOOR_ONLY, 'domain.periodicX=[0,0.4]', 'gravityX=4']];
    let pairContacts = 0, wallContacts = 0;
    for (const sets of cases) {
      const w = worldOf('pile', ...DENSE, ...sets);
      w.step(3000);
      const p = w.pipeline, np = p.narrow, b = w.bodies, n = w.n, kernels = w.wasm!;
      // the pass's inputs held still; each of the two runs from the same forces and partners
      const forces = [b.fx, b.fy, b.tau].map((c) => c.slice(0, n));
      const run = (pass: typeof discForcePassOracle): unknown[] => {
        [b.fx, b.fy, b.tau].forEach((c, q) => c.set(forces[q]));
        const partner = w.collisions.partnerColumn(n)!;
        partner.fill(NONE, 0, n);
        const sums = new Float64Array(PASS_SUMS);
        pass(np, w.search.pairs, p.previous, p.record, p.material, w.dt, sums, partner, true);
        const c = p.record;
        return [
          ...PASS_COLUMNS.map((f) => Array.from(c[f].subarray(0, c.count))), Array.from(c.contactOfPair.subarray(0, w.search.pairs.count)),
          ...[b.fx, b.fy, b.tau, partner].map((col) => Array.from(col.subarray(0, n))), Array.from(w.walls.fx.subarray(0, w.walls.count)),
          Array.from(w.walls.fy.subarray(0, w.walls.count)), Array.from(sums), c.count, c.pairContacts,
        ];
      };
      for (const round of ['by slot', 'by key', 'listed']) {
        if (round === 'by key') p.previous.pairStamp = -1; // as after a rebuild of the pair list
        if (round === 'listed') kernels.filterFrom = 0;
        const [pairRuns, wallRuns] = [kernels.pairRuns, kernels.wallRuns];
        const kernel = run((...a) => { expect(discForcePass(...a)).toBe(true); });
        expect([kernels.pairRuns - pairRuns, kernels.wallRuns - wallRuns]).toEqual([1, w.walls.count]);
        expect(run(discForcePassOracle), `${sets.join(' ')}, ${round}`).toEqual(kernel);
      }
      pairContacts += p.record.pairContacts;
      wallContacts += p.record.count - p.record.pairContacts;
    }
    expect(pairContacts).toBeGreaterThan(100); // ≈ 55 a pile, 30 with the walls in all
    expect(wallContacts).toBeGreaterThan(20);
  });
});

describe('a run with the WebAssembly kernels gives a JavaScript run’s bits', () => {
  const cases: Record<string, string[]> = {
    'cdm, walls, total cap, collision monitor on': ['integrator=cdm'],
    'Gear 5, walls': [],
    'cdm, elastic cap, clamped normal force': ['integrator=cdm', 'capMode=elastic', 'clampNormal=true'],
    'cdm, periodic seam, floor only': ['integrator=cdm', FLOOR_ONLY, 'domain.periodicX=[0,0.4]', 'gravityX=4'],
    'cdm, tangential damping from εt (not the ratio)': ['integrator=cdm', 'tangentialDamping=restitution'],
  };
  for (const [name, sets] of Object.entries(cases)) {
    it(name, () => {
      const wasm = worldOf('pile', ...DENSE, ...sets);
      const js = worldOf('pile', ...DENSE, ...sets);
      expect(wasm.kernels).toBe('WebAssembly');
      js.useJavaScriptKernels();
      expect(js.kernels).toBe('JavaScript');
      for (let batch = 0; batch < 8; batch++) {
        wasm.step(500);
        js.step(500);
        expect(differences(wasm, js)).toEqual([]);
      }
      // the pile formed (contacts grew from none: the lists grew in the arena) and the kernel ran every step,
      // those that rebuilt the pair list (history by key) and those that kept it (by pair slot)
      expect(wasm.contacts.count).toBeGreaterThan(50);
      const before = wasm.wasm!.pairRuns, walls = wasm.wasm!.wallRuns, builds = wasm.search.builds;
      wasm.step(500);
      expect(wasm.wasm!.pairRuns - before).toBe(500);
      expect(wasm.wasm!.wallRuns - walls).toBe(500 * wasm.walls.count); // every wall's contacts too (disc-walls.ts)
      expect(wasm.search.builds - builds).toBeGreaterThan(20);
      expect(wasm.health.status).toBe('ok');
    });
  }

  it('lists each chunk\'s touching pairs first (as scenes of 65,536 candidate pairs and more do): the same bits', () => {
    for (const integrator of ['cdm', 'gear5']) {
      const spec = benchPileSpec(3000, 'cundall', integrator);
      const wasm = new World(spec), js = new World(spec);
      wasm.wasm!.filterFrom = 0;
      js.useJavaScriptKernels();
      expect(wasm.search.pairs.count).toBeGreaterThan(8 * 1024); // nine chunks or more of the list (FILTER_CHUNK)
      let runs = wasm.wasm!.pairRuns;
      for (let batch = 0; batch < 4; batch++) {
        wasm.step(100);
        js.step(100);
        expect(differences(wasm, js), `${integrator}, step ${wasm.stepCount}`).toEqual([]);
      }
      runs = wasm.wasm!.pairRuns - runs;
      expect(runs).toBe(400); // every step's pair loop in WebAssembly (chunk by chunk inside the kernel)
      expect(wasm.contacts.count).toBeGreaterThan(wasm.n);
    }
  });

  it('runs on a plain memory where SharedArrayBuffer is missing (a page without cross-origin isolation), and stage by stage once a list outgrows it: the same bits', () => {
    vi.stubGlobal('SharedArrayBuffer', undefined);
    let plain: World, js: World;
    try {
      plain = worldOf('pile', ...DENSE, 'integrator=cdm');
      js = worldOf('pile', ...DENSE, 'integrator=cdm');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(plain.wasm!.arena.shared).toBe(false);
    expect(plain.kernels).toBe('WebAssembly');
    js.useJavaScriptKernels();
    const runs = plain.wasm!.pairRuns, walls = plain.wasm!.wallRuns;
    for (let batch = 0; batch < 8; batch++) {
      plain.step(500);
      js.step(500);
      expect(differences(plain, js)).toEqual([]);
    }
    expect(plain.contacts.count).toBeGreaterThan(50); // the lists grew inside the plain memory, which never grows
    expect([plain.wasm!.pairRuns - runs, plain.wasm!.wallRuns - walls]).toEqual([4000, 4000 * plain.walls.count]);
    // a list that outgrows the plain memory leaves it: the evaluations writing it go stage by stage, to the same bits
    plain.pipeline.previous.reserve(200_000);
    const kept = plain.wasm!.pairRuns;
    for (let batch = 0; batch < 2; batch++) {
      plain.step(500);
      js.step(500);
      expect(differences(plain, js)).toEqual([]);
    }
    expect(plain.wasm!.pairRuns - kept).toBe(0); // each evaluation writes one list and reads the other
  });

  it('Gear 5: the same bits through a drag, a Δt change, a periodic seam and a rewind', () => {
    const sets = ['integrator=gear5', FLOOR_ONLY, 'domain.periodicX=[0,0.4]', 'gravityX=4'];
    const wasm = worldOf('pile', ...DENSE, ...sets), js = worldOf('pile', ...DENSE, ...sets);
    js.useJavaScriptKernels();
    const both = (f: (w: typeof wasm) => void) => { f(wasm); f(js); expect(differences(wasm, js)).toEqual([]); };
    both((w) => w.step(3000));
    const snapshot = new Snapshot();
    snapshot.capture(wasm);
    const snapshotJs = new Snapshot();
    snapshotJs.capture(js);
    const held = wasm.contacts.j[0];
    both((w) => w.moveBody(held, w.bodies.x[held] + 1e-4, w.bodies.y[held], 0, 0));
    both((w) => w.step(200));
    both((w) => w.releaseBody(held));
    both((w) => w.step(200));
    both((w) => w.setParams({ dtOverTc: 0.03 }));
    both((w) => w.step(500));
    wasm.restoreSnapshot(snapshot);
    js.restoreSnapshot(snapshotJs);
    expect(differences(wasm, js)).toEqual([]);
    both((w) => w.step(500));
    expect(wasm.contacts.count).toBeGreaterThan(50);
    expect(wasm.health.status).toBe('ok');
  });

  it('Gear 5: derivatives that fall below the smallest normal double are set to zero every 64 steps, in both loops (the same bits)', () => {
    // a settled lattice's undriven derivatives decay through the subnormal range, where arithmetic is ~100× slower
    const wasm = worldOf('pile', ...DENSE, 'integrator=gear5'), js = worldOf('pile', ...DENSE, 'integrator=gear5');
    js.useJavaScriptKernels();
    const g = (w: World) => (w as unknown as { integrator: { g: Float64Array } }).integrator.g;
    const subnormals = (w: World) => g(w).subarray(0, 18 * w.n).filter((v) => v !== 0 && Math.abs(v) < 2.2250738585072014e-308).length;
    for (const w of [wasm, js]) {
      w.step(300);
      for (let k = 0; k < w.n; k++) for (const s of [3, 4, 5, 9, 10, 11, 15, 16, 17]) g(w)[18 * k + s] = (k % 2 === 0 ? 1 : -1) * 1e-310 * (1 + s);
      w.step(1); // step 300: not a flush
      expect(subnormals(w)).toBeGreaterThan(w.n);
      while (w.stepCount % 64 !== 1) w.step(1); // the last of them, step 320, flushes
      expect(subnormals(w)).toBe(0);
    }
    expect(differences(wasm, js)).toEqual([]);
    expect(Array.from(g(wasm).subarray(0, 18 * wasm.n))).toEqual(Array.from(g(js).subarray(0, 18 * js.n)));
  });

  it('measures the same binary collisions (the collision monitor\'s passes) in an elastic gas', () => {
    const sets = ['integrator=cdm', 'tangential=cundall'];
    const wasm = worldOf('elastic-gas', ...sets), js = worldOf('elastic-gas', ...sets);
    js.useJavaScriptKernels();
    // the limit on a collision's length as the world would set it (LASTING_CONTACTS t_c)
    for (const w of [wasm, js]) w.collisions.maxContactSteps = (LASTING_CONTACTS * w.timeScales().tc) / w.dt;
    for (let batch = 0; batch < 4; batch++) {
      wasm.step(1000);
      js.step(1000);
      expect(differences(wasm, js)).toEqual([]);
    }
    expect(wasm.collisions.count).toBeGreaterThan(20);
    expect(wasm.kernels).toBe('WebAssembly');
  });

  it('does nothing and says so (returns −1) when a column is not in its arena: the disc pass then goes stage by stage', () => {
    const kernels = WasmKernels.create(WasmArena.create()!)!;
    const v = new DiscPassView();
    v.ex = new Float64Array(4); // outside the arena
    const sums = new Float64Array(6);
    expect(discPairsWasm(kernels, v, worldOf('pile').material(), 1e-5, 0, 0, 0, sums, 0)).toBe(-1);
    expect(kernels.pairRuns).toBe(0);
  });
});

describe('the WebAssembly arena', () => {
  it('does not fill up as a lecture switches integrators back and forth: every Gear integrator reuses one array', () => {
    const w = worldOf('pile', ...DENSE, 'integrator=gear5');
    w.step(200);
    const memory = w.wasm!.arena.memory, sizes: number[] = [];
    for (let round = 0; round < 30; round++) {
      w.setParams({ integrator: round % 2 === 0 ? 'cdm' : 'gear5' });
      w.step(20);
      sizes.push(memory.buffer.byteLength);
    }
    expect(sizes[29]).toBe(sizes[1]); // without the reuse each switch to Gear took 160 × 144 bytes more
    expect(w.kernels).toBe('WebAssembly');
    expect(w.health.status).toBe('ok');
  });

  it('keeps every column valid while the memory grows, and a grown column stays in the arena with its contents', () => {
    const arena = WasmArena.create()!;
    const a = arena.f64(1000)!;
    for (let k = 0; k < 1000; k++) a[k] = k + 0.5;
    const before = arena.memory.buffer.byteLength;
    const big = arena.i32(4_000_000)!; // 16 MB: the memory grows
    expect(arena.memory.buffer.byteLength).toBeGreaterThan(before);
    big[3_999_999] = 7;
    expect(a[999]).toBe(999.5); // the old column still reads its bytes
    expect(arena.offsetOf(a)).toBeGreaterThanOrEqual(0);
    expect(arena.offsetOf(new Float64Array(4))).toBe(-1);
    const grown = growF64(a, 5000);
    expect(arena.offsetOf(grown)).toBeGreaterThan(arena.offsetOf(big)); // taken from the arena, after the big one
    expect(Array.from(grown.subarray(0, 3))).toEqual([0.5, 1.5, 2.5]);
    expect(grown[4999]).toBe(0);
  });
});
