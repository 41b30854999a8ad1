/**
 * O(N²) neighbour search (docs/model.md#verlet-reuse-and-the-oracle): the oracle for tests and the fastest
 * choice for very small systems. Candidate if |d| < r_i + r_j + skin, minimum image in x.
 */
import type { PairBuffer } from './pair-buffer';
import type { SearchInput } from './search-input';

export function bruteForcePairs(s: SearchInput, out: PairBuffer): void {
  out.count = 0;
  const { n, x, y, radius, skin, periodic } = s;
  for (let a = 0; a < n; a++) {
    const xa = x[a], ya = y[a], ra = radius[a] + skin;
    for (let b = a + 1; b < n; b++) {
      const dx = periodic.minimumImageX(x[b] - xa);
      const dy = y[b] - ya;
      const rr = ra + radius[b];
      if (dx * dx + dy * dy < rr * rr) out.push(a, b);
    }
  }
}
