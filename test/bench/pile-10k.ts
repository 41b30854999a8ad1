/** The 10,000-disc pile used by the browser bench and the soak: the built-in pile, widened. */
import { getBuiltIn } from '../../src/core/index';
import type { ScenarioSpec } from '../../src/core/scenarios/schema';

export function pileSpec(count = 10_000): ScenarioSpec {
  const spec = structuredClone(getBuiltIn('pile')) as ScenarioSpec;
  spec.name = `pile-${count}`;
  spec.title = `Pile of ${count} discs`;
  const scale = Math.sqrt(count / 400);
  const w = 0.4 * scale * 0.9;
  spec.walls = [{ type: 'box', xmin: 0, xmax: w, ymin: 0, ymax: 1.5 * w, openTop: true }];
  const g = spec.generators[0];
  if (!g || g.type !== 'random') throw new Error('the built-in pile changed: expected one random generator');
  spec.generators = [{ ...g, count, region: [0.01, 0.02, w - 0.01, 1.3 * w] }];
  return spec;
}

export function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && i + 1 < process.argv.length) {
    const v = Number(process.argv[i + 1]);
    if (Number.isFinite(v) && v > 0) return v;
  }
  return fallback;
}
