/**
 * The command line of the npm scripts that measure (bench, bench:browser, fuzz, fuzz:browser): node:util's
 * parseArgs, a refused argument named with the usage (exit 2), and `--help` printing the usage (exit 0).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Prints `error: <message>` and exits 2: a refused argument */
export function refuse(message: string): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(2);
}

/** The parsed options of `config` (which declares `help`); refuses what parseArgs refuses, answers --help */
export function scriptArgs<T extends ParseArgsConfig & { options: { help: { type: 'boolean' } } }>(config: T, usage: string): ReturnType<typeof parseArgs<T>>['values'] {
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs(config);
  } catch (e) {
    refuse(`${(e as Error).message}\n${usage}`);
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(usage);
    process.exit(0);
  }
  return parsed.values;
}
