import { defineConfig } from 'vitest/config';

// Cross-origin isolation headers let the page use SharedArrayBuffer where available;
// the app works without them (frames travel as transferred buffers).
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * Node test files that need a module registry of their own: law-declaration registers a law before the parameter
 * table loads; polygon-wasm mocks collide-polygon (a mock cannot replace a module another file already loaded).
 */
const OWN_PROCESS = ['test/core/law-declaration.test.ts', 'test/core/polygon-wasm.test.ts'];

export default defineConfig({
  base: './',
  worker: { format: 'es' },
  server: { headers: isolation },
  // Pre-bundle every dependency on the dev server's first start: the scan from index.html does not follow
  // `new Worker(new URL(…))`, so the workers' imports (zod through the core) would be found only when the
  // page loads, and Vite would re-optimise and answer that load with `504 (Outdated Optimize Dep)`.
  optimizeDeps: {
    entries: ['index.html', 'src/worker/*.worker.ts'],
    include: ['pixi.js', 'uplot', 'lil-gui', 'comlink', 'zod'],
  },
  preview: { headers: isolation },
  build: { target: 'es2022', sourcemap: true },
  test: {
    // A test's own limit, above the longest test (≈ 35 s idle) with room for a machine kept busy by two other
    // CPU-bound processes (everything ≈ 3× slower); tests that need more say so beside their own limit.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // `.ci/run` asks for a JSON report too (CI_REPORT), from which it prints the slowest tests
    reporters: process.env.CI_REPORT ? ['default', ['json', { outputFile: process.env.CI_REPORT }]] : ['default'],
    // Node-side files two at a time (one per core of the CI machine), then the Chromium files one at a time,
    // alone on the machine: a browser test shares its cores with the page's worker and SwiftShader only.
    // Each project's files share their processes and the modules loaded (isolate: false; a process and module
    // registry per file cost ≈ 1 s of start-up and imports each, 160 files); a node file that needs fresh modules
    // runs in node-isolated (OWN_PROCESS). The Chromium files keep their state in their own hooks (harness.ts).
    projects: [
      { extends: true, test: { name: 'node', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**', ...OWN_PROCESS], isolate: false, maxWorkers: 2, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'node-isolated', include: OWN_PROCESS, maxWorkers: 1, sequence: { groupOrder: 0 } } },
      // one build, one server and one browser for all the Chromium files (each connects to it)
      { extends: true, test: { name: 'chromium', include: ['test/e2e/**/*.test.ts'], globalSetup: ['test/e2e/global-setup.ts'], isolate: false, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
