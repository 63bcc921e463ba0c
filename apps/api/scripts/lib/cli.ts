/**
 * What every ops script shares: a testable entry (`main(args, env, io)` returns an exit code and
 * writes through `io`, so tests run it in-process), the thin CLI wrapper around it, and one way of
 * turning an API error into a readable line and an exit code.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { TRPCClientError } from '@trpc/client';

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

/** Exit codes shared by the scripts (documented in the README). */
export const EXIT = {
  OK: 0,
  /** The API answered with a refusal (wrong password, not the admin, unknown user, bad input). */
  REFUSED: 1,
  /** Wrong or missing arguments / environment variables; nothing was sent. */
  USAGE: 2,
  /** The API could not be reached (wrong --url, server down). */
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
