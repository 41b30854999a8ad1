/**
 * Periodic boundary in x (docs/model.md#contact-geometry): it only changes the displacement between two
 * bodies (minimum image) and wraps positions after each step. Not a wall. `minimumImageX` is the one
 * place the minimum-image rule is written (the jax-md displacement idea).
 */
export class PeriodicX {
  constructor(
    /** Whether x is periodic */
    public readonly enabled: boolean,
    /** [m] */
    public readonly xmin: number,
    /** Box length [m] */
    public readonly length: number,
  ) {}

  static none(): PeriodicX {
    return new PeriodicX(false, 0, 0);
  }

  /** Minimum-image x displacement: d − L·round(d/L) when x is periodic, else d. */
  minimumImageX(d: number): number {
    if (!this.enabled) return d;
    return d - this.length * Math.round(d / this.length);
  }

  /** Wrapped x coordinate in [xmin, xmin + length). */
  wrap(x: number): number {
    if (!this.enabled) return x;
    const L = this.length;
    let u = x - this.xmin;
    if (u < 0 || u >= L) u -= L * Math.floor(u / L);
    return this.xmin + u;
  }
}
