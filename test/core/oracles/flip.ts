/**
 * JavaScript oracle of src/core/wasm/assembly/polygon-plane.ts's flipNormal (test/core/polygon-wasm.test.ts).
 * Which normal a contact line of unit direction d = (dx, dy) gives (the flip and its hysteresis,
 * docs/model.md#contact-plane-for-polygons): the candidates n_a = ẑ×d and n_b = d; the one closer to the centre line b
 * wins, i.e. the smaller β, the angle to b folded into [0°, 90°]: β_a = acos|n_a·b| ≤ β_b = 90° − β_a exactly when
 * |n_a·b| ≥ cos 45°. With hysteresis h > 0 last step's choice stays unless the other's β is smaller by more than h
 * (only then is β_a itself computed). Writes the normal oriented along b (n·b ≥ 0) to out[0], out[1] and returns the
 * choice (0: n_a, 1: n_b). `previous` < 0: no previous choice.
 */
export function flipNormal(dx: number, dy: number, bx: number, by: number, previous: number, hysteresis: number, out: Float64Array): number {
  const a = Math.abs(-dy * bx + dx * by);
  let choice = a >= Math.SQRT1_2 ? 0 : 1;
  if (previous >= 0 && hysteresis > 0 && choice !== previous) {
    const betaA = Math.acos(Math.min(1, a)), betaB = Math.PI / 2 - betaA;
    const kept = previous === 0 ? betaA : betaB, other = previous === 0 ? betaB : betaA;
    if (kept - other <= hysteresis) choice = previous;
  }
  let nx = choice === 0 ? -dy : dx, ny = choice === 0 ? dx : dy;
  if (nx * bx + ny * by < 0) { nx = -nx; ny = -ny; }
  out[0] = nx; out[1] = ny;
  return choice;
}
