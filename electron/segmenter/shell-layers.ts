// SPDX-License-Identifier: MIT
import type { MarkScanner } from './protocol/mark-scanner';
import { MarkSigner } from './protocol/osc-protocol';
import type { SegmentEvent, ShellHistoryRules } from './segment-event';

/** Where an integrated shell is in its command cycle (FinalTermOscPt A → B → C → D). */
type CommandState = 'idle' | 'prompt' | 'input' | 'running';

export type PushEvent = (event: SegmentEvent) => void;

/** What one integrated shell's marks have said so far; the mark handlers update it. */
export interface ShellLayer {
  state: CommandState;
  commandLine: string | null;
  /** The whole command line, sent again while the command ran. */
  completedLine: string | null;
  /** Offset of the last prompt-end mark (B) of the prompt on screen: the typed line's echo starts there. */
  inputStart: number | null;
  cwd: string | null;
  hostname: string | null;
  /** The history rules the shell last reported (HistControl, HistIgnore); null until it does. */
  history: ShellHistoryRules | null;
  /** The shell said it keeps the line about to run out of its history (zsh's HISTORY_IGNORE). */
  keptOut: boolean;
  /** The shell's own clock (µs) when the running command started, when its start mark said (bash, zsh). */
  startClock: number | null;
}

/** What the local shell's layer was doing when a remote shell took over the stream. */
type SavedLayer = Omit<ShellLayer, 'inputStart' | 'keptOut'>;

/**
 * The ssh layering: which shell the marks speak for, decided by who signed them (MarkSigner in
 * protocol/osc-protocol.ts). The local shell signs with the session nonce; a remote shell reached
 * through our ssh function signs with the nonce it was answered with. The remote shell's first
 * mark puts its layer on top, while the local command that ran ssh stays running underneath; the
 * local shell's next mark means the remote one is gone (or suspended) and takes the stream back.
 */
export class ShellLayers {
  /** The layer whose marks count now: the local shell's, or while `remote`, the remote shell's. */
  readonly shell: ShellLayer;
  /** Set while an integrated remote shell owns the stream. */
  private _local: SavedLayer | null = null;

  constructor(
    private readonly _scanner: MarkScanner,
    private readonly _push: PushEvent,
  ) {
    this.shell = {
      state: 'idle',
      commandLine: null,
      completedLine: null,
      inputStart: null,
      cwd: null,
      hostname: null,
      history: null,
      keptOut: false,
      startClock: null,
    };
  }

  /** Whether an integrated remote shell owns the stream now. */
  get remote(): boolean {
    return this._local !== null;
  }

  /** Takes marks signed with a remote shell's `nonce` from now on (see Segmenter.acceptRemote). */
  acceptRemote(nonce: string): void {
    this._scanner.setKey(MarkSigner.Remote, nonce);
  }

  /** A mark of the remote shell: its first one (or its first after `fg`) puts its layer on top. */
  remoteMark(offset: number, at: number): void {
    if (!this._local) this._enterRemote(offset, at);
  }

  /**
   * A mark of the local shell: the remote shell is gone, or suspended, and the local layer comes
   * back. Its marks are no longer taken (after `fg` they are output of that command), but its
   * nonce stays redacted.
   */
  localMark(offset: number, at: number): void {
    if (this._local) this._leaveRemote(offset, at);
    this._scanner.setKey(MarkSigner.Remote, undefined);
  }

  /** End of stream: a remote layer is gone, and whatever still runs has ended. */
  end(offset: number, at: number): void {
    if (this._local) this._leaveRemote(offset, at);
    if (this.shell.state === 'running') this._push({ type: 'command-end', offset, exitCode: null, at });
    this.shell.state = 'idle';
  }

  /** The remote shell's first mark (or its first after `fg`): the local layer waits underneath. */
  private _enterRemote(offset: number, at: number): void {
    const shell = this.shell;
    this._local = {
      state: shell.state,
      commandLine: shell.commandLine,
      completedLine: shell.completedLine,
      cwd: shell.cwd,
      hostname: shell.hostname,
      history: shell.history,
      startClock: shell.startClock,
    };
    this._push({ type: 'remote-start', offset, at });
    shell.state = 'idle';
    shell.commandLine = null;
    shell.completedLine = null;
    shell.inputStart = null;
    // The remote shell has rules of its own, which it reports at its first prompt.
    shell.history = null;
    shell.keptOut = false;
    shell.startClock = null;
  }

  /** The remote shell is gone (or suspended): whatever it ran has ended, and the local layer comes back. */
  private _leaveRemote(offset: number, at: number): void {
    const local = this._local;
    if (!local) return;
    const shell = this.shell;
    if (shell.state === 'running') this._push({ type: 'command-end', offset, exitCode: null, at });
    this._local = null;
    this._push({ type: 'remote-end', offset, at });
    shell.state = local.state;
    shell.commandLine = local.commandLine;
    shell.completedLine = local.completedLine;
    shell.inputStart = null;
    if (local.cwd !== null && local.cwd !== shell.cwd) this._push({ type: 'cwd', cwd: local.cwd, at });
    if (local.hostname !== null && local.hostname !== shell.hostname) this._push({ type: 'hostname', hostname: local.hostname, at });
    shell.cwd = local.cwd;
    shell.hostname = local.hostname;
    shell.history = local.history;
    shell.startClock = local.startClock;
  }
}
