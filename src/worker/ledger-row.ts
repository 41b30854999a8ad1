/** The energy ledger's columns of a series row (SERIES_COLUMNS), from the core's Diagnostics. */
import { SERIES_COLUMNS } from '../protocol/api';
import type { Diagnostics } from '../core/sim/world-types';

const LEDGER_KEYS = ['ekWalls', 'ePotential', 'energySupplied', 'dissipatedNormal', 'dissipatedTangential', 'dissipatedSlip', 'energyResidual'] as const;
const LEDGER_ROWS = LEDGER_KEYS.map((k) => SERIES_COLUMNS.indexOf(k));

export function writeLedger(row: Float64Array, d: Diagnostics): void {
  for (let c = 0; c < LEDGER_KEYS.length; c++) row[LEDGER_ROWS[c]] = d[LEDGER_KEYS[c]];
}
