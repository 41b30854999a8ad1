/**
 * The inspected contact on the canvas (issue 11 item 5), in screen pixels over the scene: the contact plane
 * (a segment through the contact point, perpendicular to the normal), the normal n (from i to j) as an arrow,
 * and the tangential spring as a line along t = ẑ × n, just off the plane on j's side, whose length is k_t ξ over
 * the Coulomb limit (full length at the cone's edge). Drawn every frame from the inspector's latest ContactDetail, so it follows pan and zoom.
 */
import { Graphics } from 'pixi.js';
import type { ContactDetail } from '../../protocol/api';
import { CONTACT_MARKER } from '../palette';

const PLANE_PX = 70;
const NORMAL_PX = 55;
const SPRING_PX = 45;
const SPRING_OFFSET_PX = 7;
const PLANE_COLOR = CONTACT_MARKER.plane;
const NORMAL_COLOR = CONTACT_MARKER.normal;
const SPRING_COLOR = CONTACT_MARKER.spring;

export class ContactMarker {
  readonly g = new Graphics();
  detail: ContactDetail | null = null;

  /** Redraws through the view screen = (ox + s·x, oy − s·y). */
  draw(view: { s: number; ox: number; oy: number }): void {
    const g = this.g, d = this.detail;
    g.clear();
    if (!d) return;
    const px = view.ox + view.s * d.cx, py = view.oy - view.s * d.cy;
    // screen directions (y down): n and t = (−ny, nx)
    const nx = d.nx, ny = -d.ny, tx = -d.ny, ty = -d.nx;
    if (![px, py, nx, ny].every(Number.isFinite)) return;
    const h = PLANE_PX / 2;
    g.moveTo(px - tx * h, py - ty * h).lineTo(px + tx * h, py + ty * h).stroke({ width: 3, color: PLANE_COLOR, alpha: 0.95 });
    const ex = px + nx * NORMAL_PX, ey = py + ny * NORMAL_PX;
    g.moveTo(px, py).lineTo(ex, ey).stroke({ width: 3, color: NORMAL_COLOR });
    g.poly([ex + nx * 9, ey + ny * 9, ex + tx * 6, ey + ty * 6, ex - tx * 6, ey - ty * 6]).fill({ color: NORMAL_COLOR });
    const f = d.coulombLimit > 0 ? Math.max(-1.2, Math.min(1.2, d.springForce / d.coulombLimit)) : 0;
    const sx = px + nx * SPRING_OFFSET_PX, sy = py + ny * SPRING_OFFSET_PX;
    if (f !== 0) g.moveTo(sx, sy).lineTo(sx + tx * f * SPRING_PX, sy + ty * f * SPRING_PX).stroke({ width: 5, color: SPRING_COLOR, cap: 'round' });
    g.circle(px, py, 4).fill({ color: PLANE_COLOR });
  }
}
