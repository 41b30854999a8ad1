/**
 * Structure-of-arrays state of all bodies. Index k < n is a particle. Units SI.
 * Each body has a shape kind (shapes/shape-kind.ts) and a radius: a disc's radius, and for every
 * shape the radius of its bounding circle about the centre (what the neighbour search reads).
 *
 * Committed state at t: x, y, phi, vx, vy, omega (and the accelerations ax, ay, alpha).
 * Evaluation configuration (where forces are computed, written by the integrator):
 * ex, ey, ephi, evx, evy, eomega — the Gear predictor, or a GSSSS member's q̃, ṽ.
 * Force accumulators fx, fy, tau hold contact + external + gravity forces at the evaluation point.
 */
import { grownCapacity, growF64, growI32, growU8 } from '../math/grow';
import { DISC, POLYGON } from '../shapes/shape-kind';

export const F64_FIELDS = [
  'x', 'y', 'phi', 'vx', 'vy', 'omega', 'ax', 'ay', 'alpha',
  'ex', 'ey', 'ephi', 'evx', 'evy', 'eomega',
  'fx', 'fy', 'tau',
  'radius', 'eqRadius', 'mass', 'invMass', 'inertia', 'invInertia',
  'fxExt', 'fyExt', 'tauExt',
] as const;
type F64Field = (typeof F64_FIELDS)[number];

/** Fields that define the state at t (snapshots copy these; the rest are derived or scratch). */
export const STATE_FIELDS: readonly F64Field[] = [
  'x', 'y', 'phi', 'vx', 'vy', 'omega', 'ax', 'ay', 'alpha',
  'radius', 'mass', 'invMass', 'inertia', 'invInertia', 'fxExt', 'fyExt', 'tauExt',
];

export class BodyState {
  n = 0;
  capacity = 0;
  /** [m] */ x = new Float64Array(0);
  /** [m] */ y = new Float64Array(0);
  /** [rad] */ phi = new Float64Array(0);
  /** [m/s] */ vx = new Float64Array(0);
  /** [m/s] */ vy = new Float64Array(0);
  /** [rad/s] */ omega = new Float64Array(0);
  /** [m/s²] */ ax = new Float64Array(0);
  /** [m/s²] */ ay = new Float64Array(0);
  /** [rad/s²] */ alpha = new Float64Array(0);
  ex = new Float64Array(0);
  ey = new Float64Array(0);
  ephi = new Float64Array(0);
  evx = new Float64Array(0);
  evy = new Float64Array(0);
  eomega = new Float64Array(0);
  /** [N] */ fx = new Float64Array(0);
  /** [N] */ fy = new Float64Array(0);
  /** [N m] */ tau = new Float64Array(0);
  /** Disc radius, or the bounding-circle radius of another shape [m] */ radius = new Float64Array(0);
  /** Equivalent radius √(A/π) (paper 000 Eq. 5; a disc's radius) [m] */ eqRadius = new Float64Array(0);
  /** [kg] */ mass = new Float64Array(0);
  /** [1/kg]; 0 for fixed and prescribed bodies */ invMass = new Float64Array(0);
  /** [kg m²] */ inertia = new Float64Array(0);
  /** [1/(kg m²)]; 0 for fixed, prescribed and rotation-locked bodies */ invInertia = new Float64Array(0);
  /** Constant external force [N] and torque [N m] */
  fxExt = new Float64Array(0);
  fyExt = new Float64Array(0);
  tauExt = new Float64Array(0);
  /** body-flags.ts bits */
  flags = new Uint8Array(0);
  /** Shape kind (shapes/shape-kind.ts); fixed when the body is built */
  shape = new Uint8Array(0);
  /** A polygon's vertices: vertexCount[k] x, y pairs from vertexStart[k] (a pair index) in `vertices` */
  vertexStart = new Int32Array(0);
  vertexCount = new Int32Array(0);
  /** Vertex pool: body-frame x, y pairs about each polygon's centroid, counter-clockwise [m] */
  vertices = new Float64Array(0);
  /** Vertex pairs used in the pool */
  vertexUsed = 0;
  /** Most vertices of any polygon (sizes the narrow phase's scratch) */
  maxVertices = 0;

  constructor(capacity = 16) {
    this.reserve(capacity);
  }

  /** Grows every array geometrically to hold at least `needed` bodies (outside the step loops). */
  reserve(needed: number): void {
    if (needed <= this.capacity) return;
    const cap = grownCapacity(needed, this.capacity);
    for (const f of F64_FIELDS) this[f] = growF64(this[f], cap);
    this.flags = growU8(this.flags, cap);
    this.shape = growU8(this.shape, cap);
    this.vertexStart = growI32(this.vertexStart, cap);
    this.vertexCount = growI32(this.vertexCount, cap);
    this.capacity = cap;
  }

  /** Appends a body at rest and returns its index. */
  add(x: number, y: number, radius: number, mass: number, inertia: number): number {
    this.reserve(this.n + 1);
    const k = this.n++;
    this.x[k] = x;
    this.y[k] = y;
    this.radius[k] = radius;
    this.eqRadius[k] = radius;
    this.shape[k] = DISC;
    this.vertexCount[k] = 0;
    this.mass[k] = mass;
    this.inertia[k] = inertia;
    this.invMass[k] = 1 / mass;
    this.invInertia[k] = 1 / inertia;
    return k;
  }

  /**
   * Appends a convex polygon at rest: its centroid at (x, y), `xy` its body-frame vertices about the
   * centroid (counter-clockwise x, y pairs), `area` for the equivalent radius. Returns its index.
   */
  addPolygon(x: number, y: number, xy: ArrayLike<number>, area: number, mass: number, inertia: number): number {
    let r2 = 0;
    for (let v = 0; v < xy.length; v += 2) r2 = Math.max(r2, xy[v] * xy[v] + xy[v + 1] * xy[v + 1]);
    const k = this.add(x, y, Math.sqrt(r2), mass, inertia);
    const pairs = xy.length >> 1;
    if (2 * (this.vertexUsed + pairs) > this.vertices.length) {
      this.vertices = growF64(this.vertices, grownCapacity(2 * (this.vertexUsed + pairs), this.vertices.length));
    }
    this.vertices.set(xy, 2 * this.vertexUsed);
    this.shape[k] = POLYGON;
    this.eqRadius[k] = Math.sqrt(area / Math.PI);
    this.vertexStart[k] = this.vertexUsed;
    this.vertexCount[k] = pairs;
    this.vertexUsed += pairs;
    this.maxVertices = Math.max(this.maxVertices, pairs);
    return k;
  }

  /** The bodies' shape kinds, each once, ascending: the scene's shapes (shapes/shape-kind.ts) */
  shapeKinds(): number[] {
    const seen = new Set<number>();
    for (let k = 0; k < this.n; k++) seen.add(this.shape[k]);
    return [...seen].sort((a, b) => a - b);
  }

  /** Recomputes invMass/invInertia from the flags (fixed/prescribed bodies are immovable by forces). */
  updateInverseMasses(rotation: boolean): void {
    for (let k = 0; k < this.n; k++) {
      const f = this.flags[k];
      const immovable = (f & (1 | 16 | 32)) !== 0;
      this.invMass[k] = immovable ? 0 : 1 / this.mass[k];
      this.invInertia[k] = immovable || !rotation || (f & 8) !== 0 ? 0 : 1 / this.inertia[k];
    }
  }
}
