/**
 * AssemblyScript source of diagnostics/collision-monitor.ts's collisionEvents and freeFlight in
 * WebAssembly (issue 9), line for line (the same restitutions). A body's partner: another body, NONE (−1)
 * or MANY (−2). The restitution of a binary collision (in contact for at most maxSteps steps): e = −(separation
 * speed)/(approach speed) along the line of centres, with the velocities of the last free step before the contact
 * and SETTLE_STEPS after it.
 */
const NONE = -1, MANY = -2;
const HEAD_ON_COS = 0.9;
const SETTLE_STEPS = 10;

@inline function i32At(base: usize, k: i32): i32 { return load<i32>(base + (<usize>k << 2)); }
@inline function f64At(base: usize, k: i32): f64 { return load<f64>(base + (<usize>k << 3)); }
@inline function setI32(base: usize, k: i32, v: i32): void { store<i32>(base + (<usize>k << 2), v); }
@inline function setF64(base: usize, k: i32, v: f64): void { store<f64>(base + (<usize>k << 3), v); }

/**
 * Bodies [a0, a1) of chunk `chunk`: collisions that end now, and restitutions of those that settled; their count to
 * found[chunk], the bodies in a collision that has not ended to open[chunk]
 */
export function collisionEvents(
  partner: usize, prev: usize, clean: usize, pending: usize, onX: usize, onY: usize, onStep: usize, freeVx: usize, freeVy: usize,
  pendingBefore: usize, pendingStep: usize, offX: usize, offY: usize, found: usize, foundE: usize, open: usize,
  x: usize, y: usize, vx: usize, vy: usize, invMass: usize, a0: i32, a1: i32, steps: f64, maxSteps: f64, chunk: i32, chunkSize: i32,
): void {
  let count = 0, opened = 0;
  for (let a = a0; a < a1; a++) {
    const p = i32At(partner, a);
    if (p != NONE) {
      if (p != i32At(prev, a)) {
        setI32(pending, a, NONE);
        if (p != MANY && i32At(prev, a) == NONE) {
          const dx = f64At(x, a) - f64At(x, p), dy = f64At(y, a) - f64At(y, p), d = Math.sqrt(dx * dx + dy * dy);
          setF64(onX, a, d > 0 ? dx / d : 0); setF64(onY, a, d > 0 ? dy / d : 0); setF64(onStep, a, steps);
        }
      }
      if (p >= 0 && load<u8>(clean + <usize>a) == 1 && steps - f64At(onStep, a) <= maxSteps && f64At(invMass, a) > 0 && f64At(invMass, p) > 0) opened++;
      continue;
    }
    const q = i32At(prev, a);
    if (q > a && i32At(partner, q) == NONE && i32At(prev, q) == a && load<u8>(clean + <usize>a) == 1 && load<u8>(clean + <usize>q) == 1
      && steps - f64At(onStep, a) <= maxSteps && f64At(invMass, a) > 0 && f64At(invMass, q) > 0) {
      const wx = f64At(freeVx, a) - f64At(freeVx, q), wy = f64At(freeVy, a) - f64At(freeVy, q);
      const before = wx * f64At(onX, a) + wy * f64At(onY, a);
      const dx = f64At(x, a) - f64At(x, q), dy = f64At(y, a) - f64At(y, q), d = Math.sqrt(dx * dx + dy * dy);
      if (before < -HEAD_ON_COS * Math.sqrt(wx * wx + wy * wy) && before < 0 && d > 0) {
        setI32(pending, a, q); setF64(pendingBefore, a, before); setF64(pendingStep, a, steps);
        setF64(offX, a, dx / d); setF64(offY, a, dy / d);
      }
    }
    const r = i32At(pending, a);
    if (r != NONE && r != q) {
      if (i32At(partner, r) != NONE) setI32(pending, a, NONE);
      else if (steps - f64At(pendingStep, a) >= SETTLE_STEPS) {
        const after = (f64At(vx, a) - f64At(vx, r)) * f64At(offX, a) + (f64At(vy, a) - f64At(vy, r)) * f64At(offY, a);
        setF64(foundE, chunk * chunkSize + count++, -after / f64At(pendingBefore, a));
        setI32(pending, a, NONE);
      }
    }
    if (i32At(pending, a) != NONE) opened++;
  }
  setI32(found, chunk, count);
  setI32(open, chunk, opened);
}

/** Bodies [a0, a1): still clean, steps free, free-flight velocity; the partner kept as last step's, and reset to NONE */
export function freeFlight(partner: usize, prev: usize, clean: usize, freeSteps: usize, freeVx: usize, freeVy: usize, vx: usize, vy: usize, a0: i32, a1: i32): void {
  for (let a = a0; a < a1; a++) {
    const p = i32At(partner, a);
    setI32(partner, a, NONE);
    if (p != NONE) {
      if (p == i32At(prev, a)) continue;
      if (p == MANY) store<u8>(clean + <usize>a, 0);
      else if (i32At(prev, a) == NONE) { if (i32At(freeSteps, a) < SETTLE_STEPS) store<u8>(clean + <usize>a, 0); }
      else if (i32At(prev, a) != p) store<u8>(clean + <usize>a, 0);
      setI32(freeSteps, a, 0);
    } else {
      store<u8>(clean + <usize>a, 1);
      setI32(freeSteps, a, i32At(freeSteps, a) + 1);
      setF64(freeVx, a, f64At(vx, a));
      setF64(freeVy, a, f64At(vy, a));
    }
    setI32(prev, a, p);
  }
}
