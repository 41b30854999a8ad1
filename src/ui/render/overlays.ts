/**
 * The overlays drawn in screen pixels over the bodies (crisp at any zoom): the contact network, a line per
 * contact from centre to contact point to centre with its width ∝ the normal force, and the selection, a ring
 * around the selected body or the two bodies of the selected contact and a line between them.
 */
import type { Graphics } from 'pixi.js';
import { CONTACT_FLOATS } from '../../protocol/frame';
import type { Selection } from '../../protocol/api';
import { SCENE } from '../palette';

/** screen = (ox + s·x, oy − s·y) in CSS pixels */
export interface View { s: number; ox: number; oy: number }

/** Width bins of the contact network: one stroke per bin instead of one per contact */
const BINS = 6;

/**
 * The contact network of the frame's contact block (`count` contacts at `o`), line widths up to 0.7 of the
 * radius `rRef` on screen (2 to 14 px).
 */
export function drawContacts(g: Graphics, f: Float32Array, o: number, count: number, view: View, rRef: number): void {
  g.clear();
  if (count === 0) return;
  let fmax = 0;
  for (let k = 0; k < count; k++) { const fn = f[o + k * CONTACT_FLOATS + 6]; if (fn > fmax) fmax = fn; }
  if (!(fmax > 0)) return;
  const { s, ox, oy } = view;
  const maxW = Math.min(14, Math.max(2, 0.7 * rRef * s));
  for (let b = BINS - 1; b >= 0; b--) {
    let any = false;
    for (let k = 0; k < count; k++) {
      const q = o + k * CONTACT_FLOATS;
      const fn = f[q + 6];
      if (fn <= 0) continue;
      const bin = Math.min(BINS - 1, Math.floor((fn / fmax) * BINS));
      if (bin !== b) continue;
      // centre → contact point (the midpoint for two discs) → centre
      g.moveTo(ox + s * f[q], oy - s * f[q + 1]).lineTo(ox + s * f[q + 2], oy - s * f[q + 3]).lineTo(ox + s * f[q + 4], oy - s * f[q + 5]);
      any = true;
    }
    if (any) g.stroke({ width: Math.max(1, ((b + 1) / BINS) * maxW), color: SCENE.contactNetwork, alpha: 0.85, cap: 'round', join: 'round' });
  }
}

/** Where the bodies are drawn: n bodies, body i at (x(i), y(i)) [m] with radius r[i] [m] */
export interface Bodies { n: number; x(i: number): number; y(i: number): number; r: ArrayLike<number> }

/** The selection's rings (and the selected contact's line) around the bodies as drawn. */
export function drawSelection(g: Graphics, selection: Selection, bodies: Bodies, view: View): void {
  g.clear();
  const { s, ox, oy } = view;
  const X = (i: number) => ox + s * bodies.x(i);
  const Y = (i: number) => oy - s * bodies.y(i);
  const ring = (i: number) => {
    if (i < 0 || i >= bodies.n) return;
    g.circle(X(i), Y(i), bodies.r[i] * s + 3).stroke({ width: 3, color: SCENE.selectionRing });
  };
  ring(selection.particle);
  const c = selection.contact;
  if (c) {
    ring(c[0]);
    ring(c[1]);
    if (c[0] >= 0 && c[1] >= 0 && c[0] < bodies.n && c[1] < bodies.n) {
      g.moveTo(X(c[0]), Y(c[0])).lineTo(X(c[1]), Y(c[1])).stroke({ width: 2, color: SCENE.selectedContact });
    }
  }
}
