// SPDX-License-Identifier: MIT
import { memo, useState } from 'react';
import type { ToolStepView } from '../../../shared/ipc/mcp';
import { decideToolStep } from './tool-steps';

const STATE_LINE: Readonly<Record<ToolStepView['state'], string>> = {
  proposed: 'Waiting for you: nothing is called until you allow it.',
  running: 'Calling…',
  done: 'Done.',
  denied: 'Declined: it was not called.',
  failed: 'Failed.',
};

/**
 * One call the assistant makes to a tool of an MCP server the user configured. Its name, the
 * server's words and the model's arguments are shown as text only (React escapes them), never as
 * markup. Allow and Deny only forward the click: main decides and calls.
 */
export const ToolStep = memo(({ step }: { step: ToolStepView }) => {
  const [busy, setBusy] = useState(false);
  const decide = (decision: 'allow' | 'deny') => {
    setBusy(true);
    void decideToolStep(step, decision).finally(() => setBusy(false));
  };
  const proposed = step.state === 'proposed';
  return (
    <div
      className={`agent-step tool-step ${step.state === 'denied' ? 'skipped' : step.state}`}
      data-testid="tool-step"
      data-tool={step.tool}
      data-state={step.state}
      data-tool-call-id={step.id}
      role="group"
      aria-label={`Tool call ${step.tool}`}
    >
      <div className="agent-step-reason">
        {step.toolName} <span className="tool-step-server">on MCP server {step.server}</span>
        {step.readOnly ? ' · marked read-only by the server' : ''}
      </div>
      <pre className="agent-step-command tool-step-args" aria-label="Arguments">
        <code>{step.arguments}</code>
      </pre>
      <div className="agent-step-state" role="status">
        {step.autoAllowed ? 'Ran without asking (read-only; allowed for this server in Settings → Tools). ' : ''}
        {STATE_LINE[step.state]}
        {step.summary && step.state !== 'proposed' ? ` ${step.summary}` : ''}
      </div>
      {proposed && (
        <div className="agent-step-buttons">
          <button type="button" className="primary" data-testid="tool-allow" disabled={busy} onClick={() => decide('allow')}>
            Allow
          </button>
          <button type="button" data-testid="tool-deny" disabled={busy} onClick={() => decide('deny')}>
            Deny
          </button>
        </div>
      )}
    </div>
  );
});
ToolStep.displayName = 'ToolStep';
