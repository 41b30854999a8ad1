/**
 * The field builders the scenario schema's parts share (schema.ts and the files beside it): a live parameter's
 * field from its row of the parameter table, a number within its physical range, an x, y pair, a one-line name.
 */
import { z } from 'zod';
import type { BooleanParamInfo, ChoiceParamInfo, NumericParamInfo, ParamInfo, ParamValue } from '../param-rows/param-info';
import { LAW_PARAMS, type LawParam } from '../config/param-lists';
import { PARAMS as P } from '../config/param-table';
import { physicalProblem, RANGES, type PhysicalRange } from './physical-ranges';

export function ranged(info: NumericParamInfo) {
  return (info.integer ? z.int() : z.number()).min(info.min).max(info.max);
}
/** A live parameter's field: its range or options and its default, from its row of the parameter table */
export const liveNumber = (info: NumericParamInfo) => ranged(info).default(info.default);
export const liveChoice = <const O extends readonly string[]>(info: ChoiceParamInfo<O>) => z.enum(info.options).default(info.default as never);
export const liveFlag = (info: BooleanParamInfo) => z.boolean().default(info.default);
/** The contact laws' own parameters (laws/contact-law.ts): material fields, each from its row */
export const lawFields = Object.fromEntries(LAW_PARAMS.map((name) => {
  const info = P[name] as ParamInfo;
  return [name, info.kind === 'number' ? liveNumber(info) : info.kind === 'choice' ? liveChoice(info) : liveFlag(info)];
})) as unknown as { [K in LawParam]: z.ZodDefault<z.ZodType<ParamValue<(typeof P)[K]>, ParamValue<(typeof P)[K]>>> };
/** Most vertices of one polygon (the narrow phase's scratch and the clipping cost grow with it). */
export const MAX_POLYGON_VERTICES = 64;
export const positive = () => z.number().positive();
/** A number within its physical range (physical-ranges.ts), refused naming both */
export const physical = (r: PhysicalRange) => z.number().check((ctx) => {
  const problem = physicalProblem(r, ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
});
/** An x, y pair, each within the range */
export const pair = (r: PhysicalRange) => z.tuple([physical(r), physical(r)]);
export const R = RANGES;
/** Control characters (C0, DEL, C1): a name must print as one line and become a file name safely */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
export const oneLine = () => z.string().refine((s) => !CONTROL.test(s), 'must not contain control characters');
