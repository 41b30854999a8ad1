/** Comparing two worlds column by column, bit for bit (the fused pass's and the worker pool's tests). */
import type { World } from '../../src/core/sim/world';

const BODY_COLUMNS = ['x', 'y', 'phi', 'vx', 'vy', 'omega', 'fx', 'fy', 'tau'] as const;
const RECORD_COLUMNS = [
  'i', 'j', 'feature', 'law', 'nx', 'ny', 'delta', 'depth', 'lc', 'ratio', 'rin', 'rit', 'rjn', 'rjt', 'un', 'ut', 'mr',
  'gn', 'gt', 'kt', 'fe', 'fn', 'ft', 'xi', 'xiEval', 'cx', 'cy', 'isNew', 'prevIndex',
] as const;
const MONITOR_COLUMNS = ['prev', 'clean', 'freeSteps', 'freeVx', 'freeVy', 'pending', 'onStep'] as const;

/**
 * Every difference between two worlds' bodies, contact records and energy accounts, by name. With
 * `sumsWithin` the energy account's sums may differ by that relative amount (a sum added in another order;
 * the residual by that much of the largest term it is the balance of).
 */
export function differences(a: World, b: World, sumsWithin = 0): string[] {
  const out: string[] = [];
  const n = a.bodies.n;
  for (const f of BODY_COLUMNS) {
    for (let k = 0; k < n; k++) if (!Object.is(a.bodies[f][k], b.bodies[f][k])) { out.push(`body ${k} ${f}`); break; }
  }
  const ca = a.contacts, cb = b.contacts;
  if (ca.count !== cb.count || ca.pairContacts !== cb.pairContacts) out.push(`contact count ${ca.count}/${ca.pairContacts} vs ${cb.count}/${cb.pairContacts}`);
  for (const f of RECORD_COLUMNS) {
    for (let k = 0; k < ca.count; k++) if (!Object.is(ca[f][k], cb[f][k])) { out.push(`contact ${k} ${f}`); break; }
  }
  // the candidate pair a contact came from (a wall contact has none)
  for (let k = 0; k < ca.pairContacts; k++) if (ca.pair[k] !== cb.pair[k]) { out.push(`contact ${k} pair`); break; }
  // the collision monitor's bookkeeping: each body's partner this step (found by the pass that made the contacts,
  // kept as `prev` once the step is observed; the partner column is then NONE again) and state
  const ma = a.collisions.columns, mb = b.collisions.columns;
  for (const f of MONITOR_COLUMNS) {
    for (let k = 0; k < n; k++) if (!Object.is(ma[f][k], mb[f][k])) { out.push(`monitor ${k} ${f}`); break; }
  }
  if (a.collisions.count !== b.collisions.count || !Object.is(a.collisions.last, b.collisions.last)) out.push('monitor: collisions measured');
  if (a.collisions.open !== b.collisions.open) out.push(`monitor: ${a.collisions.open} vs ${b.collisions.open} bodies in open collisions`);
  const da = a.diagnostics(), db = b.diagnostics();
  // the residual is what is left of the account's terms: their rounding, not its own size, bounds its difference
  const terms = Math.max(...(['ek', 'eElastic', 'workIn', 'dissipatedNormal', 'dissipatedTangential', 'dissipatedSlip'] as const).map((f) => Math.abs(da[f])));
  for (const f of ['ek', 'eElastic', 'workIn', 'maxOverlapRatio', 'dissipatedNormal', 'dissipatedTangential', 'dissipatedSlip', 'energyResidual'] as const) {
    const scale = f === 'energyResidual' ? terms : Math.max(Math.abs(da[f]), Math.abs(db[f]));
    if (!Object.is(da[f], db[f]) && !(Math.abs(da[f] - db[f]) <= sumsWithin * scale)) {
      out.push(`diagnostic ${f}: ${da[f]} vs ${db[f]}`);
    }
  }
  return out;
}
