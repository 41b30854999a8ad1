/**
 * The fused disc pass on a worker pool (contacts/parallel-disc-pass.ts, issue 9) is the serial pass split
 * into chunks, not another model: with 1 and with 2 threads the bodies and the whole contact record are
 * the serial run's bit for bit, step after step, and the energy account's sums (added chunk by chunk)
 * are the same bits for 1 and 2 threads and the serial sums to rounding. The pass runs in WebAssembly on every thread
 * (a thread without it is refused); its per-body pair lists are their JavaScript oracle's (test/core/oracles/), and a
 * pool told to use the JavaScript kernels runs the disc contacts stage by stage, to the same bits. Piles of 3000 discs, so the
 * candidate list spans several chunks (of 4096 pairs) and the threads share the work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodePool, type NodePool } from '../../src/cli/node-pool';
import { parseScenario, type ScenarioInput } from '../../src/core/scenarios/schema';
import { BODY_FORCES, PAIR_FORCES, POLYGON_ROTATIONS, REUSE_TEST } from '../../src/core/columns/kernel-ids';
import { sharedCopy } from '../../src/core/columns/shared-memory';
import { spanEnd, spanOf, spans, spanStart } from '../../src/core/columns/body-columns';
import { World } from '../../src/core/sim/world';
import { PoolContext } from '../../src/core/columns/pool-context';
import type { Columns } from '../../src/core/columns/kernel-pool';
import { WorkerPool } from '../../src/core/parallel/worker-pool';
import { POOL_KERNELS } from '../../src/core/pool-kernels';
import { WasmKernels } from '../../src/core/wasm/kernels';
import { WasmArena } from '../../src/core/wasm/wasm-arena';
import { differences } from './world-differences';
import { NONE } from '../../src/core/diagnostics/collision-monitor';
import { pairAdjacencyOracle } from './oracles/pair-adjacency';
import { TABLE_INTS } from '../../src/core/contacts/parallel-polygon-kernel';
import { ROOM } from '../../src/core/wasm/assembly/polygon-table';

/** The bench's hex lattice (src/cli/bench.ts), 60 × 50 discs, settling from near contact */
function lattice(integrator: string, dtOverTc: number, extra: Partial<ScenarioInput> = {}, nx = 60, ny = 50): ScenarioInput {
  const r = 0.01, spacing = 1.996 * r, width = (nx + 1) * spacing;
  return {
    name: 'pool-lattice',
    material: { kn: 1e6, ktOverKn: 1 / 3, en: 0.3, mu: 0.5, density: 1000 },
    solver: { integrator, tangential: 'cundall', dtOverTc },
    gravity: [0, -9.81],
    walls: [{ type: 'box', xmin: 0, xmax: width, ymin: 0, ymax: 10, openTop: true }],
    generators: [{ type: 'lattice', lattice: 'hex', origin: [r * 1.5, r], nx, ny, spacing, r, radiusJitter: 0.005, seed: 11 }],
    ...extra,
  } as ScenarioInput;
}

const CASES: Record<string, ScenarioInput> = {
  'cdm, box, total cap': lattice('cdm', 0.05),
  'Gear 5, side walls, a floor of two segments with a gap (as the silo)': lattice('gear5', 0.02, {
    walls: [
      { type: 'line', point: [0, 0], normal: [1, 0] }, { type: 'line', point: [61 * 1.996 * 0.01, 0], normal: [-1, 0] },
      { type: 'segment', a: [0, 0], b: [0.5, 0] }, { type: 'segment', a: [0.7, 0], b: [61 * 1.996 * 0.01, 0] },
    ],
  } as Partial<ScenarioInput>),
  'cdm, periodic seam, floor only, elastic cap, tilted gravity': lattice('cdm', 0.05, {
    material: { kn: 1e6, ktOverKn: 1 / 3, en: 0.3, mu: 0.5, density: 1000, capMode: 'elastic' },
    walls: [{ type: 'line', point: [0, 0], normal: [0, 1] }],
    domain: { periodicX: [0, 61 * 1.996 * 0.01] },
    gravity: [3, -9.81],
  } as Partial<ScenarioInput>),
  // 9000 discs, 13 chunks of 2,048 pairs: dealt out in blocks of 4, 5, 2, 1, 1 chunks on one thread and 2, 3, 2, 2, 1, 1, 1, 1 on two
  'cdm, box, 9000 discs: other blocks on one thread than on two': lattice('cdm', 0.05, {}, 100, 90),
};

