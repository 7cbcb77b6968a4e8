// SPDX-License-Identifier: MIT
import { displayLine } from '../../../shared/text/display-text';
import type { CommandRecord, MaybePromise } from '../domain/ports';

/** `ended`: no exit status because the shell itself exited (`exit`), which is not a failure. */
type Outcome = 'success' | 'error' | 'partial' | 'ended';

/** A distilled action for the short track: not the raw result, one line about it. */
export interface RecentAction {
  readonly tool: string;
  readonly outcome: Outcome;
  readonly summary: string;
  readonly timestamp: number;
  /** For a recorded command: which, so forgetting it removes it here too. */
  readonly commandId?: string;
}

export type MemoryEvent =
  | {
      readonly type: 'tool-result';
      readonly name: string | null;
      readonly output: unknown;
      readonly isError: boolean;
      readonly partial?: boolean;
    }
  | { readonly type: 'command-finished'; readonly command: CommandRecord }
  | { readonly type: 'conversation-complete'; readonly key: string; readonly result: Record<string, unknown> | null }
  | { readonly type: 'compaction-summary'; readonly conversationId: string; readonly summary: string };

/** One line about any tool output: objects by their first keys, arrays by length, text cut to size. */
export const summarizeOutput = (output: unknown, maxLength = 100): string => {
  if (output === null || output === undefined) return 'no output';
  if (Array.isArray(output)) return `list[${output.length} items]`;
  if (typeof output === 'object') return `object(${Object.keys(output).slice(0, 3).join(', ')})`;
  const text = String(output);
  return text.length > maxLength ? `${text.slice(0, maxLength - 3)}...` : text;
};

/** What is worth remembering from a finished conversation or agent run. */
export const extractKnowledge = (result: Record<string, unknown> | null | undefined): string => {
  if (!result || Object.keys(result).length === 0) return result ? 'completed' : 'no result';
  if ('summary' in result) return String(result.summary);
  const message = result.message;
  if (message && typeof message === 'object' && 'content' in message) {
    const content = String((message as { content: unknown }).content);
    return content.length > 100 ? `${content.slice(0, 97)}...` : content;
  }
  const keys = Object.keys(result).filter((k) => !k.startsWith('_'));
  return keys.length > 0 ? `fields: ${keys.slice(0, 5).join(', ')}` : 'completed';
};

/** Recorded text (a remote host may have chosen it) as one short line, its controls as pictures. */
const oneLine = (text: string, max: number): string => {
  const flat = displayLine(text.replace(/\s+/g, ' ').trim());
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
};

const MARK: Record<Outcome, string> = { success: '✓', ended: '•', error: '✗', partial: '✗' };

/** A finished command as an action: ✓/✗ by exit code, with the last line of its output. */
export const commandAction = (command: CommandRecord, timestamp = command.endedAt ?? command.startedAt): RecentAction => {
  const lines = command.outputSummary.split('\n').filter((l) => l.trim() !== '');
  const last = lines.length > 0 ? oneLine(lines[lines.length - 1]!, 80) : '';
  const ended = command.exitCode === null && command.endedShell === true;
  const exit = ended ? 'ended the shell' : command.exitCode === null ? 'exit unknown' : `exit ${command.exitCode}`;
  return {
    tool: `$ ${oneLine(command.commandLine ?? '(unknown)', 80)}`,
    outcome: ended ? 'ended' : command.exitCode === null ? 'partial' : command.exitCode === 0 ? 'success' : 'error',
    summary: last === '' ? exit : `${exit} · ${last}`,
    timestamp,
    commandId: command.id,
  };
};

/** Anything that can name material related to a key (the store's full-text index, for instance). */
interface RelatedSource {
  related(key: string): MaybePromise<readonly string[]>;
}

export interface MemoryOptions {
  /** Short-track capacity (20). */
  readonly windowSize: number;
  /** How many of those the prompt shows, newest at the bottom. */
  readonly renderCount: number;
  readonly maxKnowledge: number;
  readonly store?: RelatedSource;
  readonly now?: () => number;
}

/**
 * Two-track memory. Short track: a rolling window of recent actions. Long track: the
 * recorded history (reached through the catalog and get_commands) plus knowledge distilled from
 * earlier conversations and compaction summaries.
 */
