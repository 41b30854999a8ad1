/**
 * The frequencies of a contact network (src/core/diagnostics/contact-frequencies.ts, issue 36) against closed forms:
 * a disc resting on a floor (ω = √(k_n/m) and ζ_n from ε_n; with a sticking tangential spring and rotation the
 * rolling mode √(k_t(1 + mR²/I)/m) is the stiffer), and a chain of N equal discs between two walls, whose stiffest
 * mode is 2√(k/m) sin(Nπ/(2(N + 1))).
 */
import { describe, expect, it } from 'vitest';
import { contactFrequencies } from '../../src/core/diagnostics/contact-frequencies';
import { dampingRatio } from '../../src/core/laws/restitution';
import { createWorld, parseScenario } from '../../src/core/index';

function frequencies(spec: object): NonNullable<ReturnType<typeof contactFrequencies>> {
  const w = createWorld(parseScenario(spec));
  const m = w.material();
  const f = contactFrequencies(w.bodies, w.contacts, m.kn, m.kt, m.mu);
  if (!f) throw new Error('no contacts');
  return f;
}

const floor = { type: 'line', point: [0, 0], normal: [0, 1] };

describe('contact frequencies', () => {
  it('a disc on a floor, frictionless: one mode, ω = √(k_n/m), ζ = ζ_n', () => {
    const f = frequencies({
      name: 'disc', material: { kn: 1e5, en: 0.5, mu: 0 }, solver: { rotation: false }, gravity: [0, -9.81],
      particles: [{ x: 0, y: 0.05 - 9.81 / 1e5, r: 0.05, m: 1 }], walls: [floor],
    });
    expect(f.contacts).toBe(1);
    expect(f.sticking).toBe(0);
    expect(f.softest).toBeCloseTo(Math.sqrt(1e5), 9);
    expect(f.stiffest / Math.sqrt(1e5)).toBeCloseTo(1, 12);
    expect(f.softestZeta).toBeCloseTo(dampingRatio(0.5), 12);
    expect(f.stiffestZeta).toBeCloseTo(dampingRatio(0.5), 9);
    // one spring: ζ = (γ/k) ω/2 exactly
    expect(0.5 * f.stiffest * f.dampingPerStiffness.min).toBeCloseTo(f.stiffestZeta, 9);
    expect(f.dampingPerStiffness.max).toBe(f.dampingPerStiffness.min);
  });

  it('with friction and rotation the sticking spring adds the rolling mode √(k_t (1 + mR²/I)/m)', () => {
    const kn = 1e5, kt = 0.5 * kn, m = 1, r = 0.05, I = 0.5 * m * r * r;
    const f = frequencies({
      name: 'disc', material: { kn, ktOverKn: 0.5, en: 0.5, mu: 0.5 }, gravity: [0, -9.81],
      particles: [{ x: 0, y: r - 9.81 / kn, r, m, inertia: I }], walls: [floor],
    });
    expect(f.sticking).toBe(1);
    expect(f.stiffest / Math.sqrt((kt * (1 + (m * r * r) / I)) / m)).toBeCloseTo(1, 9);
    expect(f.softest).toBeCloseTo(Math.sqrt(kn / m), 9);
  });

  it('a chain of N discs between two walls: ω_max = 2√(k/m) sin(Nπ/(2(N+1)))', () => {
    const N = 8, r = 0.01, m = 0.1, kn = 1e4, overlap = 1e-6;
    const particles = Array.from({ length: N }, (_, k) => ({ x: r + k * (2 * r - overlap) - overlap, y: 0, r, m }));
    const right = particles[N - 1].x + r - overlap;
    const f = frequencies({
      name: 'chain', material: { kn, en: 0.5, mu: 0 }, solver: { rotation: false }, gravity: [0, 0], particles,
      walls: [{ type: 'line', point: [0, 0], normal: [1, 0] }, { type: 'line', point: [right, 0], normal: [-1, 0] }],
    });
    expect(f.contacts).toBe(N + 1);
    expect(f.stiffest / (2 * Math.sqrt(kn / m) * Math.sin((N * Math.PI) / (2 * (N + 1))))).toBeCloseTo(1, 8);
    // the walls' contacts (m_r = m) are the softest; a disc pair's is √2 stiffer
    expect(f.softest).toBeCloseTo(Math.sqrt(kn / m), 8);
    // the mode's ζ lies within the Rayleigh bounds of its springs
    expect(f.stiffestZeta).toBeGreaterThanOrEqual(0.5 * f.stiffest * f.dampingPerStiffness.min * (1 - 1e-9));
    expect(f.stiffestZeta).toBeLessThanOrEqual(0.5 * f.stiffest * f.dampingPerStiffness.max * (1 + 1e-9));
    expect(f.dampingPerStiffness.max).toBeGreaterThan(f.dampingPerStiffness.min);
  });

  it('no contacts: null', () => {
    const w = createWorld(parseScenario({ name: 'one', gravity: [0, 0], particles: [{ x: 0, y: 0, r: 0.1 }] }));
    expect(contactFrequencies(w.bodies, w.contacts, 1e5, 3e4, 0.5)).toBeNull();
  });
});
