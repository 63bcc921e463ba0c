/**
 * Playwright's global setup: starts the production server once for the whole run: `node
 * ../api/dist/server.js` (build it with `pnpm --filter @rideshare/api build`, and the web app with
 * `pnpm --filter @rideshare/web build`; the server serves apps/web/dist with a history fallback). It
 * gets a free loopback port, a fresh embedded database in a temporary folder, cheap password
 * hashing, request limits the specs cannot reach from one address, no map style and an unreachable
 * place search (tests never use the internet). Registers the administrator, then stops the server,
 * grants the admin right the way an operator does (`node ../api/dist/admin-grant.js --user …` on
 * the stopped database) and starts it again. The administrator then approves a vendor that takes
 * two rides; the server is stopped once more to move those rides into the past (past-rides.ts: the
 * API cannot create departed rides, and only this process can reach the database between runs),
 * and started for the tests. A fake Discord (the API tests' own, on another loopback port) answers
 * Sign in with Discord, so the server runs with DISCORD_* pointing at it (docs/sign-in.md). Hands the base URL, the admin's sign-in and those rides to the
 * workers in the environment (support/fixtures.ts reads them), and returns the teardown that stops
 * the server and removes the folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { startFakeDiscord } from '../../api/test/helpers/fake-discord-oauth';
import { createAssignedRides, moveIntoThePast, type PastRides } from './past-rides';
import { SERVER_ENV, type ServerDetails } from './support/server-details';

/**
 * The administrator: registered like any member (registering grants nothing), then granted the
 * right by the operator's script before any test runs (the `adminAccount` fixture).
 */
const ADMIN_ACCOUNT = { discordUsername: 'e2e_admin', password: 'e2e-admin-pass-123' };

async function registerAdmin(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN_ACCOUNT, name: 'E2E Admin', isVendor: false }),
  });
  const body = (await response.json()) as { id?: number; isAdmin?: boolean };
  if (response.status !== 201 || body.isAdmin !== false) {
    throw new Error(`Registering the e2e admin failed: ${String(response.status)} ${JSON.stringify(body)}`);
  }
}

const apiRoot = fileURLToPath(new URL('../../api/', import.meta.url));
const webDist = fileURLToPath(new URL('../dist/', import.meta.url));
const serverEntry = `${apiRoot}dist/server.js`;
const grantEntry = `${apiRoot}dist/admin-grant.js`;
// Start-up (migrations on a fresh embedded database) is slow on a small machine shared with other jobs.
const READY_TIMEOUT_MS = 180_000;

/** `admin:grant` as an operator runs it, on the stopped server's database. */
function grantAdmin(dataDir: string): void {
  const run = spawnSync(process.execPath, [grantEntry, '--user', ADMIN_ACCOUNT.discordUsername], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    throw new Error(`Granting the e2e admin failed (exit ${String(run.status)}):\n${run.stdout}${run.stderr}`);
  }
}

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

export default async function setup(): Promise<() => Promise<void>> {
  for (const [entry, build] of [
    [serverEntry, '@rideshare/api'],
    [grantEntry, '@rideshare/api'],
    [`${webDist}index.html`, '@rideshare/web'],
  ] as const) {
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`pnpm --filter ${build} build\` first.`);
  }

  const port = await freePort();
  const fakeDiscord = await startFakeDiscord({ clientId: 'e2e-discord-client', clientSecret: 'e2e-discord-secret' });
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rideshare-e2e-'));
  let log = '';
  const keep = (chunk: Buffer) => {
    // Only the tail matters when something goes wrong.
    log = (log + chunk.toString()).slice(-20_000);
  };
  const start = (): ChildProcess => {
    const child = spawn(process.execPath, [serverEntry], {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        // A production server on plain-HTTP loopback, on purpose.
        ALLOW_INSECURE_PUBLIC_URL: 'true',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SESSION_SECRET: 'e2e-session-secret-0123456789abcdefghijklmnop',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
        // Every spec registers and signs in its own people from this one address.
        RATE_LIMIT_MAX: '1000000',
        RATE_LIMIT_REGISTER_PER_HOUR: '1000000',
        RATE_LIMIT_RIDE_CREATE_PER_HOUR: '1000000',
        RATE_LIMIT_JOIN_PER_HOUR: '1000000',
        RATE_LIMIT_ASSIGN_PER_HOUR: '1000000',
        RATE_LIMIT_QUOTE_PER_HOUR: '1000000',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
        LOG_LEVEL: 'warn',
        MAP_STYLE_URL: '',
        PLACE_SEARCH_URL: 'http://127.0.0.1:9/search',
        WEB_DIST_DIR: webDist,
        ...fakeDiscord.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return child;
  };

  let server = start();
  let pastRides: PastRides;
  try {
    await waitUntilReady(baseUrl, server, () => log);
    await registerAdmin(baseUrl);
    await stop(server);
    grantAdmin(dataDir);
    server = start();
    await waitUntilReady(baseUrl, server, () => log);
    pastRides = await createAssignedRides(baseUrl, ADMIN_ACCOUNT);
    await stop(server);
    await moveIntoThePast(dataDir, Object.values(pastRides.rideIds));
    server = start();
    await waitUntilReady(baseUrl, server, () => log);
  } catch (error) {
    await stop(server);
    await fakeDiscord.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const details: ServerDetails = { baseUrl, adminAccount: ADMIN_ACCOUNT, pastRides, fakeDiscordUrl: fakeDiscord.url };
  // Workers start after this and inherit the environment.
  process.env[SERVER_ENV] = JSON.stringify(details);
  return async () => {
    await stop(server);
    await fakeDiscord.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.E2E_SERVER_LOG === '1') console.log(log);
  };
}
