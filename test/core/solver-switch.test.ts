/**
 * Switching one scene between soft DEM and contact dynamics (issue 5: "a solver choice, not a separate
 * engine"): each kind keeps its own step, the history is restarted (springs vs impulses), and both
 * runs stay healthy.
 */
import { describe, expect, it } from 'vitest';
import { worldOf } from '../helpers';

describe('switching soft DEM ⇄ contact dynamics on the same scene', () => {
  it('restores each kind’s step and keeps the pile healthy', () => {
    const w = worldOf('cd-pile');
    expect(w.params.integrator).toBe('contact-dynamics');
    const cdDt = w.dt;
    w.step(400);
    w.setParams({ integrator: 'gear5' });
    w.step(1);
    expect(w.params.dtOverTc).toBeCloseTo(0.02, 12); // first switch to soft DEM: 0.02 tc
    expect(w.dt).toBeLessThan(cdDt);
    const demDt = w.dt;
    w.step(2000);
    expect(w.health.status).toBe('ok');
    w.setParams({ integrator: 'contact-dynamics' });
    w.step(1);
    expect(w.dt).toBe(cdDt); // back to the CD step in seconds
    w.step(400);
    w.setParams({ integrator: 'cdm', tangential: 'consistent' });
    w.step(1);
    expect(w.dt).toBe(demDt); // the soft-DEM step is remembered
    w.step(1000);
    expect(w.health.status).toBe('ok');
  });
});
