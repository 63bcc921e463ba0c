/**
 * Starts the production server once for the whole e2e run: `node ../api/dist/server.js` (build it
 * with `pnpm --filter @rideshare/api build`, and the web app with `pnpm --filter @rideshare/web
 * build`; the server serves apps/web/dist with a history fallback). It gets a free loopback port, a
 * fresh in-memory database, cheap password hashing, no map style and an unreachable place search
 * (tests never use the internet). Waits for /readyz, registers the administrator as user 1, hands
 * the base URL and the admin's sign-in to the specs as `inject('baseUrl')` / `inject('adminAccount')`,
 * and stops the server at teardown.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The administrator's sign-in (see `registerAdmin`). */
    adminAccount: { discordUsername: string; password: string };
  }
}

/**
 * The administrator is user 1 with ADMIN_DISCORD_USERNAME (DESIGN §4), so on the fresh database it
 * must be the first account registered, before any spec file runs (profile.spec.ts signs in as it).
 */
const ADMIN_ACCOUNT = { discordUsername: 'e2e_admin', password: 'e2e-admin-pass-123' };

async function registerAdmin(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN_ACCOUNT, name: 'E2E Admin', isVendor: false }),
  });
  const body = (await response.json()) as { id?: number };
  if (response.status !== 201 || body.id !== 1) {
    throw new Error(`Registering the e2e admin as user 1 failed: ${String(response.status)} ${JSON.stringify(body)}`);
  }
}

const apiRoot = fileURLToPath(new URL('../../api/', import.meta.url));
const webDist = fileURLToPath(new URL('../dist/', import.meta.url));
const serverEntry = `${apiRoot}dist/server.js`;
const READY_TIMEOUT_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited with code ${String(server.exitCode)} before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not ready within ${String(READY_TIMEOUT_MS)} ms:\n${output()}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(serverEntry)) {
    throw new Error(`${serverEntry} is missing: run \`pnpm --filter @rideshare/api build\` first.`);
  }
  if (!existsSync(`${webDist}index.html`)) {
    throw new Error(`${webDist}index.html is missing: run \`pnpm --filter @rideshare/web build\` first.`);
  }

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  let log = '';
  const server = spawn(process.execPath, [serverEntry], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: 'memory://',
      SESSION_SECRET: 'e2e-session-secret-0123456789abcdefghijklmnop',
      ADMIN_DISCORD_USERNAME: ADMIN_ACCOUNT.discordUsername,
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      LOG_LEVEL: 'warn',
      MAP_STYLE_URL: '',
      PLACE_SEARCH_URL: 'http://127.0.0.1:9/search',
      WEB_DIST_DIR: webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    // Only the tail matters when something goes wrong.
    log = (log + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  try {
    await waitUntilReady(baseUrl, server, () => log);
    await registerAdmin(baseUrl);
  } catch (error) {
    await stop(server);
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('adminAccount', ADMIN_ACCOUNT);
  return async () => {
    await stop(server);
    if (process.env.E2E_SERVER_LOG === '1') console.log(log);
  };
}
