// SPDX-License-Identifier: MIT
import { cleanOutput } from '../../segmenter/clean-text';
import { remotePlaceOf } from '../../../shared/domain/command';
import { displayLine, displayText } from '../../../shared/text/display-text';
import { DEFAULT_LINE_LIMITS, truncateOutput, type LineLimits } from './output-lines';
import { missingFromRecord } from './recorded-lines';
import { BLOCK_MAX_CHARS, outwardFields, outwardOutput } from '../outward/outward-view';
import type { RedactionCounts } from '../../../shared/ipc/context';
import { addCounts, type Redactor } from '../redaction';
import type { CommandRecord, CommandSource, MaybePromise, StreamEntry, StreamReader } from '../domain/ports';

/** Turns recorded commands into model context; with a redactor, through the outward view. */
export interface ContextStrategy {
  build(commands: readonly CommandRecord[], reader: StreamReader, redactor?: Redactor): Promise<string>;
}

export interface RecentCommandsOptions extends LineLimits {
  readonly maxCommands: number;
  /** Each block's command line notes its record id, so an answer can cite it (the engine turns it on). */
  readonly withIds?: boolean;
}

const DEFAULT_RECENT_COMMANDS: RecentCommandsOptions = { maxCommands: 10, ...DEFAULT_LINE_LIMITS };

export const UNKNOWN_COMMAND_LINE = '(unknown)';

export interface CommandBlock {
  readonly command: CommandRecord;
  readonly text: string;
  readonly omittedLines: number;
  /** What the outward view replaced in it (empty without a redactor). */
  readonly redactions: RedactionCounts;
}

/**
 * `$ line` and its output; a command run over ssh says where: `[alice@box over ssh] $ line`. The
 * line and place are recorded text a remote host may have chosen: their controls show as pictures.
 */
export const renderCommandBlock = (
  commandLine: string | null | undefined,
  output: string,
  remotePlace?: string | null,
  ranBy?: CommandRecord['ranBy'],
  id?: string,
): string => {
  // The record's id, so an answer can cite it; the assistant's own commands (run_command) say so,
  // so a later answer knows what it already ran.
  const notes = [...(id ? [`id ${id}`] : []), ...(ranBy === 'assistant' ? ['run by the assistant'] : [])];
  const by = notes.length > 0 ? `   # ${notes.join(', ')}` : '';
  const line = `${remotePlace ? `[${displayLine(remotePlace)}] ` : ''}$ ${displayText(commandLine) ?? UNKNOWN_COMMAND_LINE}${by}`;
  return output === '' ? line : `${line}\n${output}`;
};

const outputText = (entries: readonly StreamEntry[]): string => {
  // Input echoes back through the output stream anyway; the raw keystrokes (including edits) are noise.
  const output = entries.filter((entry) => entry.direction === 1);
  if (output.every((entry) => typeof entry.data === 'string')) return cleanOutput(output.map((e) => e.data as string).join(''));
  // Concatenate bytes before decoding so a UTF-8 sequence split across chunks comes out whole.
  return cleanOutput(Buffer.concat(output.map((e) => (typeof e.data === 'string' ? Buffer.from(e.data) : e.data))));
};

/** The last N commands, output only, ANSI stripped, blank lines dropped, long output cut to head + tail. */
export class RecentCommands implements ContextStrategy {
  readonly options: RecentCommandsOptions;

  constructor(options: Partial<RecentCommandsOptions> = {}) {
    this.options = { ...DEFAULT_RECENT_COMMANDS, ...options };
  }

  /**
   * One block per command, oldest first, so a budget can drop whole commands. With a redactor the
   * whole output is redacted before its lines are cut (a cut piece of a secret is not recognised).
   */
  async blocks(commands: readonly CommandRecord[], reader: StreamReader, redactor?: Redactor): Promise<CommandBlock[]> {
    const recent = commands.slice(Math.max(0, commands.length - this.options.maxCommands));
    const outputs = await Promise.all(recent.map((command) => reader.readCommandOutput(command)));
    return recent.map((command, i) => {
      const clean = outputText(outputs[i] ?? []);
      const counts: Record<string, number> = {};
      const shown = redactor ? outwardFields(command, redactor, counts) : command;
      const output = redactor ? outwardOutput(command.commandLine, clean, redactor, BLOCK_MAX_CHARS) : { text: clean, counts: {} };
      addCounts(counts, output.counts);
      const { text, omittedLines } = truncateOutput(output.text, this.options, missingFromRecord(command, clean));
      const block = renderCommandBlock(
        shown.commandLine,
        text,
        remotePlaceOf(shown),
        command.ranBy,
        this.options.withIds ? command.id : undefined,
      );
      return { command, text: block, omittedLines, redactions: counts };
    });
  }

  async build(commands: readonly CommandRecord[], reader: StreamReader, redactor?: Redactor): Promise<string> {
    return (await this.blocks(commands, reader, redactor)).map((block) => block.text).join('\n\n');
  }
}

export interface SessionCommands {
  readonly sessionId: string;
  readonly commands: readonly CommandRecord[];
}

/**
 * Every session's context under a `=== Session {id} ===` header. A session with nothing to show, or
 * whose stream cannot be read, is skipped rather than failing the whole answer.
 */
export const buildSessionsContext = async (
  sessions: readonly SessionCommands[],
  strategy: ContextStrategy,
  reader: StreamReader,
  redactor?: Redactor,
): Promise<string> => {
  const parts: string[] = [];
  for (const session of sessions) {
    try {
      const text = await strategy.build(session.commands, reader, redactor);
      if (text !== '') parts.push(`=== Session ${session.sessionId} ===\n${text}`);
    } catch {
      // A damaged session must not hide the others.
    }
  }
  return parts.join('\n\n');
};

/** Builds one session's context straight from the store. */
export const buildSessionContext = async (
  source: Pick<CommandSource, 'recentCommands'>,
  sessionId: string,
  strategy: RecentCommands,
  reader: StreamReader,
): Promise<string> => strategy.build(await source.recentCommands(sessionId, strategy.options.maxCommands), reader);

/** Reads the store's cached clean output (ANSI already stripped, CR overwrites collapsed). */
export const cleanOutputReader = (source: Pick<CommandSource, 'readCleanOutput'>): StreamReader => ({
  async readCommandOutput(command) {
    const text = await source.readCleanOutput(command.id);
    return text ? [{ timestampMs: command.endedAt ?? command.startedAt, direction: 1, data: text }] : [];
  },
});

interface RawOutputStore {
  readOutput(sessionId: string, start: number, end: number): MaybePromise<Uint8Array>;
}

/**
 * Reads a command's recorded output bytes. A command still running has no end yet: read at most
 * `maxBytes` so a `tail -f` cannot make one context build read gigabytes.
 */
export const recordedOutputReader = (store: RawOutputStore, maxBytes = 4 << 20): StreamReader => ({
  async readCommandOutput(command) {
    const end = command.outputEnd ?? command.outputStart + maxBytes;
    if (end <= command.outputStart) return [];
    const start = Math.max(command.outputStart, end - maxBytes);
    const data = await store.readOutput(command.sessionId, start, end);
    return [{ timestampMs: command.endedAt ?? command.startedAt, direction: 1, data }];
  },
});
