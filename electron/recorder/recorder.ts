// SPDX-License-Identifier: MIT
import { basename } from 'node:path';
import type { CommandRecord } from '../../shared/domain/command';
import type { SessionInfo } from '../../shared/ipc/session';
import type { PtyTap } from '../pty/pty-tap';
import type { PtyProcess, SpawnOptions } from '../pty/types';
import { newNonce } from '../segmenter/protocol/mark-codec';
import { Segmenter } from '../segmenter/segmenter';
import { shellLaunch } from '../segmenter/shell-launch';
import type { Store } from '../store/store';
import type { RecordingState } from '../../shared/ipc/history';
import type { SshPlan } from '../ssh/profile-plan';
import type { SshResponder } from '../ssh/ssh-responder';
import type { SshRequest } from '../segmenter/segment-event';
import type { SshNotice } from '../../shared/ipc/ssh';
import { Emitter } from '../runtime/emitter';
import { CommandExclusion } from './exclusion';
import { SessionRecorder } from './session-recorder';

/** What the recorder publishes: a command's record as it starts and ends, a session as it changes, a line kept out. */
export type RecorderEvents = {
  command: [record: CommandRecord];
  session: [info: SessionInfo];
  excluded: [sessionId: string];
};

export interface RecorderOptions {
  readonly store: Store;
  /** Absolute path of resources/shell-integration. */
  readonly integrationDir: string;
  readonly hostname: string;
  readonly promptEndings?: readonly string[];
  /** SSH integration: where local shells find the per-host choice, and who answers remote shells. */
  readonly ssh?: {
    readonly prefsFile: string;
    readonly respond: SshResponder;
    /** Tells every window what became of an ssh (see SshNotice). */
    readonly notice: (notice: SshNotice) => void;
    /** An SSH-host profile's launch with the integration (planned ahead), if it gets one. */
    readonly profileLaunch: (args: readonly string[]) => SshPlan | undefined;
  };
}

/** Shells whose prompts run where the pty started (unlike ssh, docker exec, a REPL…). */
const LOCAL_SHELL = /^-?(?:sh|ash|dash|bash|zsh|fish|ksh|mksh|oksh|pdksh|yash|posh|busybox|tcsh|csh)(?:-?[\d.]+)?$/;
const isLocalShell = (shell: string): boolean => LOCAL_SHELL.test(basename(shell));

interface Pending {
  readonly nonce: string;
  readonly shell: string;
  readonly private: boolean;
  /** An SSH-host profile's bootstrap: the request id and host its segmenter expects. */
  readonly ssh?: { readonly id: string; readonly host: string } | undefined;
}

/**
 * Turns every new pty into a recorded session: it prepares the shell's launch with our integration
 * and a fresh nonce, then, when the pty manager asks for the pty's tap, opens the session in the
 * store and returns its SessionRecorder. Live sessions are answered from memory, since the store
 * commits asynchronously.
 */
export class Recorder {
  private readonly _pending = new Map<string, Pending>();
  private readonly _live = new Map<string, SessionInfo>();
  private readonly _sessions = new Map<string, SessionRecorder>();
  /** Each session's segmenter (which layer owns the stream) and directory, private ones too. */
  private readonly _places = new Map<string, { readonly segmenter: Segmenter; cwd: string; readonly private: boolean }>();
  /** Command lines kept out of history; follows the settings (see electron/app/history-wiring.ts). */
  readonly exclusion = new CommandExclusion();
  private readonly _events = new Emitter<RecorderEvents>();

  constructor(private readonly _options: RecorderOptions) {}

  /**
   * Subscribes to what the recorder publishes (the assistant, the agent and the windows follow
   * commands; history follows lines kept out). The returned function unsubscribes.
   */
  on<K extends keyof RecorderEvents>(event: K, listener: (...args: RecorderEvents[K]) => void): () => void {
    return this._events.on(event, listener);
  }

  /**
   * The spawn options that start `shell` with shell integration for pty `id`. A private terminal
   * gets the integration too (its gutter marks still work) but is never stored. The pty must then
   * start under the same id, or `abandon` undo this: electron/app/terminal-launcher.ts does both.
   */
  launch(
    id: string,
    base: SpawnOptions & { shell: string },
    env: Record<string, string>,
    options: { private?: boolean; args?: readonly string[] | undefined; login?: boolean } = {},
  ): SpawnOptions {
    const nonce = newNonce();
    // A program with arguments of its own runs as given, without integration; but `ssh host`
    // carries the integration to the remote shell when it is an interactive login.
    const ssh = options.args && basename(base.shell) === 'ssh' ? this._options.ssh?.profileLaunch(options.args) : undefined;
    const launch = options.args
      ? { file: base.shell, args: [...(ssh?.args ?? options.args)], env }
      : shellLaunch(base.shell, nonce, this._options.integrationDir, env, undefined, options.login);
    if (!options.args && this._options.ssh) launch.env.CONTEXTERM_SSH_PREFS = this._options.ssh.prefsFile;
    this._pending.set(id, { nonce, shell: base.shell, private: options.private === true, ssh: ssh && { id: ssh.id, host: ssh.host } });
    return { ...base, shell: launch.file, args: launch.args, env: launch.env };
  }

  /** Undoes `launch` for a pty that did not start: nothing is kept for it, nothing waits for its tap. */
  abandon(id: string): void {
    this._pending.delete(id);
  }

