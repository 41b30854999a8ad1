/**
 * Scenes stored as scenario files beside the page (public/lessons/, written by `npm run lesson-scenes` with the same
 * core: test/tools/lesson-scenes.ts), which the lessons start from and the URL names like a built-in
 * (`scenario=pile-settled`): a settled state takes the core seconds to reach, so it is not built at load.
 */
import type { Checked, LoadResult } from '../../protocol/api';
import type { SimRemote } from '../sim-client';

/** The stored scenes: name → file, relative to the page */
export const STORED_SCENES: Readonly<Record<string, string>> = {
  'disc-on-floor': 'lessons/disc-on-floor.json',
  'pile-settled': 'lessons/pile-settled.json',
  'plane-jump': 'lessons/plane-jump.json',
  'pipe-developed': 'lessons/pipe-developed.json',
  // not written by the tool: a scene built in build mode, as its edits (docs/lecturers.md#make-your-own-silo)
  'build-silo': 'lessons/build-silo.json',
};

export function isStoredScene(name: string): boolean {
  return Object.hasOwn(STORED_SCENES, name);
}

/** Fetches stored scene `name` and loads it into the worker with `overrides`. */
export async function loadStoredScene(api: SimRemote, name: string, overrides: Record<string, unknown>): Promise<Checked<LoadResult>> {
  let text: string;
  try {
    const r = await fetch(STORED_SCENES[name]);
    if (!r.ok) return { ok: false, problems: [`scenario '${name}': ${STORED_SCENES[name]} could not be fetched (HTTP ${r.status})`] };
    text = await r.text();
  } catch (e) {
    return { ok: false, problems: [`scenario '${name}': ${STORED_SCENES[name]} could not be fetched (${e instanceof Error ? e.message : String(e)})`] };
  }
  return api.loadSpec(text, overrides);
}
