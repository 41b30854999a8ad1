/**
 * The chromium project's global setup: builds and serves the app and launches Chromium once for all the end-to-end
 * test files (each connects to it, harness.ts), instead of a browser and a server per file; closes both at the end.
 */
import type { TestProject } from 'vitest/node';
import { buildAndServe, launchServer } from './serve-app';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const app = await buildAndServe();
  const server = await launchServer();
  project.provide('e2eAppUrl', app.url);
  project.provide('e2eBrowserWs', server.wsEndpoint());
  return async () => {
    await server.close();
    await app.close();
  };
}
