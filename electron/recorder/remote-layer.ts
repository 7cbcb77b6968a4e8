// SPDX-License-Identifier: MIT
import type { CommandRecord, RemoteOrigin } from '../../shared/domain/command';
import { displayText } from '../../shared/text/display-text';
import type { SshRequest } from '../segmenter/segment-event';
import type { Segmenter } from '../segmenter/segmenter';

/** The session recorder's link to the SSH integration (electron/ssh). */
export interface SshHooks {
  /** Answers a remote shell's request: the nonce it will sign with once the integration was sent. */
  answer(request: SshRequest): string | undefined;
  /** The remote shell's integration runs (its first mark came). */
  started(request: SshRequest): void;
  /** ssh ended without the remote asking (a host with no shell for our command). */
  unanswered(host: string): void;
}

type Place = { cwd: string; hostname: string };

/**
 * A record as it is stored and announced: a remote shell's command line with its controls as
 * Control Pictures (ESC as ␛, CR as ␍, a C1 control as ␛ and its twin, bidi controls as ⟨U+202E⟩;
 * line breaks and tabs kept), never raw. The remote host chooses those bytes: a forged
 * quick fix once held `ESC[201~` and a CR that, typed back at a local prompt, ran a second command.
 * Local lines are the user's own and stay as typed.
 */
export const storedRecord = (record: CommandRecord): CommandRecord =>
  record.remote && record.commandLine ? { ...record, commandLine: displayText(record.commandLine) } : record;

/**
 * What the session recorder keeps about a remote shell our ssh integration started: the request it
 * answered; while the shell runs, the local command that ran ssh, held open underneath with its
 * output frozen at the remote shell's start (the login banner), and the local cwd and host to go
 * back to. Remote cwd and host changes stay out of the session's own (restore and "new tab here"
 * are about the local machine).
 */
export class RemoteLayer {
  private _answered: { request: SshRequest; started: boolean } | undefined;
  private _outer: { record: CommandRecord; end: number } | undefined;
  private _origin: RemoteOrigin | undefined;
  private _local: Place | undefined;

  constructor(
    private readonly _segmenter: Segmenter,
    /** Stores and announces a record. */
    private readonly _write: (record: CommandRecord) => void,
    private readonly _hooks: SshHooks | undefined,
  ) {}

  /** Where remote records come from, while a remote shell is on. */
  get origin(): RemoteOrigin | undefined {
    return this._origin;
  }

  /** A remote shell asked for the integration: once sent, its marks are known (nothing changes until one comes). */
  request(request: SshRequest): void {
    const nonce = this._hooks?.answer(request);
    if (nonce === undefined) return;
    this._segmenter.acceptRemote(nonce);
    this._answered = { request, started: false };
  }

  unanswered(host: string): void {
    this._hooks?.unanswered(host);
  }

  /** The remote shell's first mark: the local command that ran ssh waits underneath, its output up to here its own. */
  start(offset: number, running: CommandRecord | undefined, local: Place): void {
    const answered = this._answered;
    if (running) {
      const outer = { ...running, outputEnd: offset };
      this._write(outer);
      this._outer = { record: outer, end: offset };
    }
    this._origin = answered ? { host: answered.request.host, user: answered.request.user || null } : { host: 'ssh', user: null };
    this._local = local;
    if (answered && !answered.started) {
      answered.started = true;
      this._hooks?.started(answered.request);
    }
  }

  /** The remote shell reported its user: later records carry it. */
  user(user: string): void {
    if (this._origin) this._origin = { ...this._origin, user };
  }

  /** The remote shell is gone: the local command that ran ssh (unless dropped), and the local cwd and host. */
  leave(): { outer: CommandRecord | undefined; local: Place | undefined } {
    // Still held for its output end (outputEnd below).
    const outer = this._outer?.record;
    const local = this._local;
    this._origin = undefined;
    this._local = undefined;
    return { outer, local };
  }

  /** The user forgot the command that ran ssh (or the session): it must not come back at the end. */
  forget(forgotten: (id: string) => boolean): void {
    if (this._outer && forgotten(this._outer.record.id)) this._outer = undefined;
  }

  /** Recording stopped under the remote shell: the command that ran ssh ends now, interrupted. */
  interrupt(now: number): void {
    const outer = this._outer?.record;
    if (!outer) return;
    this._outer = undefined;
    this._write({ ...outer, endedAt: Math.max(now, outer.startedAt), exitCode: null, interrupted: true });
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
