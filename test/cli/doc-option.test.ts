/**
 * `sim sweep|convergence --doc FILE.md#BLOCK` (src/cli/doc-block.ts): the result is written as a Markdown table into
 * the block and nowhere else; a bad argument, a missing block or a command that makes no table is refused before
 * anything runs (exit 2, the field named), the file untouched.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sim, tmpFolder } from './run-cli';

const DOC = 'Before.\n\n<!-- generated t by: old -->\nold\n<!-- end generated t -->\n\nAfter.\n';

const folders: string[] = [];
afterAll(() => folders.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A fresh folder (removed after the tests) holding notes.md */
function folder(): string {
  const dir = tmpFolder('doc-option-');
  writeFileSync(join(dir, 'notes.md'), DOC);
  folders.push(dir);
  return dir;
}

describe('sim --doc', () => {
  it('sweep writes its t_R grid into the block under the command that made it', () => {
    const dir = folder();
    const args = ['sweep', 'two-disc', '--dt-over-tc', '0.1', '--set', 'tangential=cundall,geometric', '--doc', 'notes.md#t'];
    const r = sim(args, { cwd: dir });
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toBe(`Before.\n\n<!-- generated t by: npm run sim -- ${args.join(' ')} -->\n\n`
      + `Written by \`npm run sim -- ${args.join(' ')}\`.\n\n| Δt/t_c | 0.1 |\n|---|---|\n| tangential=cundall | 20.24 |\n| tangential=geometric | 119.31 |\n\n`
      + '<!-- end generated t -->\n\nAfter.\n');
  });

  const refusals: [string, string[], RegExp][] = [
    ['not FILE.md#BLOCK', ['sweep', 'two-disc', '--doc', 'notes.md'], /^error: --doc: 'notes\.md' is not FILE\.md#BLOCK/],
    ['a missing file', ['sweep', 'two-disc', '--doc', 'none.md#t'], /^error: --doc: cannot rewrite 'none\.md': no such file/],
    ['a missing block', ['convergence', 'case-i', '--doc', 'notes.md#u'], /^error: --doc: notes\.md, block 'u': no start marker/],
    ['a command without a table', ['run', 'two-disc', '--doc', 'notes.md#t'], /^error: --doc: run does not use this option \(it takes --set, --out, --threads\)$/m],
  ];
  for (const [what, args, message] of refusals) {
    it(`refuses ${what} (exit 2), the file untouched`, () => {
      const dir = folder();
      const r = sim(args, { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.out).toBe('');
      expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toBe(DOC);
    });
  }
});
