/** Shared start of the command-line scripts: a bad setting or a known failure is one clear line. */
import { DataDirInUseError } from '#lib/platform/db/client.server.ts';
import { EnvError, env, type Env } from '#lib/platform/env.server.ts';

export function envOrExit(): Env {
  try {
    return env();
  } catch (error) {
    exitOnKnownError(error);
    throw error;
  }
}

export function exitOnKnownError(error: unknown): void {
  if (error instanceof EnvError || error instanceof DataDirInUseError) {
    console.error(error.message);
    process.exit(1);
  }
}
