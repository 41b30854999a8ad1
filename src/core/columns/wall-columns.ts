/** The walls' columns on a worker pool: bound as wall.<field>, seen by a worker's kernels through one WallSet. */
import { WallSet } from '../boundaries/walls';
import type { PoolContext } from './pool-context';
import type { Columns } from './kernel-pool';

/** What the kernels read of a wall: its kind, ends, normal and displacement */
const FIELDS = ['kind', 'ax', 'ay', 'bx', 'by', 'nx', 'ny', 'ox', 'oy'] as const;
const KEYS = FIELDS.map((f) => `wall.${f}`);

export function bindWalls(pool: PoolContext, walls: WallSet): void {
  for (let k = 0; k < FIELDS.length; k++) pool.put(KEYS[k], walls[FIELDS[k]]);
}

const view = new WallSet();

/** A WallSet over the bound columns of `count` walls (one per thread, re-pointed at each call). */
export function wallsOf(columns: Columns, count: number): WallSet {
  const v = view as unknown as Record<string, unknown>;
  for (let k = 0; k < FIELDS.length; k++) v[FIELDS[k]] = columns[KEYS[k]];
  view.count = count;
  return view;
}
