// SPDX-License-Identifier: MIT
import { platform, release } from 'node:os';
import type { CommandRecord } from '../../shared/domain/command';
import { DomainError } from '../../shared/ipc/define';
import type { RedactionSettings } from '../../shared/ipc/context';
import type { InlineAskRequest } from '../../shared/ipc/inline-ask';
import type { SessionInfo } from '../../shared/ipc/session';
import { Redactor } from '../context/redaction';
import { LlmError } from '../llm/errors';
import type { SettingsService } from '../settings/settings-service';
import { extractCommand, InlineAskError } from './inline-ask-answer';
import { INLINE_MAX_OUTPUT_TOKENS, inlineMessages, osDescription, shellName, type InlineTerminalContext } from './inline-ask-prompt';

/** What an inline ask reads of the store: the session and its last commands (electron/store/store.ts). */
interface InlineSessions {
  flush(): Promise<void>;
  getSession(id: string): Promise<SessionInfo | undefined>;
  /** The session's newest `limit` commands, oldest first: the recent-commands section's query. */
  recentCommands(sessionId: string, limit: number): Promise<readonly CommandRecord[]>;
}

export interface InlineAskDeps {
  readonly sessions: InlineSessions;
  readonly settings: Pick<SettingsService, 'resolve'>;
  /** The redaction settings in force (the context engine's), applied to everything sent. */
  readonly redaction: () => RedactionSettings;
  /** The machine's OS; os.platform() and os.release() unless a test pins them. */
  readonly os?: { readonly platform: string; readonly release: string };
}

/** As many as the assistant's recent-commands section sends (electron/context/request/recent-commands.ts). */
const INLINE_RECENT_COMMANDS = 10;

/** A cancel or a provider failure, in the words the box shows. */
const asInlineError = (error: unknown): Error => {
  if (error instanceof LlmError) return new InlineAskError(error.kind === 'cancelled' ? 'cancelled' : 'provider', error.message);
  if (error instanceof DomainError) return error;
  return new InlineAskError('provider', (error as Error)?.message ?? String(error));
};

/**
 * Ctrl+I in a terminal: the user's words and the terminal's context (OS, shell, directory, last
 * commands and their exit status, all redacted) to the selected model, without tools, for one
 * command that the renderer inserts at the prompt (never runs). Requests in flight can be cancelled
 * by the id their client gave them.
 */
export class InlineAskService {
  private readonly _pending = new Map<string, AbortController>();

  constructor(private readonly _deps: InlineAskDeps) {}

  async ask(request: InlineAskRequest): Promise<{ command: string }> {
    const controller = new AbortController();
    this._pending.get(request.requestId)?.abort();
    this._pending.set(request.requestId, controller);
    try {
      const context = await this.context(request.sessionId, request.shell);
      const redactor = new Redactor(this._deps.redaction());
      const messages = inlineMessages(context, request.words, (text) => redactor.redact(text).text, request.previous);
      const { provider } = await this._deps.settings.resolve({ providerId: request.model.providerId, model: request.model.model });
      let text = '';
      let cutOff = false;
      for await (const event of provider.stream({
        model: request.model.model,
        messages,
        maxOutputTokens: INLINE_MAX_OUTPUT_TOKENS,
        signal: controller.signal,
      })) {
        if (event.type === 'text-delta') text += event.text;
        if (event.type === 'done') cutOff = event.finishReason === 'length';
      }
      if (controller.signal.aborted) throw new InlineAskError('cancelled', 'Cancelled.');
      // A command cut off mid-way would be inserted as if whole.
      if (cutOff) throw new InlineAskError('no-command', 'The answer was cut off before the command was complete.');
      return { command: extractCommand(text) };
    } catch (error) {
      throw asInlineError(error);
    } finally {
      if (this._pending.get(request.requestId) === controller) this._pending.delete(request.requestId);
    }
  }

  /** Stops a request in flight; false when it already answered (or never existed). */
  cancel(requestId: string): boolean {
    const controller = this._pending.get(requestId);
    if (!controller) return false;
    controller.abort();
    this._pending.delete(requestId);
    return true;
  }

  /**
   * The terminal as the model is told about it. A session the store does not have is a private
   * terminal (never stored): only the OS and the shell the renderer named are sent.
   */
  async context(sessionId: string, shellHint?: string): Promise<InlineTerminalContext> {
    const { sessions } = this._deps;
    const os = osDescription(this._deps.os?.platform ?? platform(), this._deps.os?.release ?? release());
    // The command that just finished may still be queued for the writer.
    await sessions.flush();
    const session = await sessions.getSession(sessionId);
    if (!session) return { os, shell: shellName(shellHint), cwd: null, hostname: null, commands: [], private: true };
    const commands = await sessions.recentCommands(sessionId, INLINE_RECENT_COMMANDS);
    // Inside an ssh session the next command runs on the remote host, in its shell and directory.
    const last = commands.at(-1);
    const remote = last?.remote ? last : undefined;
    return {
      os,
      shell: shellName(remote?.shell ?? session.shell),
      cwd: remote ? remote.cwd : session.cwd || (last?.cwd ?? null),
      hostname: remote ? remote.hostname : session.hostname || null,
      commands,
      private: false,
    };
  }
}
