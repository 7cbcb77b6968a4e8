// SPDX-License-Identifier: MIT

/**
 * Why a sync could not go on, as a code the CLI maps to its exit codes (docs/cli-and-mcp.md) and
 * the status keeps: `wrong-key` (the phrase does not open this bucket's key check), `not-set-up`
 * (no sync in this data dir, or no key check in the bucket to join), `already-set-up`, `no-bucket`,
 * `credentials` (none found, or refused), `unreachable` (network, endpoint), `tampered` (an object
 * whose tag does not verify: refused, the rest goes on), `busy` (the app or another sync holds the
 * data dir), `bad-input` (a phrase or option that cannot be used).
 */
export type SyncErrorCode =
  'wrong-key' | 'not-set-up' | 'already-set-up' | 'no-bucket' | 'credentials' | 'unreachable' | 'tampered' | 'busy' | 'bad-input';

/** An expected failure of sync: its message is one plain line for the user. */
export class SyncError extends Error {
  constructor(
    readonly code: SyncErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SyncError';
  }
}
