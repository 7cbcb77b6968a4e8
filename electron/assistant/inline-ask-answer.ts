// SPDX-License-Identifier: MIT
import { DomainError } from '../../shared/ipc/define';

/** Why an inline ask gave no command: the model's answer, a cancel, or the provider. */
export type InlineAskFailure = 'no-command' | 'cancelled' | 'provider';

/** An inline ask that ended without a command; the message is shown in the box as it is. */
export class InlineAskError extends DomainError {
  constructor(
    readonly reason: InlineAskFailure,
    message: string,
  ) {
    super('failed', message);
    this.name = 'InlineAskError';
  }
}

const NO_COMMAND_MESSAGE = 'The model did not answer with a command.';

/**
 * Controls a model could put in its answer to act on the terminal it is pasted into: an ESC that
 * ends a bracketed paste early (and makes what follows typed, Enter included), a CR, a DEL. Tabs
 * and newlines stay (a several-line command is kept as the model wrote it).
 */
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/** Reasoning models served through OpenAI-compatible APIs (Ollama, vLLM) can think in the text itself. */
const THINKING = /<think>[\s\S]*?(<\/think>|$)/gi;

const FENCE = /^[ \t]*(`{3,}|~{3,})[^\n]*\n([\s\S]*?)(?:^[ \t]*\1[ \t]*$|(?![\s\S]))/m;

/** A `$ `, `% ` or `> ` prompt copied in front of a command. */
const withoutPrompt = (line: string): string => line.replace(/^\s*[$%>]\s+/, '');

/** `ls -la` from `` `ls -la` `` (or ```` ```ls -la``` ```` on one line). */
const withoutBackticks = (line: string): string => {
  const quoted = /^`+([^`]+)`+$/.exec(line.trim());
  return quoted ? quoted[1]! : line;
};

/**
 * A sentence rather than a command: a capitalised word followed by more words, ending like a
 * sentence ("Sorry, I cannot help with that.", "Here is the command:"). Commands start lower-case
 * or with a path, a variable or a PowerShell Verb-Noun.
 */
const isProse = (line: string): boolean =>
  /^[A-Z][a-z']*[\s,]/.test(line) && line.trim().split(/\s+/).length >= 3 && /[.!?:]$/.test(line.trim());

/** Backslash-newline continuations joined: one logical line, as the shell would read it. */
const joinContinuations = (text: string): string => text.replace(/[ \t]*\\\n[ \t]*/g, ' ');

const finish = (text: string): string => joinContinuations(text.replace(/\r\n?/g, '\n').replace(CONTROLS, '')).trim();

/**
 * The command in a model's answer: the content of its (first) fenced code block, else its first
 * line that is not a sentence, without a copied prompt. Throws when there is none (an empty or
 * prose-only answer).
 */
export const extractCommand = (answer: string): string => {
  const text = answer.replace(THINKING, '').replace(/\r\n?/g, '\n');
  const fenced = FENCE.exec(text);
  if (fenced) {
    const lines = fenced[2]!.split('\n').filter((line) => line.trim() !== '');
    // Every line prompted (`$ cmd`): a transcript; keep the commands, not the prompts.
    const prompted = lines.length > 0 && lines.every((line) => /^\s*\$\s/.test(line));
    const command = finish((prompted ? lines.map(withoutPrompt) : lines).join('\n'));
    if (command !== '') return command;
    throw new InlineAskError('no-command', NO_COMMAND_MESSAGE);
  }
  for (const raw of text.split('\n')) {
    const line = withoutBackticks(withoutPrompt(raw.trim()));
    // A comment line ("# list the files") explains; the command is on a line of its own.
    if (line === '' || line.startsWith('#') || isProse(line)) continue;
    const command = finish(line);
    if (command !== '') return command;
  }
  throw new InlineAskError('no-command', NO_COMMAND_MESSAGE);
};
