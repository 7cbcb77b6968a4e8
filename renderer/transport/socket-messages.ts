// SPDX-License-Identifier: MIT
import type { ServerFrame } from '../../shared/ipc/wire-names';

/** What the page tells its socket worker (socket-worker.ts). */
export type ToSocket =
  /** Opens (or reopens) the socket to the page's own host, offering the launch token. */
  | { readonly kind: 'connect'; readonly token: string }
  /** A frame for the server: sent once the socket is open, dropped with a connection that closes first. */
  | { readonly kind: 'send'; readonly frame: string }
  /** The page handled the last frames it was given: the next ones may come. */
  | { readonly kind: 'pull' };

/** What the socket worker tells the page. */
export type FromSocket =
  { readonly kind: 'open' } | { readonly kind: 'frames'; readonly frames: ServerFrame[] } | { readonly kind: 'close' };

/**
 * The socket's worker as the page's first script started it (early-socket.ts), with what it said
 * before the transport took it over.
 */
export interface EarlySocket {
  readonly worker: Worker;
  readonly held: FromSocket[];
}

/**
 * Where the first script leaves its socket for the transport. The script is `async` (it must not
 * hold the page's parser while it is fetched), so it may in principle run after the transport
 * started its own: the transport leaves `taken` here, and a script that finds it starts nothing.
 */
export interface EarlySocketSlot {
  __contextermEarlySocket?: EarlySocket | 'taken';
}

type PtyData = { readonly id: string; data: string; end: number };

const ptyData = (frame: ServerFrame): PtyData | undefined =>
  frame.t === 'event' && frame.channel === 'pty:data' ? (frame.payload as PtyData) : undefined;

/**
 * Queues `frame` for the page, its output joined into the last output of the same pty still
 * waiting: one write for the page to trim (shared/terminal/scrolled-off.ts), not one per batch.
 * Only other ptys' output may stand between the two; any other frame (a mark, an exit, an
 * answer) keeps its place in the stream, so nothing moves across it.
 */
export const queueFrame = (pending: ServerFrame[], frame: ServerFrame): void => {
  const data = ptyData(frame);
  if (data) {
    for (let at = pending.length - 1; at >= 0; at--) {
      const earlier = ptyData(pending[at]!);
      if (!earlier) break;
      if (earlier.id !== data.id) continue;
      earlier.data += data.data;
      earlier.end = data.end;
      return;
    }
  }
  pending.push(frame);
};
