/** Built-in scenarios, one row each. Adding a scenario = one file in builtins/ + one row here. */
import { cloneJson } from '../math/grow';
import { blockDrop } from './builtins/block-drop';
import { caseI } from './builtins/case-i';
import { caseII } from './builtins/case-ii';
import { caseIIDrop } from './builtins/case-ii-drop';
import { cdChain } from './builtins/cd-chain';
import { cdPile } from './builtins/cd-pile';
import { cdPiston } from './builtins/cd-piston';
import { elasticGas } from './builtins/elastic-gas';
import { headOn } from './builtins/head-on';
import { heap } from './builtins/heap';
import { incline } from './builtins/incline';
import { orbitingDisc } from './builtins/orbiting-disc';
import { pile } from './builtins/pile';
import { pipeFlow, pipeFlowLong, pipeFlowWide } from './builtins/pipe-flow';
import { shearCell, shearCellFast } from './builtins/shear-cell';
import { silo } from './builtins/silo';
import { polygonPile } from './builtins/polygon-pile';
import { polygonSilo } from './builtins/polygon-silo';
import { squareIncline } from './builtins/square-incline';
import { twoDisc } from './builtins/two-disc';
import { twoPolygon } from './builtins/two-polygon';
import { wetColumn } from './builtins/wet-column';
import { parseScenario, ScenarioError, type ScenarioInput, type ScenarioSpec } from './schema';

const BUILT_INS: Record<string, ScenarioInput> = {
  pile,
  heap,
  'two-disc': twoDisc,
  'head-on': headOn,
  'elastic-gas': elasticGas,
  'case-i': caseI,
  'case-ii': caseII,
  'case-ii-drop': caseIIDrop,
  'orbiting-disc': orbitingDisc,
  'block-drop': blockDrop,
  'cd-chain': cdChain,
  'cd-piston': cdPiston,
  'cd-pile': cdPile,
  incline,
  'square-incline': squareIncline,
  'polygon-pile': polygonPile,
  'polygon-silo': polygonSilo,
  'two-polygon': twoPolygon,
  'shear-cell': shearCell,
  'shear-cell-fast': shearCellFast,
  'pipe-flow': pipeFlow,
  'pipe-flow-long': pipeFlowLong,
  'pipe-flow-wide': pipeFlowWide,
  silo,
  'wet-column': wetColumn,
};

export function listBuiltIns(): { name: string; title: string; description: string }[] {
  return Object.values(BUILT_INS).map((s) => ({ name: s.name, title: s.title ?? s.name, description: s.description ?? '' }));
}

/** The raw (unvalidated, default-free) input of a built-in, for applying overrides before validation. */
export function getBuiltInInput(name: string): ScenarioInput {
  const s = BUILT_INS[name];
  if (!s) throw new ScenarioError([`scenario: unknown built-in '${name}'; known: ${Object.keys(BUILT_INS).join(', ')}`]);
  return cloneJson(s);
}

export function getBuiltIn(name: string): ScenarioSpec {
  return parseScenario(getBuiltInInput(name));
}
