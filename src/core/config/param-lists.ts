/**
 * The lists of live-parameter names that used to be kept by hand, now read off the table's rows
 * (param-table.ts, param-rows/param-info.ts): which changes restart the run, the general GSSSS member's parameters, and
 * the page's groups of controls (soft DEM only, contact dynamics, piston, hidden in lecture mode, a contact
 * law's own). Each list keeps the table's order. `paramLists(table)` derives them from any table, so a test can add a row.
 */
import type { NamesWhere, ParamInfo } from '../param-rows/param-info';
import { PARAMS } from './param-table';

/** The names of `table`'s rows for which `pick` holds, in table order. */
function namesWhere<T extends Record<string, ParamInfo>>(table: T, pick: (info: ParamInfo) => boolean): (keyof T & string)[] {
  return Object.keys(table).filter((name) => pick(table[name]));
}

/** Every derived list of a table. */
export function paramLists<T extends Record<string, ParamInfo>>(table: T) {
  return {
    /** A change restarts the integrator from the committed state (World.applyParams). */
    restart: namesWhere(table, (p) => p.restarts),
    /** The general GSSSS member's parameters: a change rebuilds the integrator while it is 'gssss'. */
    gssss: namesWhere(table, (p) => p.group === 'gssss'),
    /** Soft DEM's parameters outside a group: they mean nothing for rigid discs and hide under contact dynamics. */
    softOnly: namesWhere(table, (p) => p.solver === 'soft' && p.group === undefined),
    /** Contact dynamics' own parameters (its folder, shown only while it is the solver). */
    cd: namesWhere(table, (p) => p.solver === 'cd'),
    /** The piston's parameters (its folder, shown when the scene has a piston). */
    piston: namesWhere(table, (p) => p.group === 'piston'),
    /** The controls lecture mode hides (the material's less common knobs). */
    lectureAdvanced: namesWhere(table, (p) => p.advanced === true),
    /** The contact laws' own parameters (laws/contact-law.ts), each shown while its law is the normalLaw. */
    law: namesWhere(table, (p) => p.law !== undefined),
  };
}

type Table = typeof PARAMS;
export type GssssParam = NamesWhere<Table, { group: 'gssss' }>;
export type SoftParam = Exclude<NamesWhere<Table, { solver: 'soft' }>, NamesWhere<Table, { group: string }>>;
export type CdParam = NamesWhere<Table, { solver: 'cd' }>;
export type PistonParam = NamesWhere<Table, { group: 'piston' }>;
export type LawParam = NamesWhere<Table, { law: string }>;

const LISTS = paramLists(PARAMS);
// the casts: the same rules as the types above, applied to the rows at run time
export const RESTART_PARAMS = LISTS.restart;
export const GSSSS_PARAMS = LISTS.gssss as readonly GssssParam[];
export const SOFT_ONLY_PARAMS = LISTS.softOnly as readonly SoftParam[];
export const CD_PARAMS = LISTS.cd as readonly CdParam[];
export const PISTON_PARAMS = LISTS.piston as readonly PistonParam[];
export const LECTURE_ADVANCED = LISTS.lectureAdvanced;
export const LAW_PARAMS = LISTS.law as readonly LawParam[];
