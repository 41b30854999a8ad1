/**
 * The generated tables of docs/ (src/cli/doc-block.ts): every block is well formed, names a command that exists, an
 * npm script whose own argument parser declares each option the command gives, and a `--doc` that points back at
 * the block itself; its first line names the same command. The commands are not run to check this (a benchmark must
 * not start inside a test). One cheap deterministic block, the case-i convergence orders, is regenerated and compared
 * with the page byte for byte, so that table cannot drift from the code.
 */
import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { findBlock, listBlocks } from '../../src/cli/doc-block';
import { ROOT, sim, tmpFolder } from '../cli/run-cli';

const DOCS = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
const SCRIPTS = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

const blocks = DOCS.flatMap((file) => listBlocks(readFileSync(join(ROOT, file), 'utf8')).map((b) => ({ file, ...b })));

/** The text of a block in a Markdown file */
function blockOf(text: string, file: string, block: string): string {
  const { from, to } = findBlock(text, { file, block });
  return text.slice(from, to);
}

/** The options a script declares to node:util's parseArgs (`name: { type: … }`), in its file or a module beside it that it imports (sim.ts: command-grammar.ts) */
function declaredOptions(file: string): Set<string> {
  const source = readFileSync(join(ROOT, file), 'utf8');
  const beside = [...source.matchAll(/from '\.\/([\w-]+)'/g)].map((m) => readFileSync(join(ROOT, dirname(file), `${m[1]}.ts`), 'utf8'));
  return new Set([source, ...beside].flatMap((text) => [...text.matchAll(/['"]?([\w-]+)['"]?\s*:\s*\{\s*type:\s*'(?:string|boolean)'/g)].map((m) => m[1])));
}

describe('generated blocks in docs/', () => {
  it('there are some, in the validation and benchmark pages', () => {
    expect(blocks.filter((b) => b.file === 'docs/validation.md').length).toBeGreaterThan(5);
    expect(blocks.filter((b) => b.file === 'docs/benchmarks.md').length).toBeGreaterThan(5);
  });

  for (const b of blocks) {
    it(`${b.file}#${b.block} (line ${b.line}) names a real command that writes this block`, () => {
      const text = readFileSync(join(ROOT, b.file), 'utf8');
      const body = blockOf(text, b.file, b.block);
      // the line under the marker shows the same command (written by it, or kept from an earlier run by hand)
      expect(body.split('\n')[2]).toMatch(new RegExp(`^(Written by|Not regenerated yet:) \`${b.command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\``));
      const m = /^npm run ([\w:-]+) -- (.+)$/.exec(b.command);
      expect(m, 'the command is `npm run <script> -- <arguments>`').not.toBeNull();
      const [, script, rest] = m!;
      expect(rest).not.toMatch(/['"`]/); // plain words: split on spaces below
      const file = /^tsx (\S+\.ts)$/.exec(SCRIPTS[script] ?? '')?.[1];
      expect(file, `npm script '${script}' runs a TypeScript file with tsx`).toBeDefined();
      const options = declaredOptions(file!);
      const args = rest.split(' ');
      const unknown = args.filter((a) => a.startsWith('--') && !options.has(a.slice(2)));
      expect(unknown, `options ${file} does not declare`).toEqual([]);
      expect(args[args.indexOf('--doc') + 1]).toBe(`${b.file}#${b.block}`);
    });
  }
});

describe('a deterministic block regenerated', () => {
  it('the case-i convergence orders in docs/validation.md are what the command writes today', () => {
    const file = 'docs/validation.md', block = 'gssss-orders-case-i';
    const b = blocks.find((x) => x.file === file && x.block === block)!;
    const dir = tmpFolder('generated-blocks-');
    mkdirSync(join(dir, 'docs'));
    cpSync(join(ROOT, file), join(dir, file));
    const r = sim(b.command.replace(/^npm run sim -- /, '').split(' '), { cwd: dir });
    const regenerated = readFileSync(join(dir, file), 'utf8');
    rmSync(dir, { recursive: true, force: true });
    expect(r.code, r.err).toBe(0);
    expect(blockOf(regenerated, file, block)).toBe(blockOf(readFileSync(join(ROOT, file), 'utf8'), file, block));
  });
});
