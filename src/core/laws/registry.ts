/**
 * The normal contact laws, one row each, at the index the colliders write into the record's `law` column
 * (docs/extending.md#a-contact-law). Adding a law = one file declaring a ContactLaw (contact-law.ts) + one row
 * here; or, from outside (a test's dummy law), one `registerContactLaw` call, as LAMMPS GRANULAR registers a
 * sub-model in one line. Everything else reads the declarations: the parameter table (config/param-table.ts) takes
 * each chosen law's rows and the `normalLaw` options from here when it is first loaded, and then closes the
 * registry, so a law registers before anything has read the table.
 */
import { areaLaw } from './area';
import { cohesiveLaw } from './cohesive';
import type { ContactLaw, LawChoice } from './contact-law';
import { hertzLaw } from './hertz';
import { hertzMindlinLaw } from './hertz-mindlin';
import { linearLaw } from './linear';

/** The laws this repository declares, in index order (their types keep each law's parameter rows) */
export const BUILT_IN_LAWS = [linearLaw, areaLaw, hertzLaw, cohesiveLaw, hertzMindlinLaw] as const;

/** The `normalLaw` a scenario that names none gets */
export const DEFAULT_NORMAL_LAW = linearLaw.id;

/** The built-in laws' own parameter rows, as one record type (config/param-table.ts's rows for them) */
export type BuiltInLawParams = UnionToIntersection<(typeof BUILT_IN_LAWS)[number] extends infer L ? (L extends ContactLaw<infer P> ? P : never) : never>;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Most laws the record's `law` column (a Uint8Array) can name */
const MAX_LAWS = 256;

const laws: ContactLaw[] = [];
let closed = false;

export const CONTACT_LAWS: readonly ContactLaw[] = laws;

/** A law joins the registry at its index (the next row); refused once the parameter table has read the registry. */
export function registerContactLaw(law: ContactLaw): void {
  const refuse = (why: string) => new Error(`contact law '${law.id}': ${why}`);
  if (closed) throw refuse('register it before the parameter table is loaded (config/param-table.ts reads the laws once)');
  if (laws.some((l) => l.id === law.id)) throw refuse('the id is taken');
  if (law.index !== laws.length || law.index >= MAX_LAWS) throw refuse(`its index must be the next row, ${laws.length} (at most ${MAX_LAWS - 1})`);
  if (law.choice && law.energy === null) throw refuse('a law normalLaw may name declares its elastic energy (the energy account sums it)');
  laws.push(law);
}

for (const law of BUILT_IN_LAWS) registerContactLaw(law);

/** The registry as the parameter table reads it; no law registers after this. */
export function closeContactLaws(): readonly ContactLaw[] {
  closed = true;
  return laws;
}

/** The law `normalLaw` names, with what it brings as that choice; throws for an id no law has. */
export function normalLawNamed(id: string): ContactLaw & { choice: LawChoice } {
  const law = laws.find((l) => l.id === id);
  if (!law?.choice) throw new Error(`normalLaw '${id}': no contact law of that name can be chosen (${normalLawIds().join(', ')})`);
  return law as ContactLaw & { choice: LawChoice };
}

/** The ids `normalLaw` may take: the laws with a choice, in registry order. */
export function normalLawIds(): string[] {
  return laws.filter((l) => l.choice !== null).map((l) => l.id);
}
