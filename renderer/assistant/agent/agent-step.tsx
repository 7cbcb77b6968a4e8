// SPDX-License-Identifier: MIT
import { memo, useEffect, useRef, useState } from 'react';
import type { AgentStepView } from '../../../shared/ipc/agent';
import { decideStep, showStepRecord } from './step-actions';

const where = (step: AgentStepView): string => {
  const dir = step.cwd ? ` · ${step.cwd}` : '';
  if (step.state !== 'proposed') return step.sessionId ? `in terminal ${step.sessionId.slice(-6)}${dir}` : dir.slice(3);
  return `${step.target === 'active' ? 'in the active terminal' : 'in a new pane beside it'}${dir}`;
};

const stateLine = (step: AgentStepView): string => {
  switch (step.state) {
    case 'proposed':
      return step.autoRun ? 'Running (read-only, on your allow-list)…' : 'Waiting for you: Run, Edit or Skip';
    case 'running':
      return step.waiting ? `Waiting for you in the terminal (${step.waiting})` : 'Running…';
    case 'done':
      return `Done · exit ${step.exitCode ?? '?'}${step.durationMs !== null ? ` · ${(step.durationMs / 1000).toFixed(1)} s` : ''}`;
    case 'skipped':
      return step.note ?? 'Skipped: the assistant was told you declined';
    case 'stopped':
      return 'Stopped';
  }
};

/**
 * One command the assistant proposed. Nothing runs until Run (Edit runs the edited line; Skip tells
 * the model you declined). A destructive command says what it would destroy, in words, above
 * the buttons; no setting makes it run without this click.
 */
export const AgentStep = memo(({ step }: { step: AgentStepView }) => {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(step.command);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);
  const proposed = step.state === 'proposed' && !step.autoRun;
  const decide = (decision: 'run' | 'skip', edited?: string) => {
    setBusy(true);
    void decideStep(step, decision, edited).finally(() => setBusy(false));
  };
  const destructive = step.risk === 'destructive';
  return (
    <div
      className={`agent-step ${step.state}${destructive ? ' destructive' : ''}`}
      data-testid="agent-step"
      data-command={step.command}
      data-state={step.state}
      data-risk={step.risk}
      data-waiting={step.waiting ? 'true' : undefined}
      data-exit-code={step.state === 'done' && step.exitCode !== null ? step.exitCode : undefined}
      data-command-id={step.commandId ?? undefined}
      data-edited={step.command !== step.proposed ? 'true' : undefined}
      role="group"
      aria-label={`Command the assistant proposes: ${step.command}`}
    >
      {step.reason && <div className="agent-step-reason">{step.reason}</div>}
      {editing ? (
        <form
          className="agent-step-edit"
          onSubmit={(event) => {
            event.preventDefault();
            setEditing(false);
            decide('run', text);
          }}
        >
          <input ref={input} aria-label="Edit the command" data-testid="agent-edit-input" value={text} spellCheck={false} onChange={(e) => setText(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && setEditing(false)} />
        </form>
      ) : (
        <pre className="agent-step-command"><code>$ {step.command}</code></pre>
      )}
      {step.command !== step.proposed && <div className="agent-step-note">Edited by you; proposed: <code>{step.proposed}</code></div>}
      {destructive && (
        <div className="agent-step-warning" role="alert" data-testid="agent-risk-warning">
          ⚠ This command can destroy data or change your system: {step.warnings.join('; ') || 'read it before running it'}.
        </div>
      )}
      <div className="agent-step-where">{where(step)}</div>
      <div className="agent-step-state" role="status">{stateLine(step)}</div>
      {proposed && (
        <div className="agent-step-buttons">
          {editing ? (
            <>
              <button className="primary" data-testid="agent-run" disabled={busy} onClick={() => { setEditing(false); decide('run', text); }}>Run edited</button>
              <button data-testid="agent-edit" disabled={busy} onClick={() => setEditing(false)}>Cancel edit</button>
            </>
          ) : (
            <>
              <button className={destructive ? 'danger' : 'primary'} data-testid="agent-run" disabled={busy} onClick={() => decide('run')}>Run</button>
              <button data-testid="agent-edit" disabled={busy} onClick={() => { setText(step.command); setEditing(true); }}>Edit</button>
            </>
          )}
          <button data-testid="agent-skip" disabled={busy} onClick={() => decide('skip')}>Skip</button>
        </div>
      )}
      {step.commandId && step.state !== 'proposed' && (
        <button className="link-button agent-step-record" data-testid="agent-step-record" onClick={() => void showStepRecord(step.commandId!)}>
          Show its record
        </button>
      )}
    </div>
  );
});
AgentStep.displayName = 'AgentStep';
