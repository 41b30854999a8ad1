/**
 * Byte offsets of a kernel glue's columns, slot by slot: the arena is asked (WasmArena.offsetOf, a WeakMap lookup,
 * ≈ 15 ns) only when a slot's column is not the one it held at the last call. A column's offset never changes, so
 * the answer is the arena's. For glue called many times a step over the same columns (a worker pool's pair-loop
 * chunks: 40 columns each, 80 chunks a step at 100k discs). Holds the last columns (at most one per slot).
 */
import type { WasmArena } from './wasm-arena';

export class ArenaOffsets {
  private readonly columns: (ArrayBufferView | null)[];
  private readonly offsets: Int32Array;
  private arena: WasmArena | null = null;

  constructor(slots: number) {
    this.columns = new Array<ArrayBufferView | null>(slots).fill(null);
    this.offsets = new Int32Array(slots);
  }

  /** `column`'s byte offset in `arena`, or −1 if it is not there (WasmArena.offsetOf) */
  of(arena: WasmArena, slot: number, column: ArrayBufferView): number {
    if (arena !== this.arena) {
      this.columns.fill(null);
      this.arena = arena;
    }
    if (this.columns[slot] !== column) {
      this.columns[slot] = column;
      this.offsets[slot] = arena.offsetOf(column);
    }
    return this.offsets[slot];
  }
}
