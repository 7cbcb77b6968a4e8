// SPDX-License-Identifier: MIT
import { basename } from 'node:path';
import type { CommandRecord } from '../../../shared/domain/command';
import type { MaybePromise } from '../domain/ports';
import { AgentsFileReader, findRepositoryRoot, type ProjectFile } from './agents-file';

/** What is known of a terminal's session: where its shell is, on which machine, running what. */
export interface SessionPlace {
  readonly cwd?: string | null;
  readonly hostname?: string | null;
  readonly shell?: string | null;
}

export interface ProjectInstructionsOptions {
  /** The setting (agent.projectInstructions), read on every request: off means nothing is read. */
  readonly enabled: () => boolean;
  /** The session's current place: the recorder's live session first, the store's row otherwise. */
  readonly session: (sessionId: string) => MaybePromise<SessionPlace | null | undefined>;
  /** The session's newest command, to tell a shell now inside ssh. */
  readonly newestCommand: (sessionId: string) => MaybePromise<CommandRecord | null | undefined>;
  /** This machine's hostname: a session reporting another one is not here. */
  readonly localHostname: string;
  readonly reader?: AgentsFileReader;
  readonly log?: (message: string) => void;
}

/** Programs whose session is a shell on another machine, whatever the local cwd says. */
const REMOTE_PROGRAMS = new Set(['ssh', 'mosh', 'mosh-client', 'et', 'telnet']);

const remoteProgram = (line: string | null): boolean => {
  const first = line?.trim().split(/\s+/)[0];
  return first !== undefined && REMOTE_PROGRAMS.has(basename(first));
};

/** `Box.example.org` and `box` are one machine: shells report $HOSTNAME, node the kernel's name. */
const shortHost = (name: string): string => name.toLowerCase().split('.')[0] ?? '';

/**
 * Whether the terminal's shell is on another machine, so its cwd names a directory there and no
 * local file may stand for it: an SSH-host profile (the session's program is ssh), a hostname that
 * is not ours, a remote shell our ssh integration reported, or ssh still running without one.
 */
export const isRemoteSession = (session: SessionPlace, newest: CommandRecord | null | undefined, localHostname: string): boolean => {
  if (session.shell && REMOTE_PROGRAMS.has(basename(session.shell))) return true;
  if (session.hostname && shortHost(session.hostname) !== shortHost(localHostname)) return true;
  if (!newest) return false;
  if (newest.remote) return true;
  return newest.endedAt === null && remoteProgram(newest.commandLine);
};

/**
 * The AGENTS.md of the active terminal's repository, for the request builder: found from the
 * session's cwd, read through the cache, skipped (and logged) when it cannot be read. Never throws:
 * a broken rules file must not cost the user their answer.
 */
export class ProjectInstructions {
  private readonly _reader: AgentsFileReader;
  private readonly _logged = new Set<string>();

  constructor(private readonly _options: ProjectInstructionsOptions) {
    this._reader = _options.reader ?? new AgentsFileReader();
  }

  async forSession(sessionId: string | null): Promise<ProjectFile | null> {
    if (!sessionId || !this._options.enabled()) return null;
    try {
      const [session, newest] = await Promise.all([this._options.session(sessionId), this._options.newestCommand(sessionId)]);
      if (!session?.cwd || isRemoteSession(session, newest, this._options.localHostname)) return null;
      const root = await findRepositoryRoot(session.cwd);
      return root ? await this._reader.read(root) : null;
    } catch (error) {
      this._logOnce(sessionId, error);
      return null;
    }
  }

  /** Once per distinct problem: the same unreadable file is asked about on every question. */
  private _logOnce(sessionId: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (this._logged.has(message)) return;
    if (this._logged.size > 100) this._logged.clear();
    this._logged.add(message);
    this._options.log?.(`project instructions (session ${sessionId}): skipped: ${message}`);
  }
}