  readonly tapFor = (pty: PtyProcess): PtyTap | undefined => {
    const pending = this._pending.get(pty.id);
    if (!pending) return undefined;
    this._pending.delete(pty.id);
    const info: SessionInfo = {
      id: pty.id,
      shell: basename(pending.shell),
      hostname: this._options.hostname,
      cwd: pty.cwd,
      title: basename(pending.shell),
      mode: 'unknown',
      startedAt: Date.now(),
      endedAt: null,
    };
    const isPrivate = pending.private;
    // A private session is nowhere but here: not in the store, not in the session list the assistant reads.
    if (!isPrivate) {
      this._live.set(info.id, info);
      this._options.store.startSession(info);
    }
    const segmenter = new Segmenter({
      nonce: pending.nonce,
      // Without integration, only a local shell is known to start where the pty did, here.
      ...(isLocalShell(pending.shell) ? { cwd: pty.cwd, hostname: this._options.hostname } : {}),
      ...(this._options.promptEndings ? { promptEndings: [...this._options.promptEndings] } : {}),
    });
    if (pending.ssh) segmenter.expectSsh(pending.ssh.id, pending.ssh.host);
    const place = { segmenter, cwd: pty.cwd, private: isPrivate };
    this._places.set(info.id, place);
    const session = new SessionRecorder({
      recording: isPrivate ? 'private' : 'on',
      excludes: this.exclusion.excludes,
      ...(this._options.ssh ? { ssh: this._sshFor(info.id, pty, pending.ssh !== undefined) } : {}),
      sessionId: info.id,
      shell: info.shell,
      hostname: info.hostname,
      cwd: info.cwd,
      store: this._options.store,
      segmenter,
      events: {
        command: (record) => this._events.emit('command', record),
        excluded: () => this._events.emit('excluded', info.id),
        session: (patch) => {
          if (patch.cwd !== undefined) place.cwd = patch.cwd;
          if (patch.endedAt !== undefined) this._sessions.delete(info.id);
          if (patch.endedAt !== undefined) this._places.delete(info.id);
          const current = this._live.get(info.id);
          if (!current) return;
          const next = { ...current, ...patch };
          if (patch.endedAt !== undefined) this._live.delete(info.id);
          else this._live.set(info.id, next);
          if ((patch.cwd !== undefined || patch.hostname !== undefined) && !this._options.store.closed) {
            this._options.store.updateSession(info.id, { cwd: next.cwd, hostname: next.hostname });
          }
          this._events.emit('session', next);
        },
      },
    });
    this._sessions.set(info.id, session);
    return session;
  };

  /**
   * The answer goes into the pty only while ssh itself is in the foreground there: typed anywhere
   * else (a request printed by a remote that then quit, ssh already gone) it would be input to
   * whatever reads the pty next, a local shell included. The check is a race all the same (ssh may
   * exit after it, before reading the answer), which is why the answer is one frame that does
   * nothing in a local shell or tty (see ssh/remote-payload.ts) and is written in one write. A pty
   * that runs ssh itself (an SSH-host profile, under the exit-drain keeper's process group) has
   * nothing else to type into.
   */
  private _sshFor(sessionId: string, pty: PtyProcess, direct: boolean) {
    const ssh = this._options.ssh!;
    return {
      answer: (request: SshRequest) =>
        direct || pty.foregroundProcess() === 'ssh' ? ssh.respond(sessionId, request, (data) => pty.write(data)) : undefined,
      started: (request: SshRequest) => ssh.notice({ sessionId, host: request.host, shell: request.shell, outcome: 'integrated' }),
      unanswered: (host: string) => ssh.notice({ sessionId, host, shell: '', outcome: 'no-shell' }),
    };
  }

  recording(id: string): RecordingState {
    return this._sessions.get(id)?.recording ?? 'on';
  }

  setPaused(id: string, paused: boolean): RecordingState {
    const session = this._sessions.get(id);
    session?.setPaused(paused);
    return session?.recording ?? 'on';
  }

  /** Forgotten in the store: a command still running stops being recorded. */
  forgotten(commandIds: readonly string[], sessionIds: readonly string[]): void {
    const ids = new Set(commandIds);
    const sessions = new Set(sessionIds);
    for (const [id, session] of this._sessions) session.forget(ids, sessions.has(id));
  }

  /** Recording failed: commands running anywhere end now, interrupted, instead of staying open forever. */
  interruptRunning(): void {
    for (const session of this._sessions.values()) session.interruptRunning();
  }

  /** Whether session `id`'s shell waits at a prompt, private sessions included (nothing of them is kept). */
  atPrompt(id: string): boolean {
    return this._sessions.get(id)?.atPrompt ?? false;
  }

  /** The command running in session `id` now, if it is recorded and one runs. */
  runningCommand(id: string): CommandRecord | undefined {
    return this._sessions.get(id)?.running;
  }

  /** The assistant types the next command in session `id`: its record is tagged `ranBy: assistant`. */
  expectAssistantCommand(id: string): void {
    this._sessions.get(id)?.expectAssistantCommand();
  }

  forgetAssistantCommand(id: string): void {
    this._sessions.get(id)?.forgetAssistantCommand();
  }

  /**
   * Where session `id`'s shell is now, private sessions included: its directory (following every
   * `cd`, the local one while a remote shell runs) and whether a remote shell over ssh owns it.
   */
  place(id: string): { cwd: string; remote: boolean; private: boolean } | undefined {
    const place = this._places.get(id);
    return place && { cwd: place.cwd, remote: place.segmenter.remote, private: place.private };
  }

  live(id: string): SessionInfo | undefined {
    return this._live.get(id);
  }

  liveSessions(): SessionInfo[] {
    return [...this._live.values()];
  }
}
