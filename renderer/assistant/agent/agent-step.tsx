// SPDX-License-Identifier: MIT
import { memo, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { AgentStepView } from '../../../shared/ipc/agent';
import { useTerminalTitles } from '../../state/terminal-titles';
import { ASSISTANT_TERMINAL_TITLE, decideStep, showStepRecord } from './step-actions';

/**
 * Where it runs, named as the user sees it: the title of the terminal fixed when it was proposed,
 * or of the conversation's own terminal (its tab is titled so) once main opened it.
 */
const where = (step: AgentStepView, target: string): string => {
  const dir = step.cwd ? ` · ${step.cwd}` : '';
  // A skipped command never ran: say where it would have, not where it ran.
  const was = step.state === 'skipped' ? 'would have run ' : '';
  if (step.state === 'proposed' && step.sessionId === null) return `in a new terminal, “${target}”${dir}`;
  return `${was}in “${target}”${dir}`;
};

const stateLine = (step: AgentStepView): string => {
  switch (step.state) {
    case 'proposed':
      return step.autoRun ? 'Runs without asking (read-only, on your allow-list)…' : 'Waiting for you: Run, Edit or Skip';
    case 'running':
      if (step.phase === 'approved' || step.phase === 'waiting-for-terminal') return 'Waiting for its terminal to reach a prompt…';
      return step.waiting ? `Waiting for you in the terminal (${step.waiting})` : 'Running…';
    case 'done':
      // A step run in a private pane has no record: its note says so instead of an exit code.
      if (step.note) return step.note;
      return `Done · exit ${step.exitCode ?? '?'}${step.durationMs !== null ? ` · ${(step.durationMs / 1000).toFixed(1)} s` : ''}`;
    case 'skipped':
      return step.note ?? 'Skipped: the assistant was told you declined';
    case 'stopped':
      return 'Stopped';
  }
};

/** How the group is announced: what the assistant did with the command, then the command itself. */
const groupLabel = (step: AgentStepView): string => {
  const verb = step.state === 'proposed' ? 'proposes' : step.state === 'skipped' ? 'proposed (skipped)' : 'ran';
  return `Command the assistant ${verb}: ${step.command}`;
};

/** Done with a non-zero exit reads as a failure at a glance, as in the Commands panel. */
const outcome = (step: AgentStepView): string | undefined =>
  step.state === 'done' && step.exitCode !== null ? (step.exitCode === 0 ? 'ok' : 'failed') : undefined;

/**
 * The command in words (runs of non-blanks), each kept whole on a line when it fits: the browser
 * would otherwise break after a hyphen ("-" / "mtime"), which reads as two arguments. A word
 * longer than the line still breaks inside (CSS), so nothing is ever cut off.
 */
const words = (command: string) =>
  command.split(/(\s+)/).map((part, index) =>
    index % 2 === 1 || part === '' ? (
      part
    ) : (
      <span key={index} className="agent-step-word">
        {part}
      </span>
    ),
  );

/** A command is one line: a newline typed or pasted into the editor would run what precedes it early. */
const oneLine = (text: string): string => text.replace(/\r?\n/g, ' ');

/**
 * One command the assistant proposed. Nothing runs until Run (Edit runs the edited line; Skip tells
 * the model you declined). A destructive command says what it would destroy, in words, above
 * the buttons; no setting makes it run without this click. The command always shows whole,
 * wrapped, never cut: what the user approves is all of what runs.
 */
export const AgentStep = memo(({ step }: { step: AgentStepView }) => {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(step.command);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const warningId = `${ids}-warning`;
  // The editor grows with the line so no part of a long command scrolls out of sight.
  useLayoutEffect(() => {
    const box = input.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${box.scrollHeight + 2}px`;
  }, [editing, text]);
  useLayoutEffect(() => {
    if (!editing) return;
    input.current?.focus();
    input.current?.setSelectionRange(text.length, text.length);
    // Only when the editor opens (not on every key): the caret goes to the end of the line.
  }, [editing]);
  // An allow-listed command that still waits (its pane not opened yet, no window in view) keeps its
  // buttons: the first decision wins, so a click can never run it twice.
  const proposed = step.state === 'proposed';
  const root = useRef<HTMLDivElement>(null);
  // The answer waits on this choice: bring the buttons into view once, when it is first asked.
  // Only the message list scrolls: scrollIntoView would also shift the app's own (overflow: hidden) boxes.
  useEffect(() => {
    const element = root.current;
    const list = element?.closest<HTMLElement>('.message-list');
    if (!proposed || !element || !list) return;
    const below = element.getBoundingClientRect().bottom - list.getBoundingClientRect().bottom;
    if (below > 0) list.scrollTop += below + 8;
  }, [proposed]);
  const runButton = useRef<HTMLButtonElement>(null);
  // Keyboard-first, as Warp's agent is: a step that waits for the user takes the focus on Run
  // (Enter runs, Esc skips) when nothing else has it: the page's body, where focus went after Send,
  // or the empty question box. Never from a terminal or a half-typed question.
  const waitsForUser = proposed && !step.autoRun;
  useEffect(() => {
    if (!waitsForUser) return;
    const active = document.activeElement;
    const idle =
      !active ||
      active === document.body ||
      (active instanceof HTMLTextAreaElement && active.classList.contains('assistant-input') && active.value === '');
    if (idle) runButton.current?.focus({ preventScroll: true });
  }, [waitsForUser]);
  const decide = (decision: 'run' | 'skip', edited?: string, remember = false) => {
    setBusy(true);
    void decideStep(step, decision, edited, remember).finally(() => setBusy(false));
  };
  const runEdited = () => {
    setEditing(false);
    decide('run', text);
  };
  const cancelEdit = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const destructive = step.risk === 'destructive';
  const result = outcome(step);
  // The title its tab shows (a terminal no tab shows, or not yet: the assistant's own is titled so).
  const shownTitle = useTerminalTitles((state) => (step.sessionId === null ? undefined : state.byId[step.sessionId]));
  const target = shownTitle ?? (step.sessionId === null || step.target === 'new-pane' ? ASSISTANT_TERMINAL_TITLE : 'a closed terminal');
  return (
    <div
      ref={root}
      className={`agent-step ${step.state}${destructive ? ' destructive' : ''}`}
      data-testid="agent-step"
      data-command={step.command}
      data-state={step.state}
      data-tool-call-id={step.toolCallId ?? step.id}
      data-target={target}
      data-risk={step.risk}
      data-waiting={step.waiting ? 'true' : undefined}
      data-exit-code={step.state === 'done' && step.exitCode !== null ? step.exitCode : undefined}
      data-command-id={step.commandId ?? undefined}
      data-edited={step.command !== step.proposed ? 'true' : undefined}
      role="group"
      aria-label={groupLabel(step)}
      onKeyDown={(e) => {
        // Esc on the step's buttons skips it; handled here, since the pane's own Esc would stop the whole answer.
        if (e.key !== 'Escape' || !proposed || editing || busy || !(e.target instanceof HTMLButtonElement)) return;
        e.preventDefault();
        e.stopPropagation();
        decide('skip');
      }}
    >
      {step.reason && <div className="agent-step-reason">{step.reason}</div>}
      {editing ? (
        <div className="agent-step-edit">
          <textarea
            ref={input}
            rows={1}
            aria-label="Edit the command"
            aria-describedby={`${ids}-keys${destructive ? ` ${warningId}` : ''}`}
            data-testid="agent-edit-input"
            value={text}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            onChange={(e) => setText(oneLine(e.target.value))}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                e.preventDefault();
                if (!busy && text.trim() !== '') runEdited();
              } else if (e.key === 'Escape') {
                // Handled here: the pane's own Esc would stop the whole answer.
                e.preventDefault();
                e.stopPropagation();
                cancelEdit();
              }
            }}
          />
          <div className="agent-step-keys" id={`${ids}-keys`}>
            Enter runs it · Esc cancels the edit
          </div>
        </div>
      ) : (
        <pre className="agent-step-command">
          <span className="agent-step-prompt" aria-hidden="true">
            ${' '}
          </span>
          <code>{words(step.command)}</code>
        </pre>
      )}
      {step.command !== step.proposed && (
        <div className="agent-step-note">
          Edited by you; proposed: <code>{step.proposed}</code>
        </div>
      )}
      {destructive && (
        <div className="agent-step-warning" role={proposed ? 'alert' : undefined} data-testid="agent-risk-warning" id={warningId}>
          <span className="agent-step-warning-title">
            <span aria-hidden="true">⚠ </span>This command can destroy data or change your system:
          </span>{' '}
          {step.warnings.join('; ') || 'read it before running it'}.
        </div>
      )}
      <div className="agent-step-where">{where(step, target)}</div>
      <div className="agent-step-state" role="status" data-outcome={result}>
        {stateLine(step)}
      </div>
      {proposed && (
        <div className="agent-step-buttons">
          {editing ? (
            <>
              <button
                type="button"
                className={destructive ? 'danger' : 'primary'}
                data-testid="agent-run"
                disabled={busy || text.trim() === ''}
                onClick={runEdited}
              >
                Run edited
              </button>
              <button type="button" data-testid="agent-edit" disabled={busy} onClick={cancelEdit}>
                Cancel edit
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className={destructive ? 'danger' : 'primary'}
                ref={runButton}
                data-testid="agent-run"
                disabled={busy}
                aria-describedby={destructive ? warningId : undefined}
                onClick={() => decide('run')}
              >
                Run
              </button>
              {!destructive && (
                // The exact line runs without asking again in this conversation; a destructive one always asks.
                <button type="button" data-testid="agent-run-always" disabled={busy} onClick={() => decide('run', undefined, true)}>
                  Run, and allow it again here
                </button>
              )}
              <button
                type="button"
                ref={editButton}
                data-testid="agent-edit"
                disabled={busy}
                onClick={() => {
                  setText(step.command);
                  setEditing(true);
                }}
              >
                Edit
              </button>
            </>
          )}
          <button type="button" data-testid="agent-skip" disabled={busy} onClick={() => decide('skip')}>
            Skip
          </button>
        </div>
      )}
      {step.commandId && step.state !== 'proposed' && (
        <button
          type="button"
          className="link-button agent-step-record"
          data-testid="agent-step-record"
          onClick={() => void showStepRecord(step.commandId!)}
        >
          Show its record
        </button>
      )}
    </div>
  );
});
AgentStep.displayName = 'AgentStep';
