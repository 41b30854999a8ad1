/**
 * The live-parameter vocabulary moved to core/config/ (param-table.ts and its neighbours); this module re-exports
 * what src/cli/sim.ts, src/cli/bench.ts and test/e2e/polygons.test.ts still import from here (files this change
 * leaves alone). New code imports from config/.
 */
export { describeRange } from '../config/param-check';
export { INTEGRATOR_IDS, type IntegratorId } from '../param-rows/param-ids';
export { PARAMS, type LiveParams, type ParamPatch } from '../config/param-table';