describe('the disc pass on a worker pool gives the serial run’s bits', () => {
  let one: NodePool, two: NodePool;
  beforeAll(async () => {
    [one, two] = await Promise.all([nodePool(1), nodePool(2)]);
  });
  afterAll(async () => {
    await Promise.all([one.close(), two.close()]);
  });

  for (const [name, input] of Object.entries(CASES)) {
    it(name, () => {
      const spec = parseScenario(input);
      const serial = new World(spec), single = new World(spec, one.pool), dual = new World(spec, two.pool);
      expect(dual.search.pairs.count).toBeGreaterThan(2 * 4096); // three chunks or more
      // the walls' geometry on the pool (a pile's few hundred candidates go to the calling thread alone), and the
      // candidate pairs in chunks of 4,096 (a short list's are of 2,048)
      if (name.includes('segments')) for (const w of [single, dual]) Object.assign(w.pipeline.parallelPass!, { wallShareFrom: 0, largeChunksFrom: 0 });
      let rebuilds = dual.search.pairs.generation, moved = 0;
      const y0 = dual.bodies.y.slice(0, dual.n);
      for (let batch = 0; batch < 6; batch++) {
        for (const w of [serial, single, dual]) w.step(100);
        expect(differences(single, dual)).toEqual([]);
        expect(differences(serial, dual, 1e-9)).toEqual([]);
      }
      rebuilds = dual.search.pairs.generation - rebuilds;
      for (let k = 0; k < dual.n; k++) moved = Math.max(moved, Math.abs(dual.bodies.y[k] - y0[k]));
      expect([single.kernels, dual.kernels]).toEqual(['WebAssembly', 'WebAssembly']); // the worker too (worker-pool.ts)
      expect(dual.health.status).toBe('ok');
      expect(rebuilds).toBeGreaterThan(0); // the history crossed neighbour-list rebuilds (looked up by key)
      expect(moved).toBeGreaterThan(1e-5); // the pile settled: forces did the moving
      expect(dual.contacts.count).toBeGreaterThan(dual.n); // ≈ 1.5–2 contacts per disc
      // the per-body pair lists and the bodies left to the gather (pairs in two blocks) are their JavaScript oracle's
      type Pass = { adjStart: Int32Array; adj: Int32Array; blockOf: Int32Array; gathered: Int32Array; gatheredCount: number; blocks: number; blockFirst: Int32Array; shift: number };
      const pass = (w: World) => w.pipeline.parallelPass as unknown as Pass;
      for (const w of [single, dual]) {
        const q = pass(w), pairs = w.search.pairs, n = w.n;
        expect(q.shift).toBe(name.includes('segments') ? 12 : 11);
        const oracle = pairAdjacencyOracle(pairs.i, pairs.j, pairs.count, n, q.shift, q.blockOf);
        expect(Array.from(q.adjStart.subarray(0, n + 1))).toEqual(oracle.start);
        expect(Array.from(q.adj.subarray(0, 2 * pairs.count))).toEqual(oracle.adj);
        expect(Array.from(q.gathered.subarray(0, q.gatheredCount))).toEqual(oracle.gathered);
        expect(oracle.gathered.length).toBeGreaterThan(0);
      }
      const blocks = (w: World) => Array.from(pass(w).blockFirst.subarray(0, pass(w).blocks + 1));
      if (name.includes('other blocks')) expect([blocks(single), blocks(dual)]).toEqual([[0, 4, 9, 11, 12, 13], [0, 2, 5, 7, 9, 10, 11, 12, 13]]);
    });
  }
});

