/**
 * A worker pool and the one record of columns every stage binds into (so that stages never rebind each
 * other's). A stage puts its columns, then binds: the record goes to the pool (KernelPool.bind, which
 * compares every key: ≈ 5 µs for the hundred-odd keys of a disc scene) only when a put changed a column.
 */
import type { Column, Columns, KernelPool } from './kernel-pool';

export class PoolContext {
  private readonly record: Columns;
  private changed = true;

  constructor(readonly pool: KernelPool, columns: Columns) {
    this.record = { ...columns };
  }

  /** The record, to read (write with put) */
  get columns(): Readonly<Columns> {
    return this.record;
  }

  /** Puts `column` under `key` */
  put(key: string, column: Column): void {
    if (this.record[key] === column) return;
    this.record[key] = column;
    this.changed = true;
  }

  /** Makes the record the pool's kernels' columns, if a put changed it or the pool has bound another since */
  bind(): void {
    if (!this.changed && this.pool.isBound(this.record)) return;
    this.pool.bind(this.record);
    this.changed = false;
  }
}
