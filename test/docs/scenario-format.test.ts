/**
 * The scenario format's table in docs/cli.md#scenario-files keeps up with the schema: every field of the scenario,
 * its material, solver, run, particles, generators and walls (src/core/scenarios/schema.ts) is named in the
 * section, in backticks; and every scene edit (src/core/scenarios/edit-schema.ts) with its fields in #scene-edits.
 */
import { expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  boxWallSchema, grainWallGeneratorSchema, latticeGeneratorSchema, lineWallSchema, materialSchema, particleSchema,
  randomGeneratorSchema, runSchema, scenarioSchema, segmentWallSchema, solverSchema,
} from '../../src/core/scenarios/schema';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

it('every field of the scenario schema is documented in docs/cli.md#scenario-files', () => {
  const doc = readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8');
  const start = doc.indexOf('\n## Scenario files');
  expect(start).toBeGreaterThan(0);
  const end = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, end < 0 ? undefined : end);
  const named = new Set([...section.matchAll(/`([^`]*)`/g)].flatMap((m) => m[1].split(/[^\w]+/)));
  const schemas = {
    scenario: scenarioSchema, material: materialSchema, solver: solverSchema, run: runSchema, particle: particleSchema,
    'lattice generator': latticeGeneratorSchema, 'random generator': randomGeneratorSchema, 'grain-wall generator': grainWallGeneratorSchema,
    'line wall': lineWallSchema, 'segment wall': segmentWallSchema, 'box wall': boxWallSchema,
  };
  const missing = Object.entries(schemas).flatMap(([what, schema]) =>
    Object.keys(schema.shape).filter((field) => !named.has(field)).map((field) => `${what}.${field}`));
  expect(missing, `not in docs/cli.md#scenario-files: ${missing.join(', ')}`).toEqual([]);
});

it('every scene edit and each of its fields is documented in docs/cli.md#scene-edits', async () => {
  const { sceneEditSchema } = await import('../../src/core/scenarios/edit-schema');
  const doc = readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8');
  const start = doc.indexOf('\n## Scene edits');
  expect(start).toBeGreaterThan(0);
  const section = doc.slice(start, doc.indexOf('\n## ', start + 1));
  const named = new Set([...section.matchAll(/`([^`]*)`/g)].flatMap((m) => [m[1], ...m[1].split(/[^\w-]+/)]));
  const missing = sceneEditSchema.options.flatMap((edit) => {
    const op = String(edit.shape.op.value);
    return [op, ...Object.keys(edit.shape).filter((f) => f !== 'op')].filter((f) => !named.has(f)).map((f) => `${op}.${f}`);
  });
  expect(missing, `not in docs/cli.md#scene-edits: ${missing.join(', ')}`).toEqual([]);
});
