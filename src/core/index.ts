/** Public surface of the DEM core (pure TypeScript: runs unchanged in Node, a worker and tests). */
export { World, createWorld } from './sim/world';
export type { Diagnostics, Health, SearchReport, TimeScales } from './sim/world-types';
export {
  PARAMS, ParamError, checkParam, checkPatch, describeRange,
  INTEGRATOR_IDS, TANGENTIAL_IDS, CAP_MODES, TANGENTIAL_DAMPING_MODES,
} from './sim/params';
export type { LiveParams, ParamPatch, ParamName, ParamInfo, IntegratorId, TangentialId } from './sim/params';
export { parseScenario, particleCount, ScenarioError, scenarioSchema } from './scenarios/schema';
export { serveJobs, WorkerPool, type PoolMessage } from './parallel/worker-pool';
export { MAX_THREADS } from './parallel/max-threads';
export type { ScenarioSpec, ScenarioInput } from './scenarios/schema';
export { getBuiltIn, listBuiltIns } from './scenarios/registry';
export { applyOverrides } from './scenarios/overrides';
export { fitRelaxation } from './diagnostics/ek-peaks';
export type { RelaxationFit } from './diagnostics/ek-peaks';
export { FIXED, LOCK_X, LOCK_Y, LOCK_ROT, PRESCRIBED, DRAGGED } from './state/body-flags';
export { INTEGRATORS } from './integrators/registry';
export { TANGENTIAL_SCHEMES } from './tangential/registry';
export { runConvergence, QUANTITIES } from './convergence/ladder';
export type { LadderResult, LadderOptions, QuantityConvergence, Quantity } from './convergence/ladder';
export { GSSSS_PRESETS } from './integrators/gssss-parameters';
export { combinationProblem } from './sim/combination';
export { ParameterSchedule } from './sim/schedule';
export { outputEvery, plannedSteps } from './sim/run-plan';
export { ACCURACY_OK } from './diagnostics/accuracy';
export type { Accuracy } from './diagnostics/accuracy';
export type { ScheduledChange } from './sim/schedule';
