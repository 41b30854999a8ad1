/**
 * One argument grammar for every `sim` command (issue 39; docs/cli.md#argument-grammar): each command declares
 * its positional arguments and the options it uses, and the command line is checked against that before any
 * work starts — a missing or extra positional (`list x`), an option the command does not use (`--threads` on
 * `export lammps`), an empty value, are refused with exit 2 naming the argument. Numbers have one form
 * each: a count is decimal digits only (`2`, not `0x2`, `1e0`, ` 2`, `2.0`), a real number is plain decimal
 * (`0.02`, `1e-3`, not `0x1`, `Infinity`, ` 1`), a list is such values separated by commas without spaces.
 */
import { parseArgs } from 'node:util';
import { strictDecimal } from '../core/config/param-check';
import { printable, UsageError } from './errors';

/** Every option of `sim`; a command takes the ones its shape lists (and --help). */
export const OPTIONS = {
  set: { type: 'string', multiple: true },
  out: { type: 'string' },
  variant: { type: 'string', multiple: true },
  'dt-over-tc': { type: 'string' },
  steps: { type: 'string' },
  column: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  json: { type: 'boolean' },
  doc: { type: 'string' },
  threads: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type OptionName = Exclude<keyof typeof OPTIONS, 'help'>;

/** What a command takes: its positional arguments by name, in order, and its options. */
export interface CommandShape {
  positionals: readonly string[];
  options: readonly OptionName[];
}

export const COMMANDS = {
  run: { positionals: ['scenario'], options: ['set', 'out', 'threads'] },
  sweep: { positionals: ['scenario'], options: ['set', 'dt-over-tc', 'json', 'doc'] },
  convergence: { positionals: ['scenario'], options: ['set', 'steps', 'json', 'doc'] },
  'delta-ek': { positionals: ['scenario'], options: ['set', 'dt-over-tc', 'out'] },
  compare: { positionals: ['scenario'], options: ['set', 'variant', 'out'] },
  fit: { positionals: ['tracks.csv'], options: ['column', 'from', 'to'] },
  export: { positionals: ['format', 'scenario'], options: ['set', 'out'] },
  list: { positionals: [], options: [] },
} as const satisfies Record<string, CommandShape>;

export type CommandName = keyof typeof COMMANDS;

/** Options whose value may be empty: `--variant ""` is the scenario as it is, `--set ''` is refused by its own parser. */
const MAY_BE_EMPTY: readonly OptionName[] = ['variant', 'set'];

export interface CommandLine {
  command: CommandName;
  /** The positional arguments by name (`scenario`, `tracks.csv`, `format`) */
  args: Record<string, string>;
  set: string[];
  variant: string[];
  json: boolean;
  /** The string options given (absent ones undefined) */
  value: Partial<Record<Exclude<OptionName, 'set' | 'variant' | 'json'>, string>>;
}

const quote = (s: string) => `'${printable(s.length > 60 ? `${s.slice(0, 60)}…` : s)}'`;

/** The command line checked against its command's shape; null for --help (or no command). Throws UsageError. */
export function parseCommandLine(argv: string[]): CommandLine | null {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (e) {
    throw new UsageError(`${(e as Error).message} (see --help)`);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === undefined) return null;
  if (!Object.hasOwn(COMMANDS, command)) throw new UsageError(`unknown command ${quote(command)}; use ${Object.keys(COMMANDS).join(', ')}`);
  const name = command as CommandName;
  const shape: CommandShape = COMMANDS[name];
  const problems: string[] = [];
  const named = shape.positionals.map((p) => (p === 'format' ? 'a format (lammps)' : p === 'scenario' ? 'a scenario (a .json file or a built-in name: npm run sim -- list)' : `a ${p} file`));
  if (rest.length < shape.positionals.length) problems.push(`${name} needs ${named.slice(rest.length).join(' and ')}`);
  if (rest.length > shape.positionals.length) {
    const takes = shape.positionals.length ? `takes ${shape.positionals.length === 1 ? 'one argument' : `${shape.positionals.length} arguments`} (${shape.positionals.join(', ')})` : 'takes no arguments';
    problems.push(`unexpected argument(s) ${rest.slice(shape.positionals.length).map(quote).join(' ')}: ${name} ${takes}`);
  }
  for (const [option, v] of Object.entries(values) as [keyof typeof OPTIONS, unknown][]) {
    if (option === 'help' || v === undefined) continue;
    if (!(shape.options as readonly string[]).includes(option)) {
      problems.push(`--${option}: ${name} does not use this option (it takes ${shape.options.length ? shape.options.map((o) => `--${o}`).join(', ') : 'none'})`);
    } else if (v === '' && !MAY_BE_EMPTY.includes(option)) problems.push(`--${option}: must not be empty`);
  }
  if (problems.length) throw new UsageError(problems.join('\n'));
  const args = Object.fromEntries(shape.positionals.map((p, k) => [p, rest[k]]));
  const { set, variant, json, ...value } = values;
  return { command: name, args, set: set ?? [], variant: variant ?? [], json: json ?? false, value: value as CommandLine['value'] };
}

/** A count in decimal digits ('2'; not '0x2', '1e0', ' 2', '2.0', '+2', '02'), from min to max. */
export function parseCount(text: string, field: string, min: number, max: number): number {
  const v = /^(0|[1-9]\d{0,15})$/.test(text) ? Number(text) : NaN;
  if (!(v >= min && v <= max)) throw new UsageError(`${field}: ${quote(text)} is not an integer from ${min} to ${max.toLocaleString('en-US')} (decimal digits only, like ${min})`);
  return v;
}

/** A finite real number in plain decimal form ('0.02', '-1.5e-3'; not '0x1', 'Infinity', ' 1', '1e999'). */
export function parseReal(text: string, field: string, example: string): number {
  const v = strictDecimal(text);
  if (!Number.isFinite(v)) throw new UsageError(`${field}: ${quote(text)} is not a number (plain decimal, like ${example})`);
  return v;
}

/** A comma-separated list of at least `least` values, each read by `item` (no spaces, no empty entries). */
export function parseList<T>(text: string, field: string, least: number, item: (cell: string) => T, example: string): T[] {
  const cells = text.split(',');
  if (cells.length < least) throw new UsageError(`${field}: expected at least ${least} values separated by commas, like ${example}; got ${quote(text)}`);
  return cells.map(item);
}
