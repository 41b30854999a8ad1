/**
 * The four contact-plane definitions of a polygon contact, each in one sentence (issue 36 item 4; docs/model.md#contact-plane-for-polygons,
 * paper 000 §2 and paper 001 §4): shown under the plane dropdown and on the contact-plane lesson's last frame.
 */
import type { PlaneId } from '../../core/plane/plane-ids';

export const PLANE_EXPLANATIONS: Readonly<Record<PlaneId, string>> = {
  usual: 'usual: the line through the two points where the outlines cross — it jumps when the number of crossing points changes (paper 000).',
  'literal-signed': 'literal-signed: paper 001’s length-weighted mean of the overlap’s edge slopes, each angle taken between −90° and 90°.',
  'literal-abs': 'literal-abs: the same mean with each edge’s angle folded into 0°…90°, the other reading of paper 001’s “acute” angles.',
  axial: 'axial: the length-weighted mean of the overlap’s edge directions on the doubled-angle circle — it turns continuously as the overlap changes shape.',
};
