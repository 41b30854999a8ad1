/**
 * Reduced motion (issue 42 item 4): with the system's "reduce motion" setting (prefers-reduced-motion) the page opens
 * paused unless its URL says run=1, says how to run, and a lesson's next part waits for its button
 * (lecture/lesson-story.ts) instead of starting by itself.
 */

/** The user asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Whether the page runs its first scene: the URL's run=0/1 if given, else not under reduced motion. */
export function startsRunning(search: string, urlRun: boolean): boolean {
  return new URLSearchParams(search).has('run') ? urlRun : urlRun && !prefersReducedMotion();
}

/** The line that says how to run, shown above the canvas while the page opened paused for reduced motion. */
export const REDUCED_MOTION_NOTE = 'Reduced motion is on: the scene starts paused and lessons do not go on by themselves. Press Space (or Run in the controls) to run it.';
