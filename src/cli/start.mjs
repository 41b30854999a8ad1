/**
 * `npm start`: installs the dependencies from the lock file, then serves the app with Vite's development
 * server, saying once what it is doing and where the page is. Plain Node with no dependencies, since on a
 * fresh clone nothing is installed yet.
 */
import { spawnSync } from 'node:child_process';

console.log('Granular sandbox: installing the dependencies (on a fresh clone this takes a minute or more) …');
const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { stdio: 'inherit', shell: process.platform === 'win32' });
if (install.status !== 0) process.exit(install.status ?? 1);

console.log('Starting the development server …');
const { createServer } = await import('vite');
const server = await createServer({ server: { open: false } });
await server.listen();
const url = server.resolvedUrls?.local[0] ?? 'http://localhost:5173/';
console.log(`\nThe sandbox is ready: open ${url} in a browser. Ctrl-C stops the server.\n`);
