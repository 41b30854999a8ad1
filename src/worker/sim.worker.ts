/// <reference lib="webworker" />
/**
 * Module worker entry: exposes the simulation (SimWorker) to the page with Comlink.
 * Created by the UI as `new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module' })`.
 */
import * as Comlink from 'comlink';
import { SimWorker } from './api-impl';

Comlink.expose(new SimWorker());
