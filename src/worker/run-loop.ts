/**
 * Time-sliced run loop (docs/architecture.md#worker-and-page): step for about SLICE_MS, then yield through a
 * MessageChannel ping so that Comlink control calls queued meanwhile are served. A tight loop
 * would freeze the controls; setTimeout(0) would waste ~4 ms per slice to clamping. The steps are paced
 * by the playback speed (pacer.ts) or by a budget per frame request, and cut into calls of about 1 ms
 * that end at each series row (run-record.ts); a divergence stops the run and replays it (going-back.ts); the end of
 * a blow-up that the "let it blow up" switch let past the detector stops it (blow-up-watch.ts), and so does the
 * simulated time a lesson ends at (stopAt).
 */
import { replayDivergence } from './going-back';
import { Pacer } from './pacer';
import type { RunRecord } from './run-record';
import type { Scene } from './scene';

const SLICE_MS = 8;

/** Calls `slice` in a task of its own when asked, and again while it returns true. */
class SliceScheduler {
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
class RateMeter {
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

export class RunLoop {
  running = false;
  /** steps advanced per frame request; 0 = as fast as possible */
  stepsPerFrame = 0;
  /** the run pauses once it reaches this simulated time (a lesson's planned end, SimApi.setStopAt); Infinity: never */
  stopAt = Infinity;
  /** steps left of the frame requests' budget */
  private budget = 0;
  /** EMA of wall ms per step, to size the step() calls inside a slice */
  private msPerStep = 0.05;
  private readonly meter = new RateMeter();
  private readonly scheduler = new SliceScheduler(() => this.slice());
  /** playback in simulated seconds per wall second (0 = as fast as the machine goes) */
  private readonly pacer = new Pacer(() => { if (this.running) this.scheduler.schedule(); });

  /** `scene`: the loaded scene now, or null; `record`: its rows */
  constructor(private readonly scene: () => Scene | null, private readonly record: RunRecord) {}

  get speed(): number {
    return this.pacer.speed;
  }

  /** Steps per wall second over the last ~second (0 while paused), and the share of it spent stepping. */
  rate(): { stepsPerSec: number; busy: number } {
    this.meter.idle();
    return { stepsPerSec: this.running ? this.meter.rate : 0, busy: this.running ? this.meter.busy : 0 };
  }

  run(): void {
    this.running = true;
    this.meter.reset();
    this.pacer.restart();
    this.scheduler.schedule();
  }

  pause(): void {
    this.running = false;
  }

  setSpeed(speed: number): void {
    this.pacer.setSpeed(speed);
    this.scheduler.schedule();
  }

  setStepsPerFrame(n: number): void {
    this.stepsPerFrame = Math.max(0, Math.floor(Number(n) || 0));
    this.budget = 0;
    this.scheduler.schedule();
  }

  /** A frame was asked for: with steps per frame, a frame's budget more (at most two frames' worth). */
  frameAsked(): void {
    if (this.stepsPerFrame <= 0) return;
    this.budget = Math.min(this.budget + this.stepsPerFrame, 2 * this.stepsPerFrame);
    if (this.running) this.scheduler.schedule();
  }

  /** A new scene (or comparison) at playback `speed`: the rate and the clock start again; a running run goes on with it. */
  sceneStarted(speed: number): void {
    this.meter.reset();
    this.pacer.setSpeed(speed);
    if (this.running) this.scheduler.schedule();
  }

  /** The run's clock starts again from where the simulation is (after a step or going back). */
  restartClock(): void {
    this.pacer.restart();
  }

  /** The stride of the record for the pace the run goes at now. */
  adaptStride(): void {
    const s = this.scene();
    if (s) this.record.adaptStride(s.world, this.pacer.speed, this.msPerStep, this.stepsPerFrame);
  }

  /** Up to k steps of `s`; a run put back to a rewind snapshot branches from it first. */
  advance(s: Scene, k: number): number {
    this.record.branchFromRewind(s.world.t);
    return s.advance(k);
  }

  /** Advances n steps now (paused or not), a row whenever one is due; returns steps done (fewer when it diverged). */
  stepN(n: number): number {
    const s = this.scene();
    if (!s || s.diverged) return 0;
    const rec = this.record;
    this.pacer.restart();
    let done = 0;
    const want = Math.max(0, Math.floor(n));
    while (done < want && !s.blownUp) {
      rec.sampleIfDue(s);
      const k = Math.min(want - done, rec.stepsToRow);
      const did = this.advance(s, k);
      done += did;
      rec.took(did);
      if (s.diverged) {
        this.onDiverged(s);
        break;
      }
      if (s.blownUp) { this.stopHere(s); break; }
      rec.sampleIfDue(s);
      if (did === 0) break;
    }
    return done;
  }

  /** One time slice; returns true when another slice should follow. */
  private slice(): boolean {
    const s = this.scene();
    if (!s || !this.running) return false;
    if (s.diverged) { this.onDiverged(s); return false; }
    if (s.blownUp) { this.running = false; return false; }
    const w = s.world, rec = this.record;
    const t0 = performance.now();
    let now = t0;
    // steps the playback speed allows now (Infinity at full speed); none due: sleep until one is
    let paced = this.pacer.allowedSteps(w.t, w.dt, t0);
    if (paced <= 0) { this.pacer.wakeForNextStep(w.t, w.dt, t0); return false; }
    while (now - t0 < SLICE_MS) {
      this.adaptStride();
      // the stride may just have shrunk below the steps already taken since the last row
      rec.sampleIfDue(s);
      const toStop = this.stepsToStop(w.t, w.dt);
      if (toStop <= 0) { this.stopHere(s); return false; }
      let k = Math.max(1, Math.floor(1 / Math.max(this.msPerStep, 1e-4))); // ~1 ms per call
      k = Math.min(k, rec.stepsToRow, paced, toStop);
      if (k <= 0) break;
      if (this.stepsPerFrame > 0) {
        k = Math.min(k, this.budget);
        if (k <= 0) break;
      }
      const s0 = performance.now();
      const did = this.advance(s, k);
      now = performance.now();
      if (did > 0) this.msPerStep = 0.8 * this.msPerStep + 0.2 * ((now - s0) / did);
      this.meter.add(did, now - s0, now);
      if (this.stepsPerFrame > 0) this.budget -= did;
      paced -= did;
      rec.took(did);
      if (s.diverged) { this.onDiverged(s); return false; }
      if (s.blownUp) { this.stopHere(s); return false; }
      rec.sampleIfDue(s);
      if (did === 0) break;
    }
    if (this.stepsPerFrame > 0 && this.budget <= 0) return false; // wait for the next frame request
    if (paced <= 0) { this.pacer.wakeForNextStep(w.t, w.dt, performance.now()); return false; }
    return true;
  }

  /** Steps until time t reaches stopAt at step Δt: the step that reaches or passes it is the last (0: there already). */
  private stepsToStop(t: number, dt: number): number {
    return this.stopAt === Infinity ? Infinity : Math.max(0, Math.ceil((this.stopAt - t) / dt - 1e-9));
  }

  /**
   * The run stops where it is — a blow-up the switch let run has ended (blow-up-watch.ts), or the planned end — with a
   * row at the step it stopped at.
   */
  private stopHere(s: Scene): void {
    this.running = false;
    if (this.record.stepsToRow < this.record.sampleStride) this.record.sample(s);
  }

  private onDiverged(s: Scene): void {
    this.running = false;
    replayDivergence(s, this.record, this);
  }
}
