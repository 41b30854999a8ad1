/**
 * A lesson's planned end in the worker (SimApi.setStopAt, run-loop.ts; issue 36 item 2): a run at full speed pauses
 * on the step that reaches the time, not a status poll later; a single step still goes on; null lets it run on.
 */
import { describe, expect, it } from 'vitest';
import { SimWorker } from '../../src/worker/api-impl';

/** Resolves once the worker's run has stopped (checked between its time slices). */
async function stopped(api: SimWorker): Promise<void> {
  for (let k = 0; k < 2000 && api.getStatus().running; k++) await new Promise((r) => setTimeout(r, 5));
}

describe('stop at a planned time', () => {
  it('pauses on the step that reaches it, at full speed', async () => {
    const api = new SimWorker();
    expect(api.loadScenario('head-on', {}).ok).toBe(true);
    api.setSpeed(0);
    expect(api.setStopAt(0.02)).toEqual({ ok: true, value: 0.02 });
    api.run();
    await stopped(api);
    const s = api.getStatus();
    expect(s.running).toBe(false);
    expect(s.t).toBeGreaterThanOrEqual(0.02);
    expect(s.t - s.dt).toBeLessThan(0.02);
    // a single step is the user's: it goes on; a run does not until the time is lifted
    expect(api.stepN(1)).toBe(1);
    api.run();
    await stopped(api);
    expect(api.getStatus().step).toBe(s.step + 1);
    api.setStopAt(null);
    api.run();
    await new Promise((r) => setTimeout(r, 50));
    expect(api.getStatus().t).toBeGreaterThan(s.t + 10 * s.dt);
    api.pause();
    expect(api.setStopAt(-1).ok).toBe(false);
  });
});
