/**
 * Reproducible pseudo-random numbers (mulberry32): the same seed gives the same sequence in Node,
 * a worker and tests. Core code never calls Math.random.
 * The state and the last output live in a Uint32Array: a number field holding a value ≥ 2³¹ would make
 * V8 allocate a heap number on every draw, and `below` is called per contact per sweep.
 */
export class Rng {
  /** [0] the state, [1] the last output */
  private readonly st = new Uint32Array(2);

  constructor(seed: number) {
    this.st[0] = seed >>> 0;
  }

  /** The generator's state (a uint32): a WebAssembly kernel that draws on (wasm/assembly/cd-sweeps.ts) takes it and gives it back */
  get state(): number {
    return this.st[0];
  }

  set state(s: number) {
    this.st[0] = s >>> 0;
  }

  /** One mulberry32 step; the output goes to st[1]. */
  private step(): void {
    const s = (this.st[0] + 0x6d2b79f5) >>> 0;
    this.st[0] = s;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    this.st[1] = t ^ (t >>> 14);
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.step();
    return this.st[1] / 4294967296;
  }

  /** Uniform integer in [0, n). */
  below(n: number): number {
    this.step();
    return Math.floor((this.st[1] / 4294967296) * n) | 0;
  }

  uniform(a: number, b: number): number {
    return a + (b - a) * this.next();
  }

  /** Standard normal (Box–Muller, one value per call; two uniform draws). */
  normal(): number {
    const u = 1 - this.next(); // (0, 1]
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
}
