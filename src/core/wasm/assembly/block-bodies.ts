/**
 * AssemblyScript source of contacts/parallel-disc-pass.ts's blockBodies in WebAssembly (issue 9), line for
 * line: per body, 1 in inner[b] if its candidate pairs (adj[start[b] … start[b + 1]), as 2p + side, in list
 * order) all lie in one block of `blockPairs` pairs, else 0 and b appended to `gathered`; returns how many were.
 */
export function blockBodies(start: usize, adj: usize, n: i32, blockPairs: i32, inner: usize, gathered: usize): i32 {
  let count = 0;
  for (let b = 0; b < n; b++) {
    const e0 = load<i32>(start + (<usize>b << 2)), e1 = load<i32>(start + (<usize>(b + 1) << 2));
    const one = e1 <= e0 || (load<i32>(adj + (<usize>e0 << 2)) >> 1) / blockPairs == (load<i32>(adj + (<usize>(e1 - 1) << 2)) >> 1) / blockPairs;
    store<u8>(inner + <usize>b, <u8>one);
    if (!one) {
      store<i32>(gathered + (<usize>count << 2), b);
      count++;
    }
  }
  return count;
}
