/** Most threads a worker pool may have (the CLI's --threads, the page's `threads`); a pure module the page may import */
export const MAX_THREADS = 64;
