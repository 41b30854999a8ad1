/**
 * Tilting gravity: a magnitude [m/s²] and a direction, counter-clockwise from +x in degrees (−90: down), within
 * the ranges of the live parameters gravityX and gravityY. A multiple of 90° gives exact zeros (cos 90° is not 0 in
 * floating point).
 */
import { PARAMS as P } from '../config/param-table';
import { num, refuse } from './edit-error';
import type { EditOf } from '../scenarios/edit-schema';
import type { SceneDraft } from './scene-draft';

export function gravity(d: SceneDraft, e: EditOf<'gravity'>): void {
  const rad = (e.degrees * Math.PI) / 180;
  const gx = e.degrees % 180 === 90 || e.degrees % 180 === -90 ? 0 : e.magnitude * Math.cos(rad);
  const gy = e.degrees % 180 === 0 ? 0 : e.magnitude * Math.sin(rad);
  for (const [g, info] of [[gx, P.gravityX], [gy, P.gravityY]] as const) {
    if (!(g >= info.min && g <= info.max)) {
      refuse(`magnitude: ${num(e.magnitude)} m/s² at ${num(e.degrees)}° gives ${info.label} ${num(g)} m/s²; each component must lie from ${info.min} to ${info.max} m/s²`);
    }
  }
  d.gravity = [gx, gy];
}
