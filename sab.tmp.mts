import { benchPile } from './src/cli/bench';
import { shareColumns } from './src/core/parallel/shared-memory';
const n = Number(process.env.N ?? 10000);
function run(shared: boolean) {
  const w = benchPile(n) as any;
  if (shared) for (const owner of [w.bodies, w.walls, w.contacts, w.previous, w.narrow.index, w.narrow.wallCandidates, w.search, w.search.pairs, w.collisions.columns]) shareColumns(owner);
  w.setParams({ integrator: 'cdm' }); w.step(n > 20000 ? 600 : 3000);
  const steps = Math.round(1e7 / n), r: number[] = [];
  for (let k = 0; k < 5; k++) { const t0 = performance.now(); w.step(steps); r.push(n * steps / ((performance.now() - t0) / 1000) / 1e6); }
  r.sort((a, b) => a - b);
  console.log(shared ? 'SAB   ' : 'plain ', r.map((x) => x.toFixed(2)).join(' '), 'median', r[2].toFixed(2));
}
run(process.env.MODE === 'sab');
