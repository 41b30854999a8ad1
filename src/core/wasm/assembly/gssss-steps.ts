/**
 * AssemblyScript source of GSSSS's per-body lines in WebAssembly (issue 9): integrators/gssss.ts's
 * predictCoordinate and updateCoordinate, expression for expression (the same bits), one coordinate per
 * call over bodies [k0, k1). Columns are byte offsets into the arena's memory (wasm/wasm-arena.ts).
 *   1  q̃ = q_n + W1 Δt v_n + W2Λ2 Δt² a_n ;  ṽ = v_n + W1 Δt a_n               (docs/model.md#explicit-gssss-family)
 *   3–4  Δa = (a* − a_n)/W1Λ6 ;  q += Δt v + ½Δt² a + λ3 Δt² Δa ;  v += Δt a + λ5 Δt Δa ;  a += Δa
 */

/** q̃, ṽ of one coordinate (eq, ev) from q, v, a */
export function gssssPredictCoordinate(q: usize, v: usize, a: usize, eq: usize, ev: usize, k0: i32, k1: i32, pv: f64, pa: f64, va: f64): void {
  for (let k = k0; k < k1; k++) {
    const o = <usize>k << 3;
    const vk = load<f64>(v + o), ak = load<f64>(a + o);
    store<f64>(eq + o, load<f64>(q + o) + pv * vk + pa * ak);
    store<f64>(ev + o, vk + va * ak);
  }
}

/** Lines 3–4 of one coordinate: a* = f/m unless a flag in `held` holds it (then 0) */
export function gssssUpdateCoordinate(
  q: usize, v: usize, acc: usize, f: usize, invM: usize, flags: usize, held: i32, k0: i32, k1: i32,
  dt: f64, h: f64, l3: f64, l5: f64, inv: f64,
): void {
  for (let k = k0; k < k1; k++) {
    const o = <usize>k << 3;
    const a = load<f64>(acc + o);
    const d = (load<f64>(f + o) * ((load<u8>(flags + <usize>k) & held) == 0 ? load<f64>(invM + o) : 0) - a) * inv;
    const vk = load<f64>(v + o);
    store<f64>(q + o, load<f64>(q + o) + dt * vk + h * a + l3 * d);
    store<f64>(v + o, vk + (dt * a + l5 * d));
    store<f64>(acc + o, a + d);
  }
}
