/**
 * What the collision monitor (src/core/diagnostics/collision-monitor.ts) counts as a binary collision: two movable
 * bodies that meet, touch only each other for at most LASTING_CONTACTS contact times and part. Two discs on a line
 * with the linear spring-dashpot, stepped here by velocity Verlet (no World), feed it their contacts:
 * - a head-on collision is reported once, with e = εn, and is `open` from the first touch until it has settled;
 * - the same discs held together for 20 t_c (a pull while they touch, as a clamp would; a lasting contact), then let
 *   go, part too but are not a collision (with no limit on the contact's length the monitor would report one);
 * - a disc rolling over a fixed disc and bouncing on it (orbiting-disc, the "effective restitution 1.04")
 *   reports none: against a fixed body gravity does not cancel in u_n.
 */
import { describe, expect, it } from 'vitest';
import { CollisionMonitor, LASTING_CONTACTS } from '../../src/core/diagnostics/collision-monitor';
import { contactTime, dampingRatio, dashpot } from '../../src/core/laws/restitution';
import { BodyState } from '../../src/core/state/body-state';
import { ContactList } from '../../src/core/state/contact-list';
import { worldOf } from '../helpers';

const R = 0.05, M = 1, KN = 1e4, EN = 0.9;
const MR = M / 2, ZETA = dampingRatio(EN), GAMMA = dashpot(ZETA, KN, MR), TC = contactTime(KN, MR, ZETA);

interface Run { reported: number[]; monitor: CollisionMonitor; openWhile: { touching: number; settled: number } }

/**
 * Discs at x = ∓(R + gap/2) moving towards each other at ±u/2; while they touch and t < pressUntil a force `press`
 * pulls each towards the other (equal and opposite: the pair stays free of outside forces). Velocity Verlet, Δt = t_c/200.
 */
function twoDiscs(u: number, press: number, pressUntil: number, duration: number, maxContactSteps: number): Run {
  const dt = TC / 200, gap = 0.02;
  const b = new BodyState(2);
  b.add(-R - gap / 2, 0, R, M, 0.5 * M * R * R);
  b.add(R + gap / 2, 0, R, M, 0.5 * M * R * R);
  b.updateInverseMasses(true);
  b.vx[0] = u / 2; b.vx[1] = -u / 2;
  const c = new ContactList(4);
  c.i[0] = 0; c.j[0] = 1;
  const monitor = new CollisionMonitor();
  monitor.maxContactSteps = maxContactSteps;
  // force on disc 1 along +x (disc 0 gets its opposite) while they overlap: spring-dashpot, and the pull while it lasts
  const force = (t: number, x0: number, x1: number, v0: number, v1: number): number => {
    const delta = 2 * R - (x1 - x0);
    return delta > 0 ? KN * delta - GAMMA * (v1 - v0) - (t < pressUntil ? press : 0) : 0;
  };
  let f = force(0, b.x[0], b.x[1], b.vx[0], b.vx[1]);
  const reported: number[] = [];
  const openWhile = { touching: 0, settled: 0 };
  let lastTouch = -1;
  const steps = Math.ceil(duration / dt);
  for (let s = 1; s <= steps; s++) {
    const a0 = -f / M, a1 = f / M;
    b.x[0] += dt * b.vx[0] + 0.5 * dt * dt * a0;
    b.x[1] += dt * b.vx[1] + 0.5 * dt * dt * a1;
    // the dashpot at ṽ = v + Δt a (central difference's evaluation velocity)
    const fNew = force(s * dt, b.x[0], b.x[1], b.vx[0] + dt * a0, b.vx[1] + dt * a1);
    b.vx[0] += 0.5 * dt * (a0 - fNew / M);
    b.vx[1] += 0.5 * dt * (a1 + fNew / M);
    f = fNew;
    c.count = b.x[1] - b.x[0] < 2 * R ? 1 : 0;
    const e = monitor.observe(b, c);
    if (Number.isFinite(e)) reported.push(e);
    if (c.count === 1) { lastTouch = s; openWhile.touching = Math.max(openWhile.touching, monitor.open); }
    else if (lastTouch > 0 && s > lastTouch + 20) openWhile.settled = Math.max(openWhile.settled, monitor.open);
  }
  return { reported, monitor, openWhile };
}

const limit = LASTING_CONTACTS * 200; // steps: LASTING_CONTACTS t_c at Δt = t_c/200

describe('the collision monitor tells binary collisions from lasting contacts', () => {
  it('a head-on collision of free discs: one collision, e = εn within 0.2 %, open while it lasts and settles, closed after', () => {
    const run = twoDiscs(1, 0, 0, 0.02 + 4 * TC, limit);
    expect(run.reported.length).toBe(1);
    expect(Math.abs(run.reported[0] / EN - 1)).toBeLessThan(2e-3);
    expect(run.monitor.count).toBe(1);
    expect(run.openWhile.touching).toBe(2); // both discs
    expect(run.openWhile.settled).toBe(0);
  });

  it('the same discs held together for 20 t_c, then let go: they part, but a lasting contact is no collision', () => {
    // a 50 N pull holds them at δ = 5 mm; meeting at 0.3 m/s they swing by 0.3/ω ≈ 2 mm about it and never part
    const run = twoDiscs(0.3, 50, 0.1 + 20 * TC, 0.1 + 30 * TC, limit);
    expect(run.reported).toEqual([]);
    expect(run.monitor.count).toBe(0);
    // the contact did end, once: without the limit on its length the monitor reports the parting as a "collision",
    // the released spring's energy making e ≈ 2
    const unlimited = twoDiscs(0.3, 50, 0.1 + 20 * TC, 0.1 + 30 * TC, Infinity);
    expect(unlimited.reported.length).toBe(1);
    expect(unlimited.reported[0]).toBeGreaterThan(1.5);
  });
});

describe('a disc rolling over a fixed disc, then bouncing on it (orbiting-disc)', () => {
  it('reports no collision and no restitution warning over 20 s, though it bounces on the fixed disc', () => {
    // the "effective restitution 1.04" was the bounce at t ≈ 5.5 s (0.96 t_c long): gravity acts on the
    // moving disc only and adds ≈ g t_c = 0.7 m/s to u_n over the contact
    const w = worldOf('orbiting-disc');
    const monitor = new CollisionMonitor();
    monitor.maxContactSteps = LASTING_CONTACTS * (w.timeScales().tc / w.dt);
    let touching = 0, bounces = 0;
    for (let s = Math.ceil(20 / w.dt); s > 0; s--) {
      w.step(1);
      const c = w.contacts;
      let pair = false; // the two discs touch
      for (let k = 0; k < c.count; k++) if (c.i[k] >= 0 && c.i[k] + c.j[k] === 1) pair = true;
      if (pair) touching++;
      else {
        if (touching > 0 && touching < monitor.maxContactSteps) bounces++; // a short contact of the two discs: a bounce
        touching = 0;
      }
      expect(monitor.observe(w.bodies, c)).toBeNaN();
    }
    expect(bounces).toBeGreaterThanOrEqual(3);
    expect(monitor.count).toBe(0);
    expect(w.health.status).toBe('ok');
    expect(w.accuracy.kind).not.toBe('restitution');
  });
});
