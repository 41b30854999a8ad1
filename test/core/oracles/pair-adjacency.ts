/**
 * The JavaScript oracle of the worker pool's per-body pair lists (src/core/wasm/assembly/counting-sorts.ts's
 * pairAdjacency and block-bodies.ts, run by src/core/contacts/parallel-disc-kernels.ts's pairAdjacencyChunk): a
 * counting sort of the candidate pairs by body, then which bodies have pairs in more than one block.
 * test/core/worker-pool.test.ts checks the pool's lists against it.
 */

/**
 * Per body b, its candidate pairs in list order as 2p + (1 if b is j), adj[start[b] … start[b + 1]); then the bodies whose
 * pairs lie in more than one block (pair p is in block blockOf[p >> chunkShift]), ascending
 */
export function pairAdjacencyOracle(pi: Int32Array, pj: Int32Array, P: number, n: number, chunkShift: number, blockOf: Int32Array): { start: number[]; adj: number[]; gathered: number[] } {
  const start = new Array<number>(n + 1).fill(0), adj = new Array<number>(2 * P).fill(0), gathered: number[] = [];
  for (let p = 0; p < P; p++) { start[pi[p] + 1]++; start[pj[p] + 1]++; }
  for (let b = 0; b < n; b++) start[b + 1] += start[b];
  const cursor = start.slice();
  for (let p = 0; p < P; p++) {
    adj[cursor[pi[p]]++] = 2 * p;
    adj[cursor[pj[p]]++] = 2 * p + 1;
  }
  for (let b = 0; b < n; b++) {
    const e0 = start[b], e1 = start[b + 1];
    if (e1 > e0 && blockOf[adj[e0] >> (1 + chunkShift)] !== blockOf[adj[e1 - 1] >> (1 + chunkShift)]) gathered.push(b);
  }
  return { start, adj, gathered };
}
