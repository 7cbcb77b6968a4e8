// SPDX-License-Identifier: MIT
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { CommandRecord } from '../../shared/domain/command';
import { displayLine } from '../../shared/text/display-text';
import { forget, FORGET_UNDO_MS, forgetWithUndo, undoForget } from '../history/history-actions';
import { ConfirmDialog } from '../layout/confirm-dialog';
import { Menu, type MenuAction } from '../layout/menu';
import { compareAction } from '../compare/compare-state';
import { QuickFixMenu, type QuickFixRequest } from '../quick-fix/quick-fix-menu';
import { FIX_QUESTION } from '../quick-fix/quick-fix-logic';
import type { InsertOutcome } from '../quick-fix/quick-fix-actions';
import { openOutputViewer } from '../state/output-viewer';
import { useCommands } from '../state/commands';
import { commandActions, type CommandActionHandlers } from './command-actions';
import { copyCommandOutput } from './output-copy';
import { explainFailure, rerun, selectAndAttach } from './command-runs';
import './command-actions.css';

/** Where a command's menu was asked for: under its ⋯ button (right-aligned), or at the pointer. */
interface MenuRequest {
  readonly command: CommandRecord;
  readonly at: { readonly x: number; readonly y: number };
  readonly align: 'start' | 'end';
  readonly opener?: Element | null;
}

export type OpenCommandMenu = (request: MenuRequest) => void;

const NOTICE_MS = 2500;

const EXPLAIN_WAITS = {
  'no-model': 'No model is set up yet: the question waits in the assistant’s box',
  streaming: 'An answer is still coming: the question waits in the assistant’s box',
} as const;

const CHOSEN_FIX: Record<InsertOutcome, string> = {
  inserted: 'At the prompt: press Enter to run it',
  copied: 'Its terminal is not at a prompt (or the fix spans lines): copied to the clipboard instead',
  cancelled: 'Not inserted',
};

const sessionQuestion = (command: CommandRecord): string => {
  const session = useCommands.getState().sessions[command.sessionId];
  const started = new Date(session?.startedAt ?? command.startedAt).toLocaleString();
  return `Forget the whole terminal session started ${started}? Every command recorded in it goes, with its output, its search entries and its attachments in assistant conversations. This cannot be undone.`;
};

/** Compare runs (renderer/compare) sits right after Rerun: both are about running it again. */
const withCompare = (actions: MenuAction[], command: CommandRecord): MenuAction[] => {
  const at = actions.findIndex((action) => action.id === 'rerun') + 1;
  return [...actions.slice(0, at), compareAction(command), ...actions.slice(at)];
};

export interface CommandMenu {
  readonly open: OpenCommandMenu;
  /** The command whose actions menu is open. */
  readonly openId: string | undefined;
  readonly openQuickFix: (request: QuickFixRequest) => void;
  /** The command whose quick fixes are showing. */
  readonly quickFixId: string | undefined;
  readonly view: ReactNode;
}

/**
 * One actions menu for the whole list (there are hundreds of rows), and one quick-fix list; the
 * question before forgetting a session, and a short notice of what happened ("Forgotten",
 * "Copied"). Returns the openers, the ids of the commands whose menus are open, and the elements.
 */
