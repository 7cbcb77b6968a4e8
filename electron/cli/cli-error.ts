// SPDX-License-Identifier: MIT
import { SyncError, type SyncErrorCode } from '../sync/sync-error';

/**
 * What went wrong, as the exit code a script can branch on (docs/cli-and-mcp.md lists them):
 * `not-found` 1 (an unknown record or session), `usage` 2 (bad arguments), `unavailable` 3 (no
 * database, one from another schema, one that stayed busy, or a data directory refused as the app
 * refuses it), `output` 4 (the file given to `-o` was refused or could not be written), `protocol` 5
 * (an MCP client sent what ends the session: a request line over the limit), `refused` 6 (sync: a
 * wrong recovery phrase, or objects that failed their tag while the rest synced).
 */
export type CliErrorCode = 'not-found' | 'usage' | 'unavailable' | 'output' | 'protocol' | 'refused';

export const EXIT_CODES: Readonly<Record<CliErrorCode, number>> = {
  'not-found': 1,
  usage: 2,
  unavailable: 3,
  output: 4,
  protocol: 5,
  refused: 6,
};

/** An expected failure: its message is one line for the user, printed as it is. */
export class CliError extends Error {
  constructor(
    readonly code: CliErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }

  get exitCode(): number {
    return EXIT_CODES[this.code];
  }
}

/** A sync failure's code as the CLI's: a wrong phrase or a tampered object is refused (6). */
const SYNC_EXIT: Readonly<Record<SyncErrorCode, CliErrorCode>> = {
  'wrong-key': 'refused',
  tampered: 'refused',
  'not-set-up': 'unavailable',
  'already-set-up': 'usage',
  'no-bucket': 'unavailable',
  credentials: 'unavailable',
  unreachable: 'unavailable',
  busy: 'unavailable',
  'bad-input': 'usage',
};

/** One line for stderr: a CliError's own message; anything else is a bug, said as such. */
export const describeFailure = (error: unknown): { line: string; exitCode: number } => {
  if (error instanceof CliError) return { line: `contexterm: ${error.message}`, exitCode: error.exitCode };
  if (error instanceof SyncError) return { line: `contexterm: ${error.message}`, exitCode: EXIT_CODES[SYNC_EXIT[error.code]] };
  const message = (error as Error | undefined)?.message ?? String(error);
  return { line: `contexterm: unexpected error: ${message.split('\n')[0]}`, exitCode: 70 };
};
