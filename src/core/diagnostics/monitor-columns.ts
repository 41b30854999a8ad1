/** The collision monitor's columns (diagnostics/collision-monitor.ts), apart so its WebAssembly glue (collision-monitor-wasm.ts) reads them too. */
const EMPTY_I32 = new Int32Array(0), EMPTY_U8 = new Uint8Array(0), EMPTY_F64 = new Float64Array(0);

/** The monitor's columns: per body, and per chunk of bodies for the restitutions measured in it */
export class MonitorColumns {
  /** this step's partner of each body (another body, NONE or MANY; all NONE between steps, freeFlight clears it) and last step's */
  partner = EMPTY_I32;
  prev = EMPTY_I32;
  /** 1 while the body has touched at most one other body since it was last free */
  clean = EMPTY_U8;
  /** steps the body has been free of contacts (its velocity is a settled free flight after SETTLE_STEPS) */
  freeSteps = EMPTY_I32;
  freeVx = EMPTY_F64;
  freeVy = EMPTY_F64;
  /** line of centres (towards this body) when its contact began, and the step it began at */
  onX = EMPTY_F64;
  onY = EMPTY_F64;
  onStep = EMPTY_F64;
  /** a parted pair waiting to settle, on its lower index: the other body, the approach speed, the step */
  pending = EMPTY_I32;
  pendingBefore = EMPTY_F64;
  pendingStep = EMPTY_F64;
  /** the line of centres when the pair parted */
  offX = EMPTY_F64;
  offY = EMPTY_F64;
  /** restitutions measured this step: how many in chunk c, and their values from c · BODY_CHUNK on */
  found = EMPTY_I32;
  foundE = EMPTY_F64;
  /** bodies of chunk c in a collision that has not ended: a clean contact of two movable bodies younger than the lasting limit, or parted and settling */
  open = EMPTY_I32;
}