export const useCommandMenu = (options: { floating?: boolean } = {}): CommandMenu => {
  const [request, setRequest] = useState<MenuRequest | undefined>();
  const [fixing, setFixing] = useState<QuickFixRequest | undefined>();
  const [asking, setAsking] = useState<CommandRecord | undefined>();
  // `undo` is set while a forgotten command can still be taken back (the notice stays that long).
  const [notice, setNotice] = useState<{ text: string; error: boolean; undo?: CommandRecord } | undefined>();

  useEffect(() => {
    if (!notice || notice.error) return;
    const timer = setTimeout(() => setNotice(undefined), notice.undo ? FORGET_UNDO_MS : NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const forgetOne = async (command: CommandRecord) => {
    const result = await forgetWithUndo(command);
    setNotice(
      result.ok
        ? { text: 'Forgotten', error: false, undo: command }
        : { text: `Nothing was forgotten: ${result.error.message}`, error: true },
    );
  };
  const undo = async (command: CommandRecord) => {
    setNotice(undefined);
    const restored = await undoForget(command);
    setNotice(restored ? { text: 'Kept: not forgotten', error: false } : { text: 'Too late: it was already forgotten', error: true });
  };

  const forgetNow = async (request: Parameters<typeof forget>[0]) => {
    const result = await forget(request);
    setNotice(result.ok ? { text: 'Forgotten', error: false } : { text: `Nothing was forgotten: ${result.error.message}`, error: true });
  };

  const messageOf = (error: unknown) => (error as Error)?.message ?? String(error);
  const copied = (copy: Promise<void>) =>
    void copy.then(
      () => setNotice({ text: 'Copied', error: false }),
      (error: unknown) => setNotice({ text: `Could not copy: ${messageOf(error)}`, error: true }),
    );

  const ask = (command: CommandRecord, question?: string) =>
    void explainFailure(command, question).then(
      (how) => how !== 'asked' && setNotice({ text: EXPLAIN_WAITS[how], error: false }),
      (error: unknown) => setNotice({ text: `Could not ask: ${messageOf(error)}`, error: true }),
    );

  const handlers: CommandActionHandlers = {
    openOutput: (command) => openOutputViewer(command),
    copyCommand: (command) => copied(navigator.clipboard.writeText(command.commandLine ?? '')),
    copyOutput: (command) => copied(copyCommandOutput(command, 'output')),
    copyBoth: (command) => copied(copyCommandOutput(command, 'both')),
    rerun: (command) =>
      void rerun(command).then(
        (text) => setNotice({ text, error: false }),
        (error: unknown) => setNotice({ text: `Could not run it again: ${messageOf(error)}`, error: true }),
      ),
    attach: (command) => selectAndAttach(command),
    explain: (command) => ask(command),
    // Where the actions menu was: it closes as the fixes open.
    quickFix: (command) =>
      setFixing({ command, at: request?.at ?? { x: 0, y: 0 }, align: request?.align ?? 'start', opener: request?.opener ?? null }),
    // One click forgets, as the row vanishing shows; the bytes go after a few seconds to undo a slip
    // (the item sits right under "Explain this failure").
    forget: (command) => void forgetOne(command),
    forgetSession: (command) => setAsking(command),
  };

  const open = useCallback<OpenCommandMenu>(
    (next) => setRequest((current) => (current?.command.id === next.command.id ? undefined : next)),
    [],
  );
  const openQuickFix = useCallback(
    (next: QuickFixRequest) => setFixing((current) => (current?.command.id === next.command.id ? undefined : next)),
    [],
  );

  const view = (
    <>
      {request && (
        <Menu
          actions={withCompare(commandActions(request.command, handlers), request.command)}
          at={request.at}
          align={request.align}
          opener={request.opener}
          label={`Actions for ${displayLine(request.command.commandLine) ?? 'this command'}`}
          testId="command-menu"
          onClose={() => setRequest(undefined)}
        />
      )}
      {fixing && (
        <QuickFixMenu
          request={fixing}
          onAsk={(command) => ask(command, FIX_QUESTION)}
          onChosen={(outcome) =>
            setNotice(
              outcome instanceof Error
                ? { text: `Could not put it at the prompt: ${outcome.message}`, error: true }
                : { text: CHOSEN_FIX[outcome], error: false },
            )
          }
          onClose={() => setFixing(undefined)}
        />
      )}
      {notice && (
        <div
          className={`command-notice${notice.error ? ' error' : ''}${options.floating ? ' floating' : ''}`}
          role={notice.error ? 'alert' : 'status'}
          data-testid="command-notice"
          onClick={() => setNotice(undefined)}
        >
          {notice.text}
          {notice.undo && (
            <>
              {' · '}
              <button
                type="button"
                className="command-notice-undo"
                data-testid="command-forget-undo"
                onClick={(event) => {
                  event.stopPropagation();
                  void undo(notice.undo!);
                }}
              >
                Undo
              </button>
            </>
          )}
        </div>
      )}
      {asking && (
        <ConfirmDialog
          message={sessionQuestion(asking)}
          confirmLabel="Forget session"
          onCancel={() => setAsking(undefined)}
          onConfirm={() => {
            setAsking(undefined);
            void forgetNow({ sessionId: asking.sessionId });
          }}
        />
      )}
    </>
  );
  return { open, openId: request?.command.id, openQuickFix, quickFixId: fixing?.command.id, view };
};
