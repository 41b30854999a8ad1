/** A Markdown (GitHub) table from rows and column definitions: the tables the commands write into docs/ (doc-block.ts). */

export interface Column<R> {
  head: string;
  cell: (row: R) => string;
}

/** One line per row; a `|` inside a cell is escaped so that it cannot split the cell. */
export function markdownTable<R>(columns: Column<R>[], rows: R[]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(columns.map((c) => c.head)), `|${columns.map(() => '---').join('|')}|`, ...rows.map((r) => line(columns.map((c) => c.cell(r))))].join('\n');
}
