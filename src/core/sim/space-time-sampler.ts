/**
 * When a pipe scene (run.spaceTime) takes its space–time rows (diagnostics/space-time.ts): one every `every`
 * seconds of simulated time, and the flow read-outs beside them (NaN in other scenes).
 */
import type { PeriodicX } from '../boundaries/periodic';
import { pipeFlow, SpaceTime } from '../diagnostics/space-time';
import type { ScenarioSpec } from '../scenarios/schema';
import type { BodyState } from '../state/body-state';

export class SpaceTimeSampler {
  /** The rows, or null where the scene asks for none (or is no periodic pipe) */
  readonly rows: SpaceTime | null;
  /** Seconds between rows */
  private readonly every: number;
  /** Time of the next row [s] */
  private next = 0;

  /** The first row is the state at t */
  constructor(settings: ScenarioSpec['run']['spaceTime'], private readonly periodic: PeriodicX, b: BodyState, t: number) {
    this.rows = settings && periodic.enabled ? new SpaceTime(periodic, settings.binWidth) : null;
    this.rows?.record(b, t);
    this.every = settings?.every ?? 0;
    this.next = t + this.every;
  }

  /** A step reached t (of step dt): a row when one is due */
  sample(b: BodyState, t: number, dt: number): void {
    const st = this.rows;
    if (st && t >= this.next - 1e-9 * dt) {
      st.record(b, t);
      this.next += this.every;
    }
  }

  /** The run went back to t: the next row is due `every` seconds later */
  restart(t: number): void {
    this.next = t + this.every;
  }

  /** Mean velocity along x of the movable grains [m/s], their flux through a cross-section [1/s], the latest row's sd; NaN without rows */
  flow(b: BodyState): { meanVx: number; flux: number; densitySd: number } {
    if (!this.rows) return { meanVx: NaN, flux: NaN, densitySd: NaN };
    return { ...pipeFlow(b, this.periodic.length), densitySd: this.rows.sd };
  }
}
