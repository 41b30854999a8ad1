/**
 * Which normal a contact line of direction θ gives (the flip and its hysteresis, docs/model.md#contact-plane-for-polygons): the
 * candidates n_a = ẑ×d and n_b = d (d = (cos θ, sin θ)); the one closer to the centre line b wins, i.e.
 * the smaller β, the angle to b folded into [0°, 90°]. With hysteresis h > 0 last step's choice stays
 * unless the other's β is smaller by more than h. Writes the normal oriented along b (n·b ≥ 0) to out[0],
 * out[1] and returns the choice (0: n_a, 1: n_b). `previous` < 0: no previous choice.
 */
export function flipNormal(theta: number, bx: number, by: number, previous: number, hysteresis: number, out: Float64Array): number {
  const dx = Math.cos(theta), dy = Math.sin(theta);
  const betaA = Math.acos(Math.min(1, Math.abs(-dy * bx + dx * by))), betaB = Math.PI / 2 - betaA;
  let choice = betaA <= betaB ? 0 : 1;
  if (previous >= 0 && hysteresis > 0 && choice !== previous) {
    const kept = previous === 0 ? betaA : betaB, other = previous === 0 ? betaB : betaA;
    if (kept - other <= hysteresis) choice = previous;
  }
  let nx = choice === 0 ? -dy : dx, ny = choice === 0 ? dx : dy;
  if (nx * bx + ny * by < 0) { nx = -nx; ny = -ny; }
  out[0] = nx; out[1] = ny;
  return choice;
}