describe('the cell mask on a worker pool', () => {
  it('finds the serial search’s pairs in its order, chunk by chunk, and searches serially when a chunk overflows its room', async () => {
    const np = await nodePool(2);
    try {
      const spec = parseScenario(lattice('cdm', 0.05, {}, 100, 90)); // 9000 discs: three particle chunks
      const serial = new World(spec), dual = new World(spec, np.pool);
      type Mask = { chunkRoom: number };
      const mask = (w: World) => w.search.mask as unknown as Mask;
      const pairs = (w: World) => [Array.from(w.search.pairs.i.subarray(0, w.search.pairs.count)), Array.from(w.search.pairs.j.subarray(0, w.search.pairs.count))];
      expect(pairs(dual)).toEqual(pairs(serial));
      expect(dual.search.pairs.count).toBeGreaterThan(2 * 9000);
      mask(dual).chunkRoom = 1000; // a chunk of 4096 discs has ≈ 13,000 pairs
      for (let round = 0; round < 5; round++) {
        for (const w of [serial, dual]) { w.search.invalidate(); w.step(1); }
        expect(pairs(dual)).toEqual(pairs(serial));
      }
      expect(mask(dual).chunkRoom).toBe(16_000); // doubled at each overflow, up to room enough
      expect(differences(serial, dual, 1e-9)).toEqual([]);
    } finally {
      await np.close();
    }
  });
});

