/**
 * One request at a time, the latest wins: a drag asks for many snapshots while the worker restores one;
 * the asks made meanwhile collapse into the last of them, which runs when the one in flight is done.
 * After the last request, `settle` runs (refresh the strip, redraw); an ask that comes while it runs is
 * served afterwards too, so the state the run ends in is always the latest asked for, however slow
 * the worker or the page.
 */
export class LatestWins<T> {
  private pending: { value: T } | null = null;
  private running = false;

  constructor(
    private readonly apply: (value: T) => Promise<void>,
    private readonly settle: () => Promise<void>,
  ) {}

  /** True while a request or the settle step after it is in flight */
  get busy(): boolean {
    return this.running;
  }

  /** Asks for `value`; resolves when this ask has been served or superseded. */
  async ask(value: T): Promise<void> {
    this.pending = { value };
    if (this.running) return;
    this.running = true;
    try {
      while (this.pending) {
        while (this.pending) {
          const { value: next } = this.pending;
          this.pending = null;
          await this.apply(next);
        }
        await this.settle();
      }
    } finally {
      this.running = false;
    }
  }
}
