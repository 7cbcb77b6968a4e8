// SPDX-License-Identifier: MIT
import type { CommandRecord, RemoteOrigin } from '../../shared/domain/command';

/**
 * What the session recorder keeps while an integrated remote shell (ssh) owns the session: the
 * local command that ran ssh, held open underneath with its output frozen at the remote shell's
 * start (the login banner), and the local cwd and host to go back to. Remote cwd and host changes
 * stay out of the session's own (restore and "new tab here" are about the local machine).
 */
export class RemoteLayer {
  private _outer: { record: CommandRecord; end: number } | undefined;
  private _origin: RemoteOrigin | undefined;
  private _local: { cwd: string; hostname: string } | undefined;

  /** Where remote records come from, while a remote shell is on. */
  get origin(): RemoteOrigin | undefined {
    return this._origin;
  }

  enter(origin: RemoteOrigin, running: CommandRecord | undefined, offset: number, local: { cwd: string; hostname: string }): void {
    this._origin = origin;
    this._local = local;
    this._outer = running ? { record: { ...running, outputEnd: offset }, end: offset } : undefined;
  }

  /** The remote shell reported its user: later records carry it. */
  user(user: string): void {
    if (this._origin) this._origin = { ...this._origin, user };
  }

  /** The remote shell is gone: the local command that ran ssh, and the local cwd and host. */
  leave(): { outer: CommandRecord | undefined; local: { cwd: string; hostname: string } | undefined } {
    // Still held for its output end (outputEnd below), unless it was dropped.
    const outer = this._outer?.record;
    const local = this._local;
    this._origin = undefined;
    this._local = undefined;
    return { outer, local };
  }

  /**
   * The command that ran ssh, taken out of the layer (its output end set): the user forgot it, or
   * recording stopped, and it must not come back when the remote shell ends.
   */
  dropOuter(matches: (record: CommandRecord) => boolean = () => true): CommandRecord | undefined {
    const outer = this._outer;
    if (!outer || !matches(outer.record)) return undefined;
    this._outer = undefined;
    return outer.record;
  }

  /** Where `record`'s output ends: the command that ran ssh keeps what it printed before the remote shell. */
  outputEnd(record: CommandRecord, offset: number): number {
    const outer = this._outer;
    if (outer && outer.record.id === record.id) {
      this._outer = undefined;
      return outer.end;
    }
    return Math.max(offset, record.outputStart);
  }
}