export class TwoTrackMemory {
  readonly windowSize: number;
  private readonly _options: MemoryOptions;
  private _recent: RecentAction[] = [];
  private readonly _knowledge = new Map<string, string>();

  constructor(options: Partial<MemoryOptions> = {}) {
    this._options = { windowSize: 20, renderCount: 10, maxKnowledge: 20, ...options };
    this.windowSize = this._options.windowSize;
  }

  private _now(): number {
    return (this._options.now ?? Date.now)();
  }

  push(action: RecentAction): void {
    this._recent.push(action);
    if (this._recent.length > this.windowSize) this._recent = this._recent.slice(this._recent.length - this.windowSize);
  }

  addKnowledge(key: string, text: string): void {
    this._knowledge.delete(key);
    this._knowledge.set(key, oneLine(text, 300));
    while (this._knowledge.size > this._options.maxKnowledge) this._knowledge.delete(this._knowledge.keys().next().value!);
  }

  /** The user forgot these commands: they leave the short track too. */
  forgetCommands(ids: ReadonlySet<string>, sessionIds: ReadonlySet<string> = new Set()): void {
    const sessionOf = (id: string) => id.slice(0, id.lastIndexOf(':'));
    this._recent = this._recent.filter(
      (a) => a.commandId === undefined || (!ids.has(a.commandId) && !sessionIds.has(sessionOf(a.commandId))),
    );
  }

  forgetKnowledge(key: string): void {
    this._knowledge.delete(key);
  }

  /**
   * Replaces the knowledge taken from compaction summaries with `summaries` (conversation id and
   * text, oldest first): after a forget the stored summaries no longer quote the command, and the
   * copies held here must not either. Other knowledge stays.
   */
  replaceSummaries(summaries: ReadonlyArray<{ readonly conversationId: string; readonly summary: string }>): void {
    for (const key of [...this._knowledge.keys()]) if (key.startsWith('conversation ')) this._knowledge.delete(key);
    for (const { conversationId, summary } of summaries) this.addKnowledge(`conversation ${conversationId}`, summary);
  }

  /** Event subscriber; events it does not know are ignored. */
  handle(event: MemoryEvent): void {
    switch (event.type) {
      case 'tool-result':
        this.push({
          tool: event.name || 'unknown',
          outcome: event.isError ? 'error' : event.partial ? 'partial' : 'success',
          summary: summarizeOutput(event.output),
          timestamp: this._now(),
        });
        break;
      case 'command-finished':
        this.push(commandAction(event.command));
        break;
      case 'conversation-complete':
        if (event.key && event.result) this.addKnowledge(event.key, extractKnowledge(event.result));
        break;
      case 'compaction-summary':
        this.addKnowledge(`conversation ${event.conversationId}`, event.summary);
        break;
    }
  }

  recentActions(): RecentAction[] {
    return [...this._recent];
  }

  knowledge(): Map<string, string> {
    return new Map(this._knowledge);
  }

  /** `## Recent Actions` (✓ success, • ended the shell, ✗ anything else) and, when there is any, `## Knowledge`. */
  renderPromptSection(): string {
    const lines = ['## Recent Actions'];
    for (const action of this._recent.slice(-this._options.renderCount)) {
      lines.push(`- ${MARK[action.outcome]} ${action.tool}: ${action.summary}`);
    }
    if (this._knowledge.size > 0) {
      lines.push('\n## Knowledge');
      for (const [key, text] of this._knowledge) lines.push(`- ${key}: ${text}`);
    }
    return lines.join('\n');
  }

  /** Related material from the long-track store (up to 5 items), then the short track. */
  async buildContextFor(key: string): Promise<string> {
    const sections: string[] = [];
    if (this._options.store) {
      try {
        const related = await this._options.store.related(key);
        if (related.length > 0) sections.push('## Related', ...related.slice(0, 5).map((r) => `- ${r}`));
      } catch {
        // The long track is optional: a failing index must not cost the answer its short track.
      }
    }
    sections.push(this.renderPromptSection());
    return sections.join('\n');
  }

  clear(): void {
    this._recent = [];
    this._knowledge.clear();
  }
}
