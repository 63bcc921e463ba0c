/**
 * What every ops script shares: a testable entry (`main(args, env, io)` returns an exit code and
 * writes through `io`, so tests run it in-process), the thin CLI wrapper around it, and one way of
 * turning an API error into a readable line and an exit code; the flag parsing, usage errors, API
 * sign-in and configuration loading the scripts would otherwise each write again.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';

import { connectDatabase, DataDirLockedError, migrateToLatest, type Database, type DbHandle } from '@rideshare/db';
import { TRPCClientError } from '@trpc/client';
import type { Kysely } from 'kysely';

import { createApiClient, type ApiClient } from '../../src/client';
import { EnvError, parseEnv, type Env } from '../../src/env';

export type ScriptEnv = Record<string, string | undefined>;

export interface ScriptIo {
  /** Normal output (a report line, or the data itself). */
  out: (text: string) => void;
  /** Progress and errors. */
  err: (text: string) => void;
}

export const processIo: ScriptIo = {
  out: (text) => {
    process.stdout.write(text);
  },
  err: (text) => {
    process.stderr.write(text);
  },
};

/** Exit codes shared by the scripts (documented in docs/operations.md#scripts). */
export const EXIT = {
  OK: 0,
  /** The API answered with a refusal (wrong password, not the admin, unknown user, bad input). */
  REFUSED: 1,
  /** Wrong or missing arguments / environment variables; nothing was sent. */
  USAGE: 2,
  /** The API could not be reached (wrong --url, server down), or the embedded database is in use. */
  UNREACHABLE: 3,
} as const;

/** True when this module is the file node/tsx was asked to run (not imported by a test). */
export function isEntryPoint(moduleUrl: string): boolean {
  const invoked = process.argv[1];
  if (!invoked) return false;
  try {
    return realpathSync(invoked) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/** Runs `main` as a command: its result becomes the exit code; a crash is printed and exits 1. */
export function runCli(main: (args: string[], env: ScriptEnv, io: ScriptIo) => Promise<number>): void {
  const args = process.argv.slice(2);
  // `pnpm <script> -- --flag` hands the separator through; it is not an argument.
  if (args[0] === '--') args.shift();
  main(args, process.env, processIo).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}

/** An API failure as one line for a person, plus the exit code it deserves. */
export function explainApiError(error: unknown): { message: string; exitCode: number } {
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<never>).data as { httpStatus?: number; code?: string } | undefined;
    if (!data) {
      const cause =
        error.cause instanceof Error
          ? error.cause.cause instanceof Error
            ? error.cause.cause.message
            : error.cause.message
          : '';
      return {
        message: `Could not reach the API: ${error.message}${cause && cause !== error.message ? ` (${cause})` : ''}`,
        exitCode: EXIT.UNREACHABLE,
      };
    }
    return {
      message: `${error.message} (HTTP ${String(data.httpStatus ?? '?')} ${data.code ?? ''})`.trim(),
      exitCode: EXIT.REFUSED,
    };
  }
  return { message: error instanceof Error ? error.message : String(error), exitCode: EXIT.REFUSED };
}

/** A valid http(s) base URL, or null. */
export function parseBaseUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value.replace(/\/+$/, '') : null;
  } catch {
    return null;
  }
}

/** Where the scripts look for the API when no --url is given. */
export const DEFAULT_API_URL = 'http://127.0.0.1:3000';

/** The `--url` flag as a base URL (default `DEFAULT_API_URL`); null, with a problem noted, if it is not http(s). */
export function readBaseUrl(value: string | undefined, problems: string[]): string | null {
  const baseUrl = parseBaseUrl(value ?? DEFAULT_API_URL);
  if (!baseUrl) problems.push(`--url must be an http(s) URL, got ${JSON.stringify(value)}`);
  return baseUrl;
}

type FlagOptions = NonNullable<ParseArgsConfig['options']>;
const HELP_FLAG = { help: { type: 'boolean', short: 'h' } } as const;
type ScriptFlags<O extends FlagOptions> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O & typeof HELP_FLAG; strict: true; allowPositionals: false }>
>['values'];

/**
 * The flags in `args` (strict, no positionals; -h/--help is added to `options`). Returns the values
 * to go on with, or the exit code to stop with: a wrong flag prints the reason and `usage` to
 * stderr (usage error), --help prints `usage` to stdout (done).
 */
export function parseScriptArgs<O extends FlagOptions>(
  args: string[],
  options: O,
  usage: string,
  io: ScriptIo,
): { values: ScriptFlags<O> } | { exitCode: number } {
  let values: ScriptFlags<O>;
  try {
    ({ values } = parseArgs({ args, options: { ...options, ...HELP_FLAG }, strict: true, allowPositionals: false }));
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return { exitCode: EXIT.USAGE };
  }
  // The generic values type does not show the added flag; parseArgs did parse it.
  if ((values as { help?: boolean }).help) {
    io.out(usage);
    return { exitCode: EXIT.OK };
  }
  return { values };
}

