/**
 * Head-on collision of two equal discs (design/contact-laws.md §4, paper 000 Eqs. 8 and 10):
 * the linear spring–dashpot with γn derived from εn must give back εn as the measured restitution
 * and tc = π/ω as the contact duration. The contact starts and ends between steps; the duration is
 * measured from the zero crossings of δ(t), linearly interpolated between committed steps
 * (interpolation error O(Δt²) ≪ 1 %).
 */
import { describe, expect, it } from 'vitest';
import { worldOf } from '../helpers';

function collide(en: number, dtOverTc: number) {
  const w = worldOf('head-on', `en=${en}`, `dtOverTc=${dtOverTc}`);
  const b = w.bodies;
  const overlap = () => b.radius[0] + b.radius[1] - Math.hypot(b.x[1] - b.x[0], b.y[1] - b.y[0]);
  const vRel0 = b.vx[1] - b.vx[0];
  let tStart = NaN, tEnd = NaN;
  let prevT = w.t, prevD = overlap();
  for (let s = 0; s < 100000 && Number.isNaN(tEnd); s++) {
    w.step(1);
    const d = overlap();
    if (prevD <= 0 && d > 0) tStart = prevT + (w.t - prevT) * (-prevD / (d - prevD));
    if (prevD > 0 && d <= 0) tEnd = prevT + (w.t - prevT) * (prevD / (prevD - d));
    prevT = w.t;
    prevD = d;
  }
  w.step(20);
  const vRel1 = b.vx[1] - b.vx[0];
  return { e: -vRel1 / vRel0, duration: tEnd - tStart, tc: w.timeScales().tc, health: w.health.status };
}

describe('head-on collision (linear law, Gear 5)', () => {
  for (const dtOverTc of [1 / 50, 1 / 200]) {
    for (const en of [0.1, 0.3, 0.5, 0.7, 0.9, 0.99]) {
      it(`εn = ${en}, Δt = tc/${Math.round(1 / dtOverTc)}: restitution within 0.5 %, duration within 1 %`, () => {
        const r = collide(en, dtOverTc);
        expect(r.health).toBe('ok');
        expect(Math.abs(r.e / en - 1)).toBeLessThan(0.005);
        expect(Math.abs(r.duration / r.tc - 1)).toBeLessThan(0.01);
      });
    }
  }
});
