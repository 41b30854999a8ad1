/**
 * `sim convergence` as a researcher uses it: one JSON object per quantity with the errors per Δt and
 * the observed order (issue 4), and a clear message for a refused combination (exit code 2).
 */
import { describe, expect, it } from 'vitest';
import { sim as run } from './run-cli';

const sim = (...args: string[]) => run(args);

describe('sim convergence', () => {
  it('case-i, cdm + consistent --json: four quantities, analytic reference, angle order ≈ 2', () => {
    const r = sim('convergence', 'case-i', '--set', 'integrator=cdm', '--set', 'tangential=consistent', '--steps', '400,800,1600', '--json');
    expect(r.code).toBe(0);
    const rows = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.map((x) => x.quantity)).toEqual(['position', 'velocity', 'angle', 'spin']);
    const angle = rows[2];
    expect(angle.reference).toMatch(/^analytic/);
    expect(angle.steps).toEqual([400, 800, 1600]);
    expect(angle.errors).toHaveLength(3);
    expect(Math.abs(angle.order - 2)).toBeLessThan(0.1);
    expect(rows[0].order).toBeNull(); // the centre is locked: exact
  });

  it('refuses midpoint with a non-CDM member, naming both (exit 2)', () => {
    const r = sim('convergence', 'case-ii', '--set', 'integrator=u0-010', '--set', 'tangential=midpoint');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/solver\.tangential: 'midpoint' needs central difference.*'u0-010'/);
  });
});
