/**
 * A running world's state as a scenario with explicit particles and walls (the format the CLI reads): the
 * inverse of build.ts, with the live parameters written back at their paths (live-params.ts) and the gates' names.
 */
import { LINE, type WallSet } from '../boundaries/walls';
import { wallGates } from './wall-schema';
import type { LiveParams } from '../config/param-table';
import { FIXED, LOCK_ROT, LOCK_X, LOCK_Y, PRESCRIBED } from '../state/body-flags';
import type { BodyState } from '../state/body-state';
import { POLYGON } from '../shapes/shape-kind';
import { withParams } from './live-params';
import type { ScenarioSpec } from './schema';

/** Body k's shape as a scenario particle gives it: r, or the polygon's vertices about its centroid. */
function shapeSpec(b: BodyState, k: number): { r: number } | { vertices: [number, number][] } {
  if (b.shape[k] !== POLYGON) return { r: b.radius[k] };
  const vertices: [number, number][] = [];
  for (let v = b.vertexStart[k]; v < b.vertexStart[k] + b.vertexCount[k]; v++) vertices.push([b.vertices[2 * v], b.vertices[2 * v + 1]]);
  return { vertices };
}

/**
 * `spec` (the scenario the world was built from) with the bodies, walls (moved to time t) and live parameters
 * of now; Δt as `fixedDt` [s] where the run keeps it in seconds (null: as params.dtOverTc).
 */
export function stateSpec(spec: ScenarioSpec, p: LiveParams, b: BodyState, W: WallSet, t: number, fixedDt: number | null): ScenarioSpec {
  const particles = [];
  for (let k = 0; k < b.n; k++) {
    const f = b.flags[k];
    particles.push({
      x: b.x[k], y: b.y[k], ...shapeSpec(b, k), m: b.mass[k], inertia: b.inertia[k], theta: b.phi[k],
      vx: b.vx[k], vy: b.vy[k], omega: b.omega[k],
      ...(b.fxExt[k] || b.fyExt[k] ? { force: [b.fxExt[k], b.fyExt[k]] as [number, number] } : {}),
      ...(b.tauExt[k] ? { torque: b.tauExt[k] } : {}),
      ...(f & FIXED ? { fixed: true } : {}), ...(f & LOCK_X ? { lockX: true } : {}), ...(f & LOCK_Y ? { lockY: true } : {}),
      ...(f & LOCK_ROT ? { lockRotation: true } : {}), ...(f & PRESCRIBED ? { prescribed: true } : {}),
    });
  }
  const walls = [], gates = wallGates(spec.walls);
  for (let w = 0; w < W.count; w++) {
    const piston = W.isPiston(w);
    const ox = piston ? W.ox[w] : W.vx[w] * t, oy = piston ? W.oy[w] : W.vy[w] * t;
    const velocity = W.vx[w] || W.vy[w] ? { velocity: [W.vx[w], W.vy[w]] as [number, number] } : {};
    const mass = piston ? { piston: true } : {}, gate = gates[w] === undefined ? {} : { gate: gates[w] };
    walls.push(W.kind[w] === LINE
      ? { type: 'line' as const, point: [W.ax[w] + ox, W.ay[w] + oy] as [number, number], normal: [W.nx[w], W.ny[w]] as [number, number], ...mass, ...velocity, ...gate }
      : { type: 'segment' as const, a: [W.ax[w] + ox, W.ay[w] + oy] as [number, number], b: [W.bx[w] + ox, W.by[w] + oy] as [number, number], ...velocity, ...gate });
  }
  const withLive = withParams(spec, p);
  // Δt is written last, as dt or dtOverTc, whichever the run keeps fixed
  const { dt: _dt, dtOverTc: _dtOverTc, ...solver } = withLive.solver;
  return {
    ...withLive,
    solver: { ...solver, ...(fixedDt !== null ? { dt: fixedDt } : { dtOverTc: p.dtOverTc }) },
    walls,
    particles,
    generators: [],
  };
}
