/**
 * The energy ledger's columns of series.csv (issue 11 item 2; Diagnostics in core/sim/world-types.ts): the
 * elastic energy's normal and tangential springs, the kinetic energy of moving walls, the energy supplied
 * (E at the ledger's baseline + work done from outside since; work_hand is the hand's part of all the work
 * done from outside since the start), what the normal dashpots, the tangential
 * dashpots and Coulomb sliding dissipated, and the residual. Per row,
 *   Ek + Ek_walls + E_elastic + E_potential + dissipated_* = E_supplied + E_residual.
 * The ledger's cells are empty where it has no exact account (polygons, contact dynamics).
 */
import type { Diagnostics } from '../core/sim/world-types';

export const LEDGER_HEADER = [
  'E_elastic_normal', 'E_elastic_tangential', 'Ek_walls', 'E_supplied', 'work_hand',
  'dissipated_normal', 'dissipated_tangential', 'dissipated_slip', 'E_residual',
];

const cell = (v: number) => (Number.isNaN(v) ? '' : v);

export function ledgerCells(d: Diagnostics): (number | string)[] {
  return [d.eElasticNormal, d.eElasticTangential, d.ekWalls, cell(d.energySupplied), d.workHand,
    cell(d.dissipatedNormal), cell(d.dissipatedTangential), cell(d.dissipatedSlip), cell(d.energyResidual)];
}
