/**
 * What one row of the live-parameter table (config/param-table.ts) declares: how a value is checked and shown
 * (kind, range, label, unit, help) and the roles that other lists used to repeat by hand (its scenario
 * path, its default, whether a change restarts the run, which solver reads it, its group of controls,
 * whether lecture mode hides it, the contact law that brings it or the laws that read it). The builders keep the
 * literal types, so the lists derived from the table (config/param-lists.ts) are typed by name. A leaf: the laws'
 * declarations build their rows with it, and the table (config/) assembles them.
 */

/** Which solver reads a parameter: soft DEM only, contact dynamics only, or both. */
export type ParamSolver = 'soft' | 'cd' | 'any';

/** Controls shown together and only when the scene needs them: the piston's, the general GSSSS member's. */
export type ParamGroup = 'piston' | 'gssss';

/** A parameter's roles besides its range. */
export interface ParamRoles<V> {
  /** Where a scenario file sets it: a dotted path into the scenario (`gravity.0` is the first entry of `gravity`). */
  path: string;
  /** The value a scenario that leaves the field out gets (the schema's default). */
  default: V;
  /** A change restarts the integrator from the committed state (World.applyParams). */
  restarts: boolean;
  solver: ParamSolver;
  group?: ParamGroup;
  /** Lecture mode hides its control (the page's 'advanced' button shows it). */
  advanced?: boolean;
  /**
   * The contact law whose declaration brings it (laws/contact-law.ts; set when the table is assembled): its
   * control shows while that law is the normalLaw.
   */
  law?: string;
  /**
   * A row the contact laws share (kn, kt/kn, εn): the laws whose declarations read it (their `reads`; set when the
   * table is assembled). Its control shows while one of them is the normalLaw (config/param-visibility.ts).
   */
  readBy?: readonly string[];
}

/** A numeric parameter's allowed range and how a slider should show it. */
export interface NumericParamInfo extends ParamRoles<number> {
  kind: 'number';
  label: string;
  unit: string;
  min: number;
  max: number;
  /** Suggested slider range (may be narrower than the allowed range). */
  sliderMin: number;
  sliderMax: number;
  log: boolean;
  help: string;
  /** Only whole numbers are allowed */
  integer?: boolean;
}

export interface ChoiceParamInfo<O extends readonly string[] = readonly string[]> extends ParamRoles<O[number]> {
  kind: 'choice';
  label: string;
  options: O;
  help: string;
}

export interface BooleanParamInfo extends ParamRoles<boolean> {
  kind: 'boolean';
  label: string;
  help: string;
}

export type ParamInfo = NumericParamInfo | ChoiceParamInfo | BooleanParamInfo;

/** The value type a row stands for: a number, one of its options, or a boolean. */
export type ParamValue<I> = I extends { kind: 'choice'; options: readonly (infer O)[] } ? O : I extends { kind: 'number' } ? number : boolean;

/** The values of every row of a table: the live parameters' type (LiveParams) is this of PARAMS. */
export type ParamValues<T> = { -readonly [K in keyof T]: ParamValue<T[K]> };

/** The names of a table's rows whose type matches `C` (e.g. `{ solver: 'soft' }`). */
export type NamesWhere<T, C> = { [K in keyof T]: T[K] extends C ? K : never }[keyof T];

/** A numeric row; the slider range defaults to the allowed range. */
export function num<const R extends ParamRoles<number>>(
  roles: R, label: string, unit: string, min: number, max: number, log: boolean, help: string,
  sliderMin = min, sliderMax = max,
): NumericParamInfo & R {
  return { kind: 'number', label, unit, min, max, sliderMin, sliderMax, log, help, ...roles };
}

/** A numeric row that takes whole numbers only. */
export function int<const R extends ParamRoles<number>>(
  roles: R, label: string, unit: string, min: number, max: number, log: boolean, help: string,
  sliderMin = min, sliderMax = max,
): NumericParamInfo & R {
  return { ...num(roles, label, unit, min, max, log, help, sliderMin, sliderMax), integer: true };
}

/** A row whose value is one of `options`. */
export function choice<const O extends readonly string[], const R extends ParamRoles<O[number]>>(
  roles: R, label: string, options: O, help: string,
): ChoiceParamInfo<O> & R {
  return { kind: 'choice', label, options, help, ...roles };
}

/** An on/off row. */
export function bool<const R extends ParamRoles<boolean>>(roles: R, label: string, help: string): BooleanParamInfo & R {
  return { kind: 'boolean', label, help, ...roles };
}
