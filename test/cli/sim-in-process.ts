/**
 * The headless runner's `main` run inside the test's own process: its writes to process.stdout and stderr
 * captured, and process.exit turned into a thrown exit that ends the command there, as the real exit would.
 * A refusal costs milliseconds here where a spawned `node sim.mjs` costs ≈ 0.3 s of start-up (run-cli.ts);
 * the tests of the real process (exit code, stderr, signals) keep spawning it.
 */
import { main } from '../../src/cli/sim';
import type { SimResult } from './run-cli';

class Exit extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}

/** Runs `sim <args>` in this process (working folder: this process's) to its end or its process.exit. */
export async function simInProcess(args: string[]): Promise<SimResult> {
  const saved = { exit: process.exit, out: process.stdout.write, err: process.stderr.write, exitCode: process.exitCode };
  let out = '', err = '', code: number | null = null;
  const capture = (append: (s: string) => void) => ((chunk: string | Uint8Array) => (append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), true)) as typeof process.stdout.write;
  process.exit = ((c?: number) => {
    throw new Exit(c ?? 0);
  }) as typeof process.exit;
  process.stdout.write = capture((s) => (out += s));
  process.stderr.write = capture((s) => (err += s));
  process.exitCode = undefined;
  try {
    await main(args);
    code = Number(process.exitCode ?? 0);
  } catch (e) {
    if (!(e instanceof Exit)) throw e;
    code = e.code;
  } finally {
    process.exit = saved.exit;
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
    process.exitCode = saved.exitCode;
  }
  return { code, signal: null, out, err, rssMB: NaN };
}
