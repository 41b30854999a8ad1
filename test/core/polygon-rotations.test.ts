/**
 * The polygons' rotations in WebAssembly (wasm/assembly/polygon-rotations.ts): cos φ and sin φ from one argument
 * reduction by fdlibm's algorithms must be V8's Math.cos and Math.sin bit for bit (else every polygon scene's bits
 * would change with them), and the outlines the JavaScript loop's (contacts/polygon-rotations.ts).
 */
import { describe, expect, it } from 'vitest';
import { rotatePolygons, type RotationColumns } from '../../src/core/contacts/polygon-rotations';
import { POLYGON } from '../../src/core/shapes/shape-kind';
import { WasmArena } from '../../src/core/wasm/wasm-arena';
import { WasmKernels } from '../../src/core/wasm/kernels';
import { Rng } from '../../src/core/math/rng';
import { worldOf } from '../helpers';

/** Columns for n bodies in `arena`, every body a polygon with `sides` vertices */
function columns(arena: WasmArena, n: number, sides: number): RotationColumns {
  const r: RotationColumns = {
    shape: arena.u8(n)!, ephi: arena.f64(n)!, ex: arena.f64(n)!, ey: arena.f64(n)!, vertexStart: arena.i32(n)!, vertexCount: arena.i32(n)!,
    vertices: arena.f64(2 * sides * n)!, cosPhi: arena.f64(n)!, sinPhi: arena.f64(n)!, worldVertices: arena.f64(2 * sides * n)!,
  };
  r.shape.fill(POLYGON);
  r.vertexCount.fill(sides);
  for (let k = 0; k < n; k++) r.vertexStart[k] = sides * k;
  return r;
}

describe('the polygons\' rotations in WebAssembly', () => {
  it('give Math.cos and Math.sin bit for bit: a million angles, from tiny to beyond the reduction\'s medium range, near multiples of π/2, and NaN and ±∞', () => {
    const arena = WasmArena.create(64 << 20)!, w = WasmKernels.create(arena)!;
    const n = 1 << 20, r = columns(arena, n, 0), phi = r.ephi, gen = new Rng(7), rng = () => gen.next();
    const scales = [1e-300, 1e-9, 0.5, Math.PI / 4, 3, 10, 1e3, 823_550, 1e6, 1e12];
    for (let k = 0; k < n; k++) {
      const m = k % 12;
      if (m < scales.length) phi[k] = (2 * rng() - 1) * scales[m];
      else phi[k] = Math.round((2 * rng() - 1) * 2000) * (Math.PI / 2) * (1 + (rng() - 0.5) * 1e-15); // within ulps of a multiple of π/2
    }
    phi.set([0, -0, NaN, Infinity, -Infinity, Math.PI / 4, -Math.PI / 4, 3 * Math.PI / 4, 2 ** 19 * Math.PI / 2, Number.MIN_VALUE]);
    rotatePolygons(r, 0, n, w);
    let wrong = 0, first = '';
    for (let k = 0; k < n; k++) {
      if (!Object.is(r.cosPhi[k], Math.cos(phi[k])) || !Object.is(r.sinPhi[k], Math.sin(phi[k]))) {
        if (wrong++ === 0) first = `φ = ${phi[k]}: cos ${r.cosPhi[k]} against ${Math.cos(phi[k])}, sin ${r.sinPhi[k]} against ${Math.sin(phi[k])}`;
      }
    }
    expect(first).toBe('');
    expect(wrong).toBe(0);
  });

  it('give the JavaScript loop\'s outlines, and a polygon scene runs them', () => {
    const arena = WasmArena.create(8 << 20)!, w = WasmKernels.create(arena)!;
    const n = 5000, sides = 6, a = columns(arena, n, sides), b = columns(arena, n, sides), gen = new Rng(3), rng = () => gen.next();
    for (let k = 0; k < n; k++) {
      a.ephi[k] = (2 * rng() - 1) * 50; a.ex[k] = rng(); a.ey[k] = rng();
      if (k % 7 === 0) a.shape[k] = 0; // a disc among them: skipped
    }
    for (let q = 0; q < a.vertices.length; q++) a.vertices[q] = 0.01 * (2 * rng() - 1);
    for (const key of ['shape', 'ephi', 'ex', 'ey', 'vertices'] as const) b[key].set(a[key] as never);
    rotatePolygons(a, 0, n, w);
    rotatePolygons(b, 0, n, null); // the loop with Math's
    for (const key of ['cosPhi', 'sinPhi', 'worldVertices'] as const) {
      let same = true;
      for (let q = 0; q < a[key].length; q++) if (!Object.is(a[key][q], b[key][q])) same = false;
      expect(same, key).toBe(true);
    }
    const world = worldOf('polygon-pile'), kernels = world.wasm!, real = kernels.rotatePolygons;
    let calls = 0;
    (kernels as { rotatePolygons: (...x: number[]) => void }).rotatePolygons = (...x: number[]) => { calls++; real(...x); };
    world.step(10);
    expect(calls).toBe(10); // one a force evaluation: the columns are in the kernels' arena
  });
});
