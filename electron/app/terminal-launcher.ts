// SPDX-License-Identifier: MIT
import { DomainError } from '../../shared/ipc/define';
import type { ProfilesSettings } from '../../shared/settings/profile-schema';
import type { LoginShell } from '../../shared/settings/terminal-entries';
import { newPtyId, type PtyManager } from '../pty/pty-manager';
import type { PreludeMark, PtyProcess } from '../pty/types';
import type { Recorder } from '../recorder/recorder';
import { warmBashMajor } from '../segmenter/shell-fallback';
import { shellKind, startsLogin } from '../segmenter/shell-launch';
import { planLaunch } from './profile-launch';

/** A new terminal as it is asked for: by a window (`pty:spawn`) or by a restored pane. */
interface TerminalRequest {
  readonly cols: number;
  readonly rows: number;
  /** Where it starts; wins over its profile's directory (a split starts where its neighbour is). */
  readonly cwd?: string | undefined;
  /** A private terminal: nothing it shows or runs is stored or given to the assistant. */
  readonly private?: boolean | undefined;
  /**
   * The terminal it is opened from: the pane a split divides, the pane an assistant's step was
   * asked from. A terminal opened from a private one is private whatever `private` says.
   */
  readonly from?: string | undefined;
  /** The profile it runs: none given, the default profile; '' the plain shell (see profile-launch.ts). */
  readonly profileId?: string | undefined;
}

/** What a restored terminal shows before its shell's first output, with the gutter marks in it. */
export interface Prelude {
  readonly text: string;
  readonly marks: readonly PreludeMark[];
}

export interface TerminalLauncherDeps {
  readonly settings: {
    readonly current: {
      readonly terminal: { readonly shell: string; readonly loginShell: LoginShell };
      readonly profiles: ProfilesSettings;
    };
  };
  /** The shell when Settings → Terminal names none (the host's, else $SHELL); asked at each launch. */
  readonly fallbackShell: () => string;
  /** The environment every terminal starts from; a profile's own is laid over it. */
  readonly env: () => Record<string, string>;
  readonly recorder: Pick<Recorder, 'launch' | 'abandon'>;
  readonly ptys: PtyManager;
}

export interface TerminalLauncher {
  /**
   * Opens a terminal under a new id: what it runs (its profile, else the shell), its recording and
   * its pty, as one step. Throws, leaving nothing behind, when it cannot start.
   */
  open(request: TerminalRequest, prelude?: Prelude): PtyProcess;
  /** The profile a live terminal was opened with; undefined for the plain shell or a closed terminal. */
  profileOf(id: string): string | undefined;
  /** Whether a terminal was opened private (asked so, or opened from a private one), until it is closed. */
  isPrivate(id: string): boolean;
  /** The terminal a live one was opened from (`from`), if any. */
  originOf(id: string): string | undefined;
  dispose(): void;
}

/** Thrown when a terminal is to be opened from one that is gone: its privacy cannot be known. */
class OriginGoneError extends DomainError {
  constructor() {
    super('not-found', 'The terminal it was to be opened from is closed, so none was opened.');
    this.name = 'OriginGoneError';
  }
}

/**
 * Privacy follows a terminal's lineage, decided here rather than by each window's path to a new
 * terminal: a split of a private pane that forgot to ask for privacy recorded everything.
 * An origin that is gone fails closed: it may have been private.
 */
export const opensPrivate = (
  request: Pick<TerminalRequest, 'private' | 'from'>,
  origin: { isOpen(id: string): boolean; isPrivate(id: string): boolean },
): boolean => {
  if (request.from !== undefined && !origin.isOpen(request.from)) throw new OriginGoneError();
  return request.private === true || (request.from !== undefined && origin.isPrivate(request.from));
};

/**
 * The one way a terminal starts. The recorder must prepare a session under the pty's id before the
 * pty starts (the pty manager asks it for the pty's tap as it spawns), and forget it when the spawn
 * fails; a terminal's profile is kept while it is open and dropped when it closes.
 */
export const terminalLauncher = (deps: TerminalLauncherDeps): TerminalLauncher => {
  const profiles = new Map<string, string>();
  // Kept until the terminal closes, not until its shell ends: an exited pane's Restart opens from it.
  const privates = new Set<string>();
  const origins = new Map<string, string>();
  const stop = deps.ptys.observe({
    closed: (id) => {
      profiles.delete(id);
      privates.delete(id);
      origins.delete(id);
    },
  });
  const origin = { isOpen: (id: string) => deps.ptys.get(id) !== undefined, isPrivate: (id: string) => privates.has(id) };
  // The first launch of a bash needs its version (shell-fallback.ts): asked now, while no terminal waits for it.
  const shell = deps.settings.current.terminal.shell || deps.fallbackShell();
  if (shellKind(shell) === 'bash') void warmBashMajor(shell);
  return {
    open: (request, prelude) => {
      const isPrivate = opensPrivate(request, origin);
      const { current } = deps.settings;
      const shell = current.terminal.shell || deps.fallbackShell();
      const plan = planLaunch(current.profiles, { profileId: request.profileId, cwd: request.cwd }, shell);
      const id = newPtyId();
      const options = deps.recorder.launch(
        id,
        { cols: request.cols, rows: request.rows, shell: plan.program, ...(plan.cwd ? { cwd: plan.cwd } : {}) },
        { ...deps.env(), ...plan.env },
        { private: isPrivate, args: plan.args, login: startsLogin(current.terminal.loginShell, process.platform) },
      );
      let pty: PtyProcess;
      try {
        pty = deps.ptys.spawn(options, id, prelude?.text, prelude?.marks);
      } catch (error) {
        deps.recorder.abandon(id);
        throw error;
      }
      if (plan.profile) profiles.set(id, plan.profile.id);
      if (isPrivate) privates.add(id);
      if (request.from !== undefined) origins.set(id, request.from);
      return pty;
    },
    profileOf: (id) => profiles.get(id),
    isPrivate: (id) => privates.has(id),
    originOf: (id) => origins.get(id),
    dispose: stop,
  };
};