describe('Gear on a worker pool', () => {
  it('predicts and corrects chunk by chunk, predicting ahead in its corrector too, with the serial run’s bits', async () => {
    const [one, two] = await Promise.all([nodePool(1), nodePool(2)]);
    try {
      const spec = parseScenario(lattice('gear5', 0.02));
      const serial = new World(spec), single = new World(spec, one.pool), dual = new World(spec, two.pool);
      single.useJavaScriptKernels();
      type Gear = { g: Float64Array; fuseFrom: number };
      const gear = (w: World) => (w as unknown as { integrator: Gear }).integrator;
      for (const w of [serial, single, dual]) gear(w).fuseFrom = 0; // 3000 discs: predict ahead as from 80,000 on
      for (const batch of [1, 37, 100]) {
        for (const w of [serial, single, dual]) w.step(batch);
        // the JavaScript run takes the disc contacts stage by stage: its energy sums are the serial ones, to rounding of the pool's
        expect(differences(single, dual, 1e-9)).toEqual([]);
        expect(differences(serial, dual, 1e-9)).toEqual([]);
        expect(differences(serial, single)).toEqual([]);
      }
      expect(Array.from(gear(dual).g.subarray(0, 18 * dual.n))).toEqual(Array.from(gear(serial).g.subarray(0, 18 * serial.n)));
      expect(dual.health.status).toBe('ok');
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe('the collision monitor on a worker pool', () => {
  it('measures the same binary collisions, in the same order, as the serial run', async () => {
    // a dilute gas in a box: many binary collisions, some between bodies of different chunks of 4096
    const spec = parseScenario({
      name: 'pool-gas',
      material: { kn: 1e5, en: 0.9, mu: 0, density: 1000 },
      solver: { integrator: 'cdm', tangential: 'cundall', dtOverTc: 0.05 },
      walls: [{ type: 'box', xmin: 0, xmax: 1, ymin: 0, ymax: 1, openTop: false }],
      generators: [{ type: 'random', count: 5000, region: [0, 0, 1, 1], rMin: 0.004, rMax: 0.004, speedJitter: 1, seed: 9 }],
    } as ScenarioInput);
    const np = await nodePool(2);
    try {
      const serial = new World(spec), dual = new World(spec, np.pool);
      type Monitor = { count: number; last: number; typicalDeviation(en: number): number };
      const monitor = (w: World): Monitor => (w as unknown as { collisions: Monitor }).collisions;
      for (let batch = 0; batch < 10; batch++) {
        serial.step(100); dual.step(100);
        const a = monitor(serial), b = monitor(dual);
        expect([b.count, b.last, b.typicalDeviation(0.9)], `after ${serial.stepCount} steps`).toEqual([a.count, a.last, a.typicalDeviation(0.9)]);
        expect(differences(serial, dual, 1e-9)).toEqual([]);
      }
      expect(monitor(dual).count).toBeGreaterThan(100);
      expect(dual.kernels).toBe('WebAssembly');
      expect(dual.health.status).toBe('ok');
    } finally {
      await np.close();
    }
  });
});

describe('the pool context (columns/pool-context.ts)', () => {
  it('hands the pool its columns again only when one changed, or when the pool bound others since', () => {
    const pool = new WorkerPool([], POOL_KERNELS), binds: Columns[] = [], bind = pool.bind.bind(pool);
    pool.bind = (columns: Columns) => { binds.push(columns); bind(columns); };
    const a = new Float64Array(4), b = new Float64Array(4), ctx = new PoolContext(pool, { a });
    ctx.bind();
    ctx.bind();
    ctx.put('a', a);
    ctx.bind();
    expect(binds.length).toBe(1);
    ctx.put('b', b);
    ctx.bind();
    ctx.put('a', b);
    ctx.bind();
    expect(binds.length).toBe(3);
    expect(binds[2]).toEqual({ a: b, b });
    pool.bind({ other: a });
    ctx.bind();
    expect(binds.length).toBe(5);
    expect(binds[4]).toBe(ctx.columns);
    pool.useWasm(WasmKernels.create(WasmArena.create()!)); // the pool forgets its columns
    ctx.bind();
    expect(binds.length).toBe(6);
  });
});

describe('a command started for the workers alone (WorkerPool.start)', () => {
  it('runs on a worker while the calling thread goes on, refuses another command until finish(), and is done after it', async () => {
    const np = await nodePool(2);
    try {
      const n = 1000, x = sharedCopy(new Float64Array(n)), y = sharedCopy(new Float64Array(n)), moved = sharedCopy(new Uint8Array(1));
      x[n - 1] = 2; // one particle 2 from where it was: beyond the reuse distance 1
      np.pool.bind({ 'reuse.x': x, 'reuse.y': y, 'reuse.refX': sharedCopy(new Float64Array(n)), 'reuse.refY': sharedCopy(new Float64Array(n)), reuseMoved: moved });
      np.pool.args.set([n, 1, 0, 0, 0]); // n, (reuse distance)², not periodic
      np.pool.start(REUSE_TEST, 1);
      expect(() => np.pool.run(REUSE_TEST, 1)).toThrow(/kernel 7 was started and not finished/);
      expect(() => np.pool.bind({ other: x })).toThrow(/started and not finished/);
      np.pool.finish();
      expect(moved[0]).toBe(1);
      np.pool.finish(); // nothing started: returns
      moved[0] = 0;
      np.pool.run(REUSE_TEST, 1);
      expect(moved[0]).toBe(1);
    } finally {
      await np.close();
    }
  });
});

describe('the chunks of the per-body kernels that give nothing per chunk (spanOf)', () => {
  it('tile the bodies, 1,024 a chunk up to 32,767 bodies, then larger while at least 16 chunks remain, at most 4,096', () => {
    const cases = [[1, 1024], [10_000, 1024], [32_767, 1024], [32_768, 2048], [65_535, 2048], [65_536, 4096], [100_000, 4096], [1_000_000, 4096]];
    for (const [n, span] of cases) {
      expect(spanOf(n)).toBe(span);
      let end = 0;
      for (let c = 0; c < spans(n); c++) { expect(spanStart(c, n)).toBe(end); end = spanEnd(c, n); }
      expect(end).toBe(n);
      expect(spans(n) === 1 || spans(n) >= 10).toBe(true);
    }
  });
});

describe('a worker pool whose worker does not come (another process has its core)', () => {
  it('runs each command on the calling thread alone, the deferred kernels chunk by chunk before the next command’s, an ordered stage after each chunk', () => {
    const order: string[] = [];
    const table = [
      (c: Columns, a: Float64Array, chunk: number) => { c.x[chunk] = a[0] + chunk; order.push(`A${chunk}`); },
      (c: Columns, a: Float64Array, chunk: number) => { c.y[chunk] = c.x[chunk] * a[0]; order.push(`B${chunk}`); },
    ];
    const pool = new WorkerPool([{ postMessage: () => {} }], table), x = sharedCopy(new Float64Array(3)), y = sharedCopy(new Float64Array(3));
    pool.bind({ x, y }); // the worker is told to take its columns, and never does
    pool.args[0] = 10;
    pool.defer(0, 3);
    pool.args[0] = 2; // the deferred kernel keeps the arguments it was deferred with
    pool.run(1, 3); // the caller waits for the chunks a worker took, not for the worker
    expect(order).toEqual(['A0', 'B0', 'A1', 'B1', 'A2', 'B2']);
    expect(Array.from(y)).toEqual([20, 22, 24]);
    order.length = 0;
    pool.defer(0, 2);
    pool.run(1, 1); // fewer chunks than the deferred kernel: its others alone
    pool.defer(0, 1);
    pool.flush();
    pool.flush(); // nothing deferred: no command
    expect(order).toEqual(['A0', 'B0', 'A1', 'A0']);
    order.length = 0;
    pool.runOrdered(0, 1, 3); // each chunk's ordered stage as soon as its chunk is done and the one before had its turn
    expect(order).toEqual(['A0', 'B0', 'A1', 'B1', 'A2', 'B2']);
  });
});

describe('a worker pool whose kernel fails', () => {
  it('throws on the calling thread instead of waiting forever, and refuses further work', async () => {
    const np = await nodePool(2);
    try {
      np.pool.bind({}); // no columns and no WebAssembly: the pair pass refuses to run, in whichever thread takes a chunk
      np.pool.args.fill(4 * 4096); // every count four chunks' worth (four blocks)
      // the calling thread's own failure if it took a chunk, else the worker's, by kernel (a spinning worker can take all
      // four failing chunks before the calling thread takes one)
      expect(() => np.pool.run(PAIR_FORCES, 4)).toThrow(/a pool thread has no WebAssembly kernels|a worker thread failed in kernel 0 /);
      expect(() => np.pool.run(PAIR_FORCES, 4)).toThrow(/worker pool: stopped after an earlier failure/);
    } finally {
      await np.close();
    }
  });
});

describe('the collision monitor\'s partner column', () => {
  it('is NONE for every body between steps (the pass writes only the bodies it meets), its partners kept as last step\'s', async () => {
    const np = await nodePool(2);
    try {
      const spec = parseScenario(lattice('cdm', 0.05, {}, 100, 90)); // 9000 discs settling in a box
      const serial = new World(spec), dual = new World(spec, np.pool);
      for (const w of [serial, dual]) {
        for (let batch = 0; batch < 3; batch++) {
          w.step(50);
          const m = w.collisions.columns;
          let notNone = 0, touching = 0;
          for (let k = 0; k < w.n; k++) { if (m.partner[k] !== NONE) notNone++; if (m.prev[k] !== NONE) touching++; }
          expect(notNone).toBe(0);
          expect(touching).toBeGreaterThan(w.n / 2); // a settling pile: most bodies touch something
        }
      }
      expect(differences(serial, dual, 1e-9)).toEqual([]);
      // handed out again with no observed step since (a step that threw): filled before the pass gets it
      (serial.collisions.partnerColumn(serial.n) as Int32Array).fill(7, 0, serial.n);
      const again = serial.collisions.partnerColumn(serial.n) as Int32Array;
      expect(again.subarray(0, serial.n).every((p) => p === NONE)).toBe(true);
    } finally {
      await np.close();
    }
  });
});

describe('polygons on a worker pool', () => {
  // the polygons' rotations and outlines (contacts/polygon-rotations.ts: the bodies' chunks, with the reuse test's command) and the polygon pairs' contacts
  // are found on the pool (contacts/parallel-polygon-pairs.ts: chunks of 256 candidate pairs, their rows merged in order), the walls' and the fused pass's forces (contacts/polygon-force-pass.ts) row after row on
  // the calling thread; the per-body stages
  // (Gear, the forces' sums, the energies) run on it chunk by chunk: two chunks of bodies here
  it('step with the serial run’s bits, the same on one thread and on two (Gear 5, 4200 polygons)', async () => {
    const [one, two] = await Promise.all([nodePool(1), nodePool(2)]);
    try {
      const r = 0.01, spacing = 1.7 * r, nx = 70, ny = 60;
      const spec = parseScenario({
        name: 'pool-polygons',
        material: { kn: 1e6, ktOverKn: 1 / 3, en: 0.3, mu: 0.5, density: 1000 },
        solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.02 },
        gravity: [0, -9.81],
        walls: [{ type: 'box', xmin: 0, xmax: (nx + 1) * spacing, ymin: 0, ymax: 10, openTop: true }],
        // circumradii up to 1.1 r on a lattice of 1.7 r: neighbours overlap from the start
        generators: [{ type: 'lattice', lattice: 'hex', origin: [r * 1.5, r], nx, ny, spacing, r, radiusJitter: 0.1, seed: 11, shape: 'polygon', sides: [4, 8] }],
      });
      const serial = new World(spec), single = new World(spec, one.pool), dual = new World(spec, two.pool);
      for (let batch = 0; batch < 3; batch++) {
        for (const w of [serial, single, dual]) w.step(10);
        expect(differences(single, dual)).toEqual([]);
        expect(differences(serial, dual, 1e-9)).toEqual([]);
      }
      // the worker's table told its scratch holds 3-gons (room for 6 vertices a clip): its chunks stop before a 7- or 8-gon,
      // as before a clip whose stages would not fit, and the merge stops there; the calling thread goes on, to the same bits
      const pairs = dual.pipeline.narrow.polygonPool as unknown as { threadTables(...a: unknown[]): boolean; tables: Int32Array; stops: number };
      const threadTables = pairs.threadTables;
      pairs.threadTables = function (...a: unknown[]) {
        const ok = threadTables.apply(this, a);
        this.tables[TABLE_INTS + ROOM] = 3;
        return ok;
      };
      for (const w of [serial, single, dual]) w.step(10);
      expect(pairs.stops).toBeGreaterThan(0); // (a step whose chunks the worker came too late for has none)
      expect(differences(single, dual)).toEqual([]);
      expect(differences(serial, dual, 1e-9)).toEqual([]);
      expect(dual.pool).not.toBeNull();
      expect(dual.pipeline.narrow.polygonPool?.runs).toBe(41); // every evaluation's pairs on the pool (the start's and 40 steps')
      expect(single.pipeline.narrow.polygonPool?.runs).toBe(0); // one thread: the serial loop
      expect(dual.pipeline.narrow.polygonPool?.rotationRuns).toBe(41); // and the rotations, once an evaluation
      expect(single.pipeline.narrow.polygonPool?.rotationRuns).toBe(0);
      for (const w of [serial, single, dual]) expect(w.pipeline.elasticSummed).toBe(true); // the fused polygon pass, everywhere
      expect(dual.n).toBeGreaterThan(4096); // two chunks of bodies
      expect(dual.contacts.count).toBeGreaterThan(dual.n / 2);
      expect(dual.health.status).toBe('ok');
      // the outlines and the body forces have no command of their own: they go out with the next one (the reuse test's),
      // each chunk after the predictor's chunk of the same bodies
      const pool = two.pool as unknown as { run(k: number, c: number): void; defer(k: number, c: number): void };
      const run = pool.run, defer = pool.defer, sent: number[] = [], deferred: number[] = [];
      pool.run = function (k: number, c: number) { sent.push(k); run.call(this, k, c); };
      pool.defer = function (k: number, c: number) { deferred.push(k); defer.call(this, k, c); };
      dual.step(5);
      pool.run = run; pool.defer = defer;
      expect(sent).toContain(REUSE_TEST);
      expect(sent).not.toContain(POLYGON_ROTATIONS);
      expect(sent).not.toContain(BODY_FORCES);
      expect(deferred.filter((k) => k === POLYGON_ROTATIONS)).toHaveLength(5);
      expect(deferred.filter((k) => k === BODY_FORCES)).toHaveLength(5);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
