/**
 * AssemblyScript source of two counting sorts in WebAssembly (issue 9), loop for loop (the same tables): a
 * worker pool's per-body lists of candidate pairs (contacts/parallel-disc-kernels.ts's pairAdjacencyChunk) and last
 * step's disc contacts by body (state/pair-history-index.ts). Each counts per body into start[b + 1], sums, fills
 * with start[b] as body b's cursor (it ends at body b + 1's start), then shifts the starts back.
 */

@inline function i32At(base: usize, k: i32): i32 {
  return load<i32>(base + (<usize>k << 2));
}

@inline function shiftStarts(start: usize, n: i32): void {
  for (let b = n; b > 0; b--) store<i32>(start + (<usize>b << 2), i32At(start, b - 1));
  store<i32>(start, 0);
}

@inline function prefixSum(start: usize, n: i32): void {
  for (let b = 0; b < n; b++) store<i32>(start + (<usize>(b + 1) << 2), i32At(start, b + 1) + i32At(start, b));
}

/** Per body b, its candidate pairs p (of P) as 2p + (1 if b is j), in list order: adj[start[b] … start[b + 1]) */
export function pairAdjacency(pi: usize, pj: usize, P: i32, n: i32, start: usize, adj: usize): void {
  memory.fill(start, 0, <usize>(n + 1) << 2);
  for (let p = 0; p < P; p++) {
    const a = start + (<usize>(i32At(pi, p) + 1) << 2), b = start + (<usize>(i32At(pj, p) + 1) << 2);
    store<i32>(a, load<i32>(a) + 1);
    store<i32>(b, load<i32>(b) + 1);
  }
  prefixSum(start, n);
  for (let p = 0; p < P; p++) {
    const a = start + (<usize>i32At(pi, p) << 2);
    const ea = load<i32>(a);
    store<i32>(a, ea + 1);
    store<i32>(adj + (<usize>ea << 2), 2 * p);
    const b = start + (<usize>i32At(pj, p) << 2);
    const eb = load<i32>(b);
    store<i32>(b, eb + 1);
    store<i32>(adj + (<usize>eb << 2), 2 * p + 1);
  }
  shiftStarts(start, n);
}

/** Contacts [0, count) with i < n and feature 0, by body i: partner[e] = j, contact[e] = c for e in [start[i], start[i + 1]) */
export function pairHistory(li: usize, lj: usize, lf: usize, count: i32, n: i32, start: usize, partner: usize, contact: usize): void {
  memory.fill(start, 0, <usize>(n + 1) << 2);
  for (let c = 0; c < count; c++) {
    const i = i32At(li, c);
    if (i < n && i32At(lf, c) == 0) {
      const a = start + (<usize>(i + 1) << 2);
      store<i32>(a, load<i32>(a) + 1);
    }
  }
  prefixSum(start, n);
  for (let c = 0; c < count; c++) {
    const i = i32At(li, c);
    if (i < n && i32At(lf, c) == 0) {
      const a = start + (<usize>i << 2);
      const e = load<i32>(a);
      store<i32>(a, e + 1);
      store<i32>(partner + (<usize>e << 2), i32At(lj, c));
      store<i32>(contact + (<usize>e << 2), c);
    }
  }
  shiftStarts(start, n);
}
