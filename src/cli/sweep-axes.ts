/** The axes of a sweep (`--set key=a,b,c`, `--dt-over-tc`) and their combinations, for `sim sweep` and `sim convergence`. */
import { fail, UsageError } from './errors';

/** Splits a --set value into the values to sweep over (JSON arrays stay whole). */
export function sweepValues(assignment: string): string[] {
  const eq = assignment.indexOf('=');
  if (eq <= 0) fail(new UsageError(`--set ${assignment}: expected key=value`));
  const key = assignment.slice(0, eq), value = assignment.slice(eq + 1);
  if (value.trim().startsWith('[')) return [assignment];
  return value.split(',').map((v) => `${key}=${v.trim()}`);
}

/** Every combination of one value from each axis, the first axis slowest. */
export function combinations(axes: string[][]): string[][] {
  let combos: string[][] = [[]];
  for (const axis of axes) combos = combos.flatMap((c) => axis.map((a) => [...c, a]));
  return combos;
}
