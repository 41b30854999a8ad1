/// <reference lib="webworker" />
/**
 * Module worker entry for the Δt ladder (ConvergenceWorker). A separate thread from the simulation
 * worker: a ladder (≈ 0.1–0.3 s of stepping) never delays a control call or a frame of the run.
 * Created by the UI as `new Worker(new URL('../../worker/convergence.worker.ts', import.meta.url), { type: 'module' })`.
 */
import * as Comlink from 'comlink';
import { ConvergenceWorker } from './convergence-impl';

Comlink.expose(new ConvergenceWorker());
