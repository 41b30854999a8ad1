/**
 * Frame packing (src/worker/frame-pack.ts, layout src/protocol/frame.ts) in a scene with discs, a
 * polygon and a moving wall: the static block carries each body's shape kind, walls are written where
 * they are now (start + displacement), and the contact network's polyline runs centre → midpoint →
 * centre for two discs, centre → contact point → centre when a polygon is in the pair, and contact
 * point → centre for a wall.
 */
import { describe, expect, it } from 'vitest';
import {
  CONTACT_FLOATS, FLAG_FINITE, FLAG_HAS_CONTACTS, FLAG_HAS_STATIC, FLAG_HAS_WALLS, H_CONTACTS, H_CONTACT_CAP, H_FLAGS,
  H_MASK, H_N, H_N_CAP, H_STATIC_SEEN, H_WALLS, H_WALL_CAP, HEADER_INTS, MASK_CONTACTS, MASK_WALLS, SHAPE_DISC,
  SHAPE_POLYGON, STATIC_FLOATS, WALL_FLOATS, capsFor, frameOffsets,
} from '../../src/protocol/frame';
import { createWorld, parseScenario } from '../../src/worker/core-adapter';
import { packFrame } from '../../src/worker/frame-pack';

const h = 0.05, th = 0.1;
/** a disc overlapping the turned square's right edge by 1 mm, 2 cm up along it */
const cx = 0.5 + (h + 0.049) * Math.cos(th) - 0.02 * Math.sin(th), cy = 0.5 + (h + 0.049) * Math.sin(th) + 0.02 * Math.cos(th);
/** Discs 0 and 1 overlap, disc 3 overlaps the square 2's right edge; the floor rises at 0.2 m/s and disc 4 rests on it. */
const SPEC = {
  name: 'frame-pack-mixed',
  material: { kn: 1e6, en: 0.5, mu: 0.3, density: 1000 },
  solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.02 },
  gravity: [0, 0],
  walls: [{ type: 'line', point: [0, 0], normal: [0, 1], velocity: [0, 0.2] }],
  particles: [
    { x: 0, y: 0.5, r: 0.05 },
    { x: 0.099, y: 0.5, r: 0.05 },
    { x: 0.5, y: 0.5, theta: th, vertices: [[-h, -h], [h, -h], [h, h], [-h, h]] },
    { x: cx, y: cy, r: 0.05 },
    { x: 1, y: 0.0495, r: 0.05 },
  ],
};

function pack(world: ReturnType<typeof createWorld>): { hdr: Int32Array; f: Float32Array; off: ReturnType<typeof frameOffsets> } {
  const caps = capsFor(world.n, 16, 4);
  const off = frameOffsets(caps);
  const buf = new ArrayBuffer(off.bytes);
  const hdr = new Int32Array(buf, 0, HEADER_INTS);
  hdr[H_N_CAP] = caps.nCap; hdr[H_CONTACT_CAP] = caps.contactCap; hdr[H_WALL_CAP] = caps.wallCap;
  hdr[H_MASK] = MASK_CONTACTS | MASK_WALLS;
  hdr[H_STATIC_SEEN] = -1;
  packFrame(buf, world, 1, 1);
  return { hdr, f: new Float32Array(buf, 0, off.bytes / 4), off };
}

describe('packFrame with polygons and moving walls', () => {
  const world = createWorld(parseScenario(SPEC));
  world.step(20);
  const { hdr, f, off } = pack(world);

  it('writes the shape kind of every body into the static block', () => {
    const flags = hdr[H_FLAGS];
    for (const bit of [FLAG_FINITE, FLAG_HAS_STATIC, FLAG_HAS_WALLS, FLAG_HAS_CONTACTS]) expect(flags & bit).toBe(bit);
    expect(hdr[H_N]).toBe(5);
    const shapes = Array.from({ length: 5 }, (_, i) => f[off.statics + STATIC_FLOATS * i + 2]);
    expect(shapes).toEqual([SHAPE_DISC, SHAPE_DISC, SHAPE_POLYGON, SHAPE_DISC, SHAPE_DISC]);
    // the polygon's radius is its circumradius
    expect(f[off.statics + STATIC_FLOATS * 2]).toBeCloseTo(h * Math.SQRT2, 6);
  });

  it('writes a moving wall where it is now', () => {
    expect(hdr[H_WALLS]).toBe(1);
    expect(world.t).toBeGreaterThan(0);
    const ay = f[off.walls + 2];
    expect(ay).toBeCloseTo(0.2 * world.t, 6);
    expect(ay).toBe(Math.fround(world.walls.ay[0] + world.walls.oy[0]));
    expect(f[off.walls + 6]).toBe(1); // ny
    expect(WALL_FLOATS).toBe(7);
  });

  it('draws disc pairs centre to centre, polygon pairs through the contact point, wall contacts from it', () => {
    const c = world.contacts;
    expect(hdr[H_CONTACTS]).toBe(c.count);
    const kinds = new Set<string>();
    for (let k = 0; k < c.count; k++) {
      const q = off.contacts + CONTACT_FLOATS * k;
      const [x1, y1, xm, ym, x2, y2, fn] = Array.from(f.subarray(q, q + CONTACT_FLOATS));
      const i = c.i[k], j = c.j[k];
      expect(fn).toBe(Math.fround(c.fn[k]));
      expect([x2, y2]).toEqual([Math.fround(world.bodies.x[j]), Math.fround(world.bodies.y[j])]);
      if (i < 0) {
        kinds.add('wall');
        expect([x1, y1, xm, ym]).toEqual([c.cx[k], c.cy[k], c.cx[k], c.cy[k]].map(Math.fround));
        continue;
      }
      expect([x1, y1]).toEqual([Math.fround(world.bodies.x[i]), Math.fround(world.bodies.y[i])]);
      if (i === 2 || j === 2) {
        kinds.add('polygon');
        expect([xm, ym]).toEqual([Math.fround(c.cx[k]), Math.fround(c.cy[k])]);
        // the square's contact point is on its right edge, off the line between the centres
        expect(Math.abs((xm - x1) * (y2 - y1) - (ym - y1) * (x2 - x1))).toBeGreaterThan(1e-4);
      } else {
        kinds.add('discs');
        expect(xm).toBeCloseTo(0.5 * (x1 + x2), 6);
        expect(ym).toBeCloseTo(0.5 * (y1 + y2), 6);
      }
    }
    expect([...kinds].sort()).toEqual(['discs', 'polygon', 'wall']);
  });
});
