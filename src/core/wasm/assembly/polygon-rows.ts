/**
 * AssemblyScript source of the merge of a worker pool's polygon rows (contacts/parallel-polygon-pairs.ts): chunk c of the
 * candidate pairs wrote its rows from k0 + c · POLYGON_CHUNK on, and the calling thread moves them down behind the last
 * chunk's, in chunk order, with the pair slots of the chunk's pairs shifted with them — the serial run's record row for row.
 * The record's columns are the polygon table's (polygon-table.ts), as the colliders wrote them.
 */
import { col } from './memory-access';
import { OCHOICE, OCX, OCY, ODELTA, ODEPTH, OFEAT, OI, OJ, OLAW, OLC, ONX, ONY, OPREV, ORATIO, ORIN, ORIT, ORJN, ORJT, OSLOT } from './polygon-table';

/** Column s's rows [from, end) moved down to row `to`, `size` bytes a row */
@inline function move(t: usize, s: i32, size: usize, from: i32, end: i32, to: i32): void {
  const c = col(t, s);
  memory.copy(c + <usize>to * size, c + <usize>from * size, <usize>(end - from) * size);
}

/** Rows [from, end) moved down to row `to` (< from), and the slots of pairs [p0, p1) that have a row lowered by from − to */
export function polygonMoveRows(t: usize, from: i32, end: i32, to: i32, p0: i32, p1: i32): void {
  move(t, OI, 4, from, end, to); move(t, OJ, 4, from, end, to); move(t, OFEAT, 4, from, end, to); move(t, OPREV, 4, from, end, to);
  move(t, OLAW, 1, from, end, to); move(t, OCHOICE, 1, from, end, to);
  move(t, ONX, 8, from, end, to); move(t, ONY, 8, from, end, to); move(t, ODELTA, 8, from, end, to); move(t, ODEPTH, 8, from, end, to);
  move(t, OLC, 8, from, end, to); move(t, ORATIO, 8, from, end, to); move(t, ORIN, 8, from, end, to); move(t, ORIT, 8, from, end, to);
  move(t, ORJN, 8, from, end, to); move(t, ORJT, 8, from, end, to); move(t, OCX, 8, from, end, to); move(t, OCY, 8, from, end, to);
  const slots = col(t, OSLOT), by = from - to;
  for (let p = p0; p < p1; p++) {
    const a = slots + (<usize>p << 2), s = load<i32>(a);
    if (s >= 0) store<i32>(a, s - by);
  }
}
