// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import type { QuickFixItem } from '../../shared/ipc/commands';
import { fixableExit } from '../terminal/gutter-menu';

/** The pure decisions behind quick fixes (tested without a page): who gets them, where a fix goes. */

/** What "Ask the assistant" sends, with the failed command attached. */
export const FIX_QUESTION = 'This command failed: how do I fix it?';

/**
 * A command offered quick fixes: it finished with a non-zero exit that was not the user stopping it
 * at the keyboard (see fixableExit), was not cut off by the app dying, and has a recorded line.
 */
export const offersQuickFix = (command: CommandRecord): boolean =>
  command.endedAt !== null && !command.interrupted && !!command.commandLine?.trim() && fixableExit(command.exitCode);

export interface TerminalFacts {
  readonly terminals: readonly { readonly id: string; readonly sessionId: string; readonly exited: boolean }[];
  /** Session id → the earlier session it continues (a restored pane). */
  readonly previousOf: Readonly<Record<string, string>>;
  readonly activeId: string | undefined;
}

/**
 * Where a fix for `command` goes: the open terminal of its session, else the one that continues
 * that session after a restart, else the active terminal; undefined when none is open.
 */
export const fixTerminal = (
  command: Pick<CommandRecord, 'sessionId'>,
  { terminals, previousOf, activeId }: TerminalFacts,
): string | undefined => {
  const open = terminals.filter((terminal) => !terminal.exited);
  const own =
    open.find((terminal) => terminal.sessionId === command.sessionId) ??
    open.find((terminal) => previousOf[terminal.sessionId] === command.sessionId);
  if (own) return own.id;
  return open.find((terminal) => terminal.id === activeId)?.id;
};

const DAY = 24 * 3_600_000;

/** `today`, `yesterday`, `3 days ago`, or the date past a month. */
export const whenText = (at: number, now: number): string => {
  const days = Math.floor((now - at) / DAY);
  if (days < 1) return new Date(at).toDateString() === new Date(now).toDateString() ? 'today' : 'yesterday';
  if (days < 2) return 'yesterday';
  if (days < 31) return `${days} days ago`;
  return new Date(at).toLocaleDateString();
};

const times = (count: number): string => (count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`);

/** Why a fix is offered, for its tooltip: how often it worked and when it last did, or who suggested it. */
export const fixBasis = (fix: Pick<QuickFixItem, 'count' | 'lastUsedAt' | 'origin'>, now: number): string => {
  const last = `${times(fix.count)}, last ${whenText(fix.lastUsedAt, now)}`;
  switch (fix.origin) {
    case 'after-failure':
      return `You ran this after such a failure ${last}: it worked`;
    case 'frequent-line':
      return `Worked here ${last}; the failed line looks like a typo of it`;
    case 'tool-hint':
      return 'The failed program suggested it ("did you mean")';
    case 'known-program':
      return `This program worked ${last}; the failed one looks like a typo of it`;
    case 'known-subcommand':
      return `This subcommand worked ${last}; the failed one looks like a typo of it`;
    case 'on-path':
      return 'A program on your PATH; the failed one looks like a typo of it';
  }
};
