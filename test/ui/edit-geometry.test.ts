/**
 * Build mode's drawing geometry (src/ui/edit/edit-geometry.ts): Shift's snap puts points on the 5 mm grid and a
 * segment's end at a multiple of 15° and a grid length from its start, exact on the axes (no 6e-17 from cos 90°);
 * a press picks the nearest wall within the tolerance — a segment by its distance to the segment, a line wall by
 * its distance to the line.
 */
import { describe, expect, it } from 'vitest';
import { segmentDistance, snapEnd, snapToGrid, wallAt, type DrawnWall } from '../../src/ui/edit/edit-geometry';

describe('build mode geometry', () => {
  it('snaps points to the grid and ends to 15° and a grid length', () => {
    expect(snapToGrid([0.0123, -0.0476])).toEqual([0.01, -0.05]);
    expect(snapToGrid([0.0951, 0.1049])).toEqual([0.095, 0.105]);
    expect(snapEnd([0.1, 0.2], [0.1004, 0.2512])).toEqual([0.1, 0.25]); // straight up: x exactly kept
    expect(snapEnd([0.1, 0.2], [0.0489, 0.2003])).toEqual([0.05, 0.2]); // to the left
    const e = snapEnd([0, 0], [0.0866, 0.0505]); // 30.2° and 0.1002 m: 30° and 0.1 m
    expect(e[0]).toBeCloseTo(0.1 * Math.cos(Math.PI / 6), 12);
    expect(e[1]).toBeCloseTo(0.05, 12);
  });

  it('picks the nearest wall within the tolerance', () => {
    const seg: DrawnWall = { kind: 1, ax: 0, ay: 0, bx: 0.1, by: 0, nx: 0, ny: 1 };
    const line: DrawnWall = { kind: 0, ax: 0.3, ay: 0, bx: 0, by: 0, nx: -1, ny: 0 };
    expect(segmentDistance([0.05, 0.01], [0, 0], [0.1, 0])).toBeCloseTo(0.01, 15);
    expect(segmentDistance([0.13, 0.04], [0, 0], [0.1, 0])).toBeCloseTo(0.05, 15); // past its end: to the end
    expect(wallAt([seg, line], [0.05, 0.002], 0.005)).toBe(0);
    expect(wallAt([seg, line], [0.298, 5], 0.005)).toBe(1); // the line runs on for ever
    expect(wallAt([seg, line], [0.2, 0.1], 0.005)).toBe(-1);
    expect(wallAt([seg, line], [0.11, 0.002], 0.005)).toBe(-1); // beyond the segment's end
  });
});
