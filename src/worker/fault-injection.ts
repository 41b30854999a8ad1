/**
 * Faults the end-to-end tests inject into the worker to check that the page survives it (issue 39;
 * test/e2e/worker-faults.test.ts): an exception inside the next step, the worker ending itself (as when it
 * is terminated or runs out of memory), and an endless loop. Reached only through the page's test hook
 * (`window.__sandbox.worker.inject`); the page's own parts never call it.
 */
import { WORKER_FAULT_KINDS, type Checked, type WorkerFaultKind } from '../protocol/api';
import type { WorldLike } from './core-adapter';

/** Arms or starts fault `kind`; `world`: the loaded scene's (the step that throws is its next one). */
export function injectFault(kind: string, world: WorldLike | null): Checked<WorkerFaultKind> {
  const k = WORKER_FAULT_KINDS.find((f) => f === kind);
  if (!k) return { ok: false, problems: [`fault: must be one of ${WORKER_FAULT_KINDS.join(', ')}, got ${JSON.stringify(String(kind).slice(0, 40))}`] };
  if (k === 'throw-in-step') {
    if (!world) return { ok: false, problems: ['fault: no scenario loaded'] };
    const step = world.step;
    world.step = () => {
      world.step = step;
      throw new Error('injected fault: an exception inside a step');
    };
  } else if (k === 'close') {
    // after this call's answer has gone: the page then waits for answers that never come
    setTimeout(() => (globalThis as unknown as { close(): void }).close(), 0);
  } else {
    setTimeout(() => {
      for (;;) { /* the injected endless loop: the worker never answers again */ }
    }, 0);
  }
  return { ok: true, value: k };
}
