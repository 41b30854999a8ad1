/** Most threads a worker pool may have (the CLI's --threads, the page's `threads`); a pure module the page may import */
export const MAX_THREADS = 64;

/**
 * The threads a pool gets when `asked` are asked for on a machine with `cores` logical cores: at most the cores,
 * since a pool's waiting threads spin and more threads than cores only wait on one another (the 10,000-disc bench
 * pile on 2 cores: 4 threads ran at 0.4× of one, 8 at 0.2×). The numbers do not depend on the thread count.
 * `note` says why fewer are used, or is ''.
 */
export function threadsForCores(asked: number, cores: number): { threads: number; note: string } {
  const most = Math.max(1, Math.floor(cores) || 1);
  if (asked <= most) return { threads: asked, note: '' };
  const s = most === 1 ? '' : 's';
  return { threads: most, note: `${asked} threads asked for; this machine has ${most} logical core${s}, so ${most} ${most === 1 ? 'is' : 'are'} used (more threads than cores only wait on one another)` };
}