/** A script's testable entry: its arguments and environment in, its exit code out. */
export type ScriptMain = (args: string[], env: ScriptEnv, io?: ScriptIo) => Promise<number>;

/**
 * An operator script: its usage text, its flags, and what it does with them. Returns its `main`
 * (help and wrong flags answered before `run`), and runs it as a command when `moduleUrl` is the file
 * node/tsx was asked to run.
 */
export function operatorScript<O extends FlagOptions>(
  moduleUrl: string,
  spec: { usage: string; flags: O; run: (values: ScriptFlags<O>, env: ScriptEnv, io: ScriptIo) => Promise<number> },
): ScriptMain {
  const main: ScriptMain = async (args, env, io = processIo) => {
    const parsed = parseScriptArgs(args, spec.flags, spec.usage, io);
    if ('exitCode' in parsed) return parsed.exitCode;
    return spec.run(parsed.values, env, io);
  };
  if (isEntryPoint(moduleUrl)) runCli(main);
  return main;
}

/** Prints each problem as `error: …`, then `usage`; returns the usage exit code. */
export function usageError(problems: readonly string[], usage: string, io: ScriptIo): number {
  io.err(`${problems.map((p) => `error: ${p}`).join('\n')}\n${usage}`);
  return EXIT.USAGE;
}

export interface ApiLogin {
  baseUrl: string;
  username: string;
  password: string;
}

/**
 * Signs in to the API, runs `task` with the signed-in client and always signs out again. A refused
 * or unreachable sign-in prints 'Could not sign in as {username}: …'; a failing task prints
 * '{failure} failed: …'. Returns the exit code (OK when the task finished).
 */
export async function withApiSession(
  login: ApiLogin,
  io: ScriptIo,
  failure: string,
  task: (api: ApiClient) => Promise<void>,
): Promise<number> {
  const api = createApiClient({ baseUrl: login.baseUrl });
  try {
    await api.signIn(login.username, login.password);
  } catch (error) {
    const { message, exitCode } = explainApiError(error);
    io.err(`Could not sign in as ${login.username}: ${message}\n`);
    return exitCode;
  }
  try {
    await task(api);
    return EXIT.OK;
  } catch (error) {
    const { message, exitCode } = explainApiError(error);
    io.err(`${failure} failed: ${message}\n`);
    return exitCode;
  } finally {
    await api.signOut().catch(() => undefined);
  }
}

/** The server configuration from `env`, or null after printing why it is invalid (a usage error). */
export function loadScriptEnv(env: ScriptEnv, io: ScriptIo): Env | null {
  try {
    return parseEnv(env);
  } catch (error) {
    if (error instanceof EnvError) {
      io.err(`${error.message}\n`);
      return null;
    }
    throw error;
  }
}

/**
 * Opens the configured database (DATABASE_URL, or the embedded one in DATA_DIR). An embedded folder
 * another process has open (the server, say) prints who holds it and returns null: exit UNREACHABLE.
 */
export async function openScriptDatabase(config: Env, io: ScriptIo, poolSize: number): Promise<DbHandle | null> {
  try {
    return await connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.err(`${error.message}\n`);
      return null;
    }
    throw error;
  }
}

/**
 * Runs `task` on the configured database (see openScriptDatabase) and always closes it again. A
 * folder held by another process gives UNREACHABLE; a failing task prints its message and gives
 * REFUSED; otherwise the task's own exit code is returned.
 */
export async function withScriptDatabase(
  config: Env,
  io: ScriptIo,
  poolSize: number,
  task: (db: Kysely<Database>) => Promise<number>,
): Promise<number> {
  const handle = await openScriptDatabase(config, io, poolSize);
  if (!handle) return EXIT.UNREACHABLE;
  try {
    return await task(handle.db);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.REFUSED;
  } finally {
    await handle.close();
  }
}

/**
 * Runs `task` on the configured database (see withScriptDatabase) once pending migrations are
 * applied; an invalid configuration is printed and gives USAGE.
 */
export async function onMigratedDatabase(
  env: ScriptEnv,
  io: ScriptIo,
  task: (db: Kysely<Database>, config: Env) => Promise<number>,
): Promise<number> {
  const config = loadScriptEnv(env, io);
  if (!config) return EXIT.USAGE;
  return withScriptDatabase(config, io, 2, async (db) => {
    await migrateToLatest(db);
    return task(db, config);
  });
}
