/**
 * Time-sliced run loop (docs/architecture.md#worker-and-page): step for about SLICE_MS, then yield through a
 * MessageChannel ping so that Comlink control calls queued meanwhile are served. A tight loop
 * would freeze the controls; setTimeout(0) would waste ~4 ms per slice to clamping.
 */
export const SLICE_MS = 8;

export class SliceScheduler {
  private readonly channel = new MessageChannel();
  private pending = false;

  constructor(private readonly slice: () => boolean) {
    this.channel.port1.onmessage = () => {
      this.pending = false;
      if (this.slice()) this.schedule();
    };
  }

  /** Asks for one more slice soon (no-op when one is already queued). */
  schedule(): void {
    if (this.pending) return;
    this.pending = true;
    this.channel.port2.postMessage(0);
  }
}

/** Wall-clock rate over a sliding window of about one second. */
export class RateMeter {
  private t0 = performance.now();
  private count = 0;
  private busyMs = 0;
  rate = 0;
  busy = 0;

  add(k: number, ms: number, now = performance.now()): void {
    this.count += k;
    this.busyMs += ms;
    const el = now - this.t0;
    if (el >= 1000) {
      this.rate = (this.count * 1000) / el;
      this.busy = this.busyMs / el;
      this.count = 0;
      this.busyMs = 0;
      this.t0 = now;
    }
  }

  /** Called while idle so that the rate decays to zero instead of freezing at its last value. */
  idle(now = performance.now()): void {
    this.add(0, 0, now);
  }

  reset(): void {
    this.t0 = performance.now();
    this.count = 0;
    this.busyMs = 0;
    this.rate = 0;
    this.busy = 0;
  }
}
