/**
 * AssemblyScript source of contacts/parallel-disc-kernels.ts's blockBodies in WebAssembly (issue 9), line for
 * line: per body, 1 in inner[b] if its candidate pairs (adj[start[b] … start[b + 1]), as 2p + side, in list
 * order) all lie in one block (pair p is in block blockOf[p >> chunkShift]), else 0 and b appended to `gathered`;
 * returns how many were.
 */
export function blockBodies(start: usize, adj: usize, n: i32, chunkShift: i32, blockOf: usize, inner: usize, gathered: usize): i32 {
  let count = 0;
  for (let b = 0; b < n; b++) {
    const e0 = load<i32>(start + (<usize>b << 2)), e1 = load<i32>(start + (<usize>(b + 1) << 2));
    const one = e1 <= e0 || blockOfPair(blockOf, load<i32>(adj + (<usize>e0 << 2)) >> 1, chunkShift) == blockOfPair(blockOf, load<i32>(adj + (<usize>(e1 - 1) << 2)) >> 1, chunkShift);
    store<u8>(inner + <usize>b, <u8>one);
    if (!one) {
      store<i32>(gathered + (<usize>count << 2), b);
      count++;
    }
  }
  return count;
}

@inline function blockOfPair(blockOf: usize, p: i32, chunkShift: i32): i32 {
  return load<i32>(blockOf + (<usize>(p >> chunkShift) << 2));
}
