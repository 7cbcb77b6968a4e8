// SPDX-License-Identifier: MIT

/**
 * Where objects live: an S3-compatible bucket (s3-backend.ts) or a plain folder that another tool
 * syncs (folder-backend.ts). Objects are whole or absent: a reader never sees a partial one (S3
 * stores an upload only once it is complete; the folder writes a temporary file and renames it).
 * Failures are SyncErrors with a code (sync-error.ts).
 */
export interface SyncBackend {
  /** A plain name for messages: `s3://bucket/prefix at endpoint`, or the folder. */
  readonly where: string;
  /** Fails with `no-bucket`, `credentials` or `unreachable` before anything else is tried. */
  probe(): Promise<void>;
  put(name: string, body: Uint8Array): Promise<void>;
  /** undefined when there is no such object. */
  get(name: string): Promise<Uint8Array | undefined>;
  /** Every name under a prefix, sorted. */
  list(prefix: string): Promise<string[]>;
  delete(name: string): Promise<void>;
  /** Lets go of connections kept alive (the SDK's agent would hold a CLI's exit for seconds). */
  close(): void;
}
