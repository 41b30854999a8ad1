/**
 * The last line before a number reaches an output file (issue 39): a row with a NaN or ±Infinity in a number
 * cell is not written; the writer names the cell and the run stops with that message, as the divergence check
 * stops it, so every file ends on its last finite row. (Cells a file leaves empty by design — a ledger without
 * an exact account, a contact out of touch — are '' before they get here.)
 */

/** `Ek = Infinity` for the first number cell that is not finite, or null when every one is. */
export function nonFiniteCell(header: readonly string[], cells: readonly (number | string)[]): string | null {
  for (let c = 0; c < cells.length; c++) {
    const v = cells[c];
    if (typeof v === 'number' && !Number.isFinite(v)) return `${header[c] ?? `column ${c + 1}`} = ${v}`;
  }
  return null;
}
