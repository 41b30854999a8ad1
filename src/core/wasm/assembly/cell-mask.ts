/**
 * AssemblyScript source of neighbors/cell-mask.ts's two loops in WebAssembly (issue 9), expression for
 * expression (the same cells, the same pairs in the same order): the binning of the particles into the
 * one-per-cell lattice, and the half-mask search (paper 003 §2–3; docs/model.md#the-cell-mask).
 */

/** Bins particles [0, n): cellX, cellY and cells[c] = p; returns how many found their cell taken (conflicts). */
export function cellBin(
  x: usize, y: usize, cells: usize, cellX: usize, cellY: usize, n: i32, periodic: i32, ncx: f64, nx: i32, x0: f64, invDx: f64, y0: f64, invD: f64,
): i32 {
  let conflicts = 0;
  for (let p = 0; p < n; p++) {
    const b = <usize>p << 3;
    let cx = Math.floor((load<f64>(x + b) - x0) * invDx);
    if (periodic != 0) { cx %= ncx; if (cx < 0) cx += ncx; }
    const cy = <i32>Math.floor((load<f64>(y + b) - y0) * invD);
    const c = <usize>(cy * nx + <i32>cx) << 2;
    if (load<i32>(cells + c) >= 0) conflicts++;
    else store<i32>(cells + c, p);
    store<i32>(cellX + (<usize>p << 2), <i32>cx);
    store<i32>(cellY + (<usize>p << 2), cy);
  }
  return conflicts;
}

/**
 * The candidate pairs of particles [p0, p1) with the half mask of half-width k (offsets dy > 0, or dy = 0 and
 * dx > 0; by dy, then dx), written as (min, max) from count on (PairBuffer.push); returns the new count,
 * or −1 if they would go past `limit` (the room the caller has). x periodic: the cell column wraps, the distance
 * takes the minimum image with JavaScript's Math.round.
 */
export function cellPairs(
  x: usize, y: usize, radius: usize, cells: usize, cellX: usize, cellY: usize, outI: usize, outJ: usize,
  p0: i32, p1: i32, count: i32, limit: i32, k: i32, nx: i32, ncx: i32, periodic: i32, L: f64, invL: f64, skin: f64,
): i32 {
  for (let p = p0; p < p1; p++) {
    const b = <usize>p << 3;
    const cx = load<i32>(cellX + (<usize>p << 2)), cy = load<i32>(cellY + (<usize>p << 2));
    const xp = load<f64>(x + b), yp = load<f64>(y + b), rp = load<f64>(radius + b) + skin;
    for (let oy = 0; oy <= k; oy++) {
      for (let ox = -k; ox <= k; ox++) {
        if (oy == 0 && ox <= 0) continue;
        let qx = cx + ox;
        if (periodic != 0) { if (qx < 0) qx += ncx; else if (qx >= ncx) qx -= ncx; }
        const q = load<i32>(cells + (<usize>((cy + oy) * nx + qx) << 2));
        if (q < 0) continue;
        const bq = <usize>q << 3;
        let ddx = load<f64>(x + bq) - xp;
        if (periodic != 0) {
          const t = ddx * invL;
          let r = Math.floor(t);
          if (t - r >= 0.5) r += 1;
          ddx -= L * r;
        }
        const ddy = load<f64>(y + bq) - yp, rr = rp + load<f64>(radius + bq);
        if (ddx * ddx + ddy * ddy < rr * rr) {
          if (count >= limit) return -1;
          store<i32>(outI + (<usize>count << 2), p < q ? p : q);
          store<i32>(outJ + (<usize>count << 2), p < q ? q : p);
          count++;
        }
      }
    }
  }
  return count;
}

/** count pairs copied from srcI/srcJ to dstI/dstJ (a pool's search: a chunk's pairs from its room to the list) */
export function copyPairs(dstI: usize, dstJ: usize, srcI: usize, srcJ: usize, count: i32): void {
  memory.copy(dstI, srcI, <usize>count << 2);
  memory.copy(dstJ, srcJ, <usize>count << 2);
}
