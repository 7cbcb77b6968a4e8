// SPDX-License-Identifier: MIT

/** What the store says of its writer's backlog (electron/store/store.ts). */
export interface StoreBacklog {
  /** Chunk bytes handed to the store and not yet committed. */
  readonly backlogBytes: number;
  /** How long the oldest of them has waited for its commit. */
  readonly backlogAgeMs: number;
  /** 'failing' while commits fail (a locked or full database): their rows are dropped, not kept. */
  readonly status: { readonly state: 'ok' | 'failing' };
  /** Session `id`'s part of backlogBytes. */
  backlogOf(id: string): number;
}

/**
 * Uncommitted bytes the store may hold before ptys pause: at the writer's 90–130 MB/s under a tenth
 * of a second of work, and a disk slower than the ptys cannot grow memory without bound.
 */
const STORE_BACKLOG_BYTES = 8 * 1024 * 1024;

/**
 * How long the oldest uncommitted chunk may wait before ptys pause, however few bytes are behind
 * it. A healthy writer commits every 20 ms; the byte bound alone let a starved one (two cores shared
 * with busy test files) sit over a second behind, and a kill -9 then lost more than the second
 * we promise (tests/integration/host/host-durability.test.ts). Only while commits succeed: a
 * locked database blocks each commit for its 5 s busy timeout and then drops the rows, so the age
 * says nothing of what a crash would lose, and holding to it would only slow the tab to ~1 MB per
 * attempt; the byte bound still keeps memory bounded.
 */
const STORE_BACKLOG_MS = 250;

/** A session's part of that backlog before it is held: a shell being typed in never reaches it, so it never waits on another tab's flood. */
const SESSION_BACKLOG_BYTES = 1024 * 1024;

/**
 * Whether session `sessionId`'s pty waits for the writer: the writer is behind (over
 * STORE_BACKLOG_BYTES or STORE_BACKLOG_MS) and over SESSION_BACKLOG_BYTES of that is this session's.
 * Checked on every pty read, so the age (a clock read) is looked at only past the share's size.
 */
export const storeCongested = (store: StoreBacklog, sessionId: string): boolean => {
  const backlog = store.backlogBytes;
  if (backlog <= SESSION_BACKLOG_BYTES) return false;
  const behind = backlog > STORE_BACKLOG_BYTES || (store.status.state === 'ok' && store.backlogAgeMs > STORE_BACKLOG_MS);
  return behind && store.backlogOf(sessionId) > SESSION_BACKLOG_BYTES;
};
