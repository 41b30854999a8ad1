/**
 * The page's handle on the simulation worker: Comlink proxy for control calls (watched: worker-watch.ts), plus the frame
 * pool (docs/architecture.md#worker-and-page). The UI owns FRAME_POOL_SIZE ArrayBuffers; one may be away at
 * the worker (detached here, byteLength 0) while the other holds the newest frame waiting for
 * the next animation frame. A frame is never queued: a newer one replaces an unapplied older one.
 */
import * as Comlink from 'comlink';
import type { SimApi } from '../protocol/api';
import {
  H_COLOR_MODE, H_CONTACT_CAP, H_MASK, H_N_CAP, H_STATIC_SEEN, H_VARIANT_CAP, H_WALL_CAP, HEADER_INTS,
  capsFor, frameOffsets, type FrameCaps,
} from '../protocol/frame';
import { WorkerWatch } from './worker-watch';

export const FRAME_POOL_SIZE = 2;

export type SimRemote = Comlink.Remote<SimApi>;

/** Starts the worker; every call to it is watched (worker-watch.ts), so that the page notices a worker that fails or hangs. */
export function startWorker(): { api: SimRemote; watch: WorkerWatch } {
  const worker = new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module', name: 'sim' });
  const watch = new WorkerWatch(worker, () => performance.now());
  watch.start();
  return { api: watch.guard(Comlink.wrap<SimApi>(worker)), watch };
}

export interface FrameRequest {
  colorMode: number;
  mask: number;
  staticSeen: number;
}

export class FramePool {
  caps: FrameCaps = capsFor(0);
  bytes = frameOffsets(this.caps).bytes;
  private free: ArrayBuffer[] = [];
  private inFlight = 0;
  /** the newest frame received and not yet applied */
  private pending: ArrayBuffer | null = null;
  dropped = 0;
  received = 0;

  constructor(private readonly api: SimRemote) {
    this.resize(capsFor(16));
  }

  /** Replaces the pool with buffers of the given capacities (buffers of the old size are dropped on return). */
  resize(caps: FrameCaps): void {
    this.caps = caps;
    this.bytes = frameOffsets(caps).bytes;
    this.free = [];
    for (let k = 0; k < FRAME_POOL_SIZE; k++) this.free.push(new ArrayBuffer(this.bytes));
    if (this.pending) this.pending = null;
    // a buffer still away counts against the new pool until it returns (then it is discarded)
    if (this.inFlight > 0) this.free.length = Math.max(0, FRAME_POOL_SIZE - this.inFlight);
  }

  /** Sends a request if a buffer is free and none is away; otherwise does nothing (backpressure). */
  request(req: FrameRequest): void {
    if (this.inFlight > 0 || this.free.length === 0) return;
    const buf = this.free.pop()!;
    const hdr = new Int32Array(buf, 0, HEADER_INTS);
    hdr[H_N_CAP] = this.caps.nCap;
    hdr[H_CONTACT_CAP] = this.caps.contactCap;
    hdr[H_WALL_CAP] = this.caps.wallCap;
    hdr[H_VARIANT_CAP] = this.caps.variantCap ?? 0;
    hdr[H_COLOR_MODE] = req.colorMode;
    hdr[H_MASK] = req.mask;
    hdr[H_STATIC_SEEN] = req.staticSeen;
    this.inFlight++;
    const expected = this.bytes;
    this.api.fillFrame(Comlink.transfer(buf, [buf])).then((back) => {
      this.inFlight--;
      if (back.byteLength !== expected || expected !== this.bytes) {
        // pool was resized meanwhile: top it up with a buffer of the current size
        if (this.free.length + (this.pending ? 1 : 0) < FRAME_POOL_SIZE) this.free.push(new ArrayBuffer(this.bytes));
        return;
      }
      this.received++;
      if (this.pending) {
        this.dropped++;
        this.free.push(this.pending);
      }
      this.pending = back;
    }, () => {
      this.inFlight--;
      // a call refused before it was sent (the worker is gone) did not take the buffer
      this.free.push(buf.byteLength === this.bytes ? buf : new ArrayBuffer(this.bytes));
    });
  }

  /** Takes the newest unapplied frame, if any; give it back with release() after use. */
  take(): ArrayBuffer | null {
    const p = this.pending;
    this.pending = null;
    return p;
  }

  release(buf: ArrayBuffer): void {
    if (buf.byteLength === this.bytes && this.free.length < FRAME_POOL_SIZE) this.free.push(buf);
  }
}
