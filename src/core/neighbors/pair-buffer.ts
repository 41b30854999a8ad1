/**
 * Flat candidate-pair list (two Int32 columns), grown geometrically when full. Pairs have i < j. With each pair a byte
 * the polygon pair kernel keeps for it, a hint it checks before it trusts it (wasm/assembly/separating-edge.ts).
 */
import { grownCapacity, growI32, growU8 } from '../math/grow';

export class PairBuffer {
  i = new Int32Array(1024);
  j = new Int32Array(1024);
  /** An edge that separated the pair's two outlines when the polygon kernel last clipped it (0: none; any value is safe) */
  separatingEdge = new Uint8Array(1024);
  count = 0;
  /** Counts the rebuilds of the list: contact history indexed by pair is valid while it is unchanged */
  generation = 0;

  /** Room for `capacity` pairs (kept in the columns' memory: math/grow.ts) */
  reserve(capacity: number): void {
    if (capacity <= this.i.length) return;
    const cap = grownCapacity(capacity, this.i.length);
    this.i = growI32(this.i, cap);
    this.j = growI32(this.j, cap);
    this.separatingEdge = growU8(this.separatingEdge, cap);
  }

  push(a: number, b: number): void {
    if (this.count === this.i.length) {
      const cap = grownCapacity(this.count + 1, this.i.length);
      this.i = growI32(this.i, cap);
      this.j = growI32(this.j, cap);
      this.separatingEdge = growU8(this.separatingEdge, cap);
    }
    const k = this.count++;
    if (a < b) { this.i[k] = a; this.j[k] = b; } else { this.i[k] = b; this.j[k] = a; }
  }
}
