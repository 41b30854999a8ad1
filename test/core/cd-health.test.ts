/**
 * Contact dynamics shares the world's health checks and scenes: growing overlaps stop the run with a
 * CD-specific message; the soft-DEM pile runs unchanged under CD; switching solvers live keeps going.
 */
import { describe, expect, it } from 'vitest';
import { worldOf } from '../helpers';

describe('contact dynamics: health checks and shared scenes', () => {
  it('a chain loaded 10× harder with N_I = 1 overlaps by more than half a radius and is stopped with advice', () => {
    // Per-contact overlap ≈ F/κ = F Δt²/(q N_I m) (paper 004 Eq. 24): 0.625 d at F = 0.5 d m Δt⁻², N_I = 1.
    const w = worldOf('cd-chain', 'iterations=1', 'particles.49.force=[-5000,0]');
    w.step(3000);
    expect(w.health.status).toBe('diverged');
    expect(w.health.message).toMatch(/overlap reached/);
    expect(w.health.message).toMatch(/contact dynamics with N_I = 1 random sweeps/);
    expect(w.health.message).toMatch(/raise iterations/);
  });
  it('the soft-DEM pile runs under CD with --set integrator=contact-dynamics', () => {
    const w = worldOf('pile', 'integrator=contact-dynamics', 'iterations=20');
    w.step(1500);
    expect(w.health.status).toBe('ok');
    expect(w.diagnostics().sweeps).toBe(20);
  });
  it('switching a falling CD pile to Gear (with a soft-DEM Δt) and back keeps it healthy', () => {
    const w = worldOf('cd-pile', 'iterations=10', 'duration=0.1');
    w.step(400);
    // CD's Δt (2.5e-4 s = 0.2 tc) is above Gear's stability limit: each solver needs its own Δt.
    w.setParams({ integrator: 'gear5', dtOverTc: 0.02 });
    w.step(200);
    expect(w.health.status).toBe('ok');
    w.setParams({ integrator: 'contact-dynamics', dtOverTc: 0.2 });
    w.step(50);
    expect(w.health.status).toBe('ok');
    expect(w.diagnostics().eElastic).toBe(0); // rigid discs store no elastic energy
  });
});
