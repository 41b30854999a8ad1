/**
 * The energy ledger's residual as a share of the energy supplied (the energy at the start plus the work done from
 * outside since), as the ledger chart's title and the tangential-update lesson's headline both print it: one formula
 * on the worker's own two numbers (issue 36: the title divided by the supplied line as drawn, which is shifted by the
 * window's lowest potential energy, and read 10 % where the headline read 7.43 %).
 */
import { fmtNum } from '../controls/format';

/** "7.43 %" (three digits, as the panel prints numbers), or '' when nothing was supplied or the residual is missing. */
export function residualShare(residual: number, supplied: number): string {
  return Number.isFinite(residual) && supplied > 0 ? `${fmtNum((100 * residual) / supplied)} %` : '';
}
