// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import { remotePlaceOf } from '../../shared/domain/command';
import { displayLine, displayText } from '../../shared/text/display-text';
import type { ChatMessage } from '../llm/types';

/** What the model is told about the terminal the box is over; null fields are left out. */
export interface InlineTerminalContext {
  /** `Linux 6.1.0`, `macOS (darwin 23.4.0)`: the machine the app runs on. */
  readonly os: string;
  /** The shell's name (`bash`, `zsh`, `fish`, `pwsh`), or null when unknown. */
  readonly shell: string | null;
  readonly cwd: string | null;
  readonly hostname: string | null;
  /** The session's last commands, oldest first; empty for a private terminal. */
  readonly commands: readonly CommandRecord[];
  /** A private terminal: neither its directory nor its commands are sent, and the model is told why. */
  readonly private: boolean;
}

export interface InlineExchange {
  readonly words: string;
  readonly command: string;
}

/** Applied to every piece of recorded or typed text before it leaves the machine. */
export type Redact = (text: string) => string;

/** Enough for a command line; a model that thinks aloud first may need more than the command. */
export const INLINE_MAX_OUTPUT_TOKENS = 512;

const OS_NAMES: Readonly<Record<string, string>> = {
  linux: 'Linux',
  darwin: 'macOS',
  win32: 'Windows',
  freebsd: 'FreeBSD',
  openbsd: 'OpenBSD',
};

/** `Linux 6.1.0 (linux)`: a name the model knows, and the platform as Node spells it. */
export const osDescription = (platform: string, release: string): string => `${OS_NAMES[platform] ?? platform} ${release} (${platform})`;

/** `bash` from `/usr/bin/bash` or `C:\…\pwsh.exe`. */
export const shellName = (shell: string | null | undefined): string | null => {
  const base = shell
    ?.split(/[\\/]/)
    .pop()
    ?.replace(/\.exe$/i, '')
    .trim();
  return base ? base : null;
};

const status = (command: CommandRecord): string => {
  if (command.exitCode !== null) return `exit ${command.exitCode}`;
  if (command.endedAt === null) return 'still running';
  return command.interrupted ? 'interrupted' : 'no exit status';
};

/** `$ make test   # exit 2`; a command run over ssh says where. */
const commandLine = (command: CommandRecord, redact: Redact): string => {
  // The remote user and host are recorded text like the line: redacted too (the outward gate).
  const place = remotePlaceOf(command);
  const line = redact(displayLine(command.commandLine ?? '(unknown)'));
  return `${place ? `[${redact(place)}] ` : ''}$ ${line}   # ${status(command)}`;
};

/** The system prompt: one command for this shell and OS, then the terminal's context. */
const inlineSystemPrompt = (context: InlineTerminalContext, redact: Redact): string => {
  const shell = context.shell ?? 'the user’s shell';
  const lines = [
    `You turn a request written in words into exactly one ${shell} command for ${context.os}.`,
    'Answer with the command only: no explanation, no prose, no alternatives. A bare command line is best; if you must, put it in one fenced code block.',
    'The command is inserted at the user’s prompt and not run: the user reads it and presses Enter. Prefer one line (join steps with && or pipes), standard tools and safe options; add sudo only when asked.',
    'If the request refines an earlier answer, answer with the whole new command.',
    '',
    'The terminal:',
    `- OS: ${context.os}`,
    `- Shell: ${context.shell ?? 'unknown'}`,
  ];
  if (context.private) {
    lines.push('- A private terminal: its working directory and commands are not shared.');
    return lines.join('\n');
  }
  if (context.cwd) lines.push(`- Working directory: ${redact(displayLine(context.cwd))}`);
  if (context.hostname) lines.push(`- Host: ${redact(displayLine(context.hostname))}`);
  if (context.commands.length > 0) {
    lines.push('', 'Its last commands, oldest first, with their exit status:');
    for (const command of context.commands) lines.push(commandLine(command, redact));
  }
  return lines.join('\n');
};

/**
 * The whole request: the system prompt, then the words; a refinement replays the earlier exchange
 * (its words and the command it gave) so "only .ts files" means something.
 */
export const inlineMessages = (context: InlineTerminalContext, words: string, redact: Redact, previous?: InlineExchange): ChatMessage[] => {
  const said = (text: string): string => redact(displayText(text.trim()));
  return [
    { role: 'system', content: inlineSystemPrompt(context, redact) },
    ...(previous
      ? [{ role: 'user', content: said(previous.words) } as const, { role: 'assistant', content: said(previous.command) } as const]
      : []),
    { role: 'user', content: said(words) },
  ];
};
