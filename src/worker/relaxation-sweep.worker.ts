/// <reference lib="webworker" />
/**
 * Module worker entry for the t_R(Δt) sweep (RelaxationSweepWorker), a thread of its own beside the
 * simulation worker: a point at Δt = 10⁻³ t_c is about a million steps, and the run on the canvas never
 * waits for it. Created by src/ui/relaxation/sweep-client.ts.
 */
import * as Comlink from 'comlink';
import { RelaxationSweepWorker } from './relaxation-sweep-impl';

Comlink.expose(new RelaxationSweepWorker());
