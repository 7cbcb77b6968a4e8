// SPDX-License-Identifier: MIT
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { MarkdownView } from '../markdown/markdown-view';
import { useAssistant } from '../store/assistant-store';
import { progressSince } from '../store/turn-state';
import { cancel } from '../turn/turn-actions';
import { AgentStep } from '../agent/agent-step';
import { ToolStep } from '../tools/tool-step';
import { useTurnToolSteps } from '../tools/tool-steps';
import { shownToolCalls, ToolCallItem } from './message-item';

const useElapsed = (since: number): number => {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - since) / 1000));
};

/** The answer while it streams: progress (waiting, round, tools), the text so far, and Stop. */
export const StreamingTurn = () => {
  const turn = useAssistant(useShallow((state) => state.turn));
  const elapsed = useElapsed(turn ? progressSince(turn) : Date.now());
  const toolSteps = useTurnToolSteps(turn?.turnId);
  if (!turn) return null;
  const running = turn.tools.find((t) => t.status === 'running');
  const step = turn.steps.find((s) => s.state === 'proposed' || s.state === 'running');
  const phase = turn.cancelRequested
    ? 'Stopping…'
    : step
      ? step.state === 'proposed' && !step.autoRun
        ? 'Waiting for your decision…'
        : step.waiting
          ? 'Waiting for you in the terminal…'
          : 'Running a command…'
      : toolSteps.some((s) => s.state === 'proposed')
        ? 'Waiting for your decision…'
        : running
          ? `Running ${running.name}…`
          : turn.text
            ? 'Writing…'
            : turn.round > 1
              ? 'Reading tool results…'
              : 'Waiting for the model…';
  return (
    <article
      className="message assistant streaming"
      data-testid="assistant-message"
      data-role="assistant"
      data-streaming="true"
      aria-busy="true"
    >
      <header className="message-meta">
        <span className="spinner" aria-hidden="true" />
        <span className="stream-phase" data-testid="assistant-progress" role="status">
          {phase}
          {turn.round > 1 ? ` · round ${turn.round}` : ''} · {elapsed} s
        </span>
        <button
          className="link-button stop"
          data-testid="assistant-stop"
          onClick={() => void cancel()}
          disabled={turn.cancelRequested}
          aria-label="Stop the answer (Esc)"
        >
          Stop
        </button>
      </header>
      {shownToolCalls(turn.tools, toolSteps).map((call) => (
        <ToolCallItem key={call.id} call={call} />
      ))}
      {turn.steps.map((s) => (
        <AgentStep key={s.id} step={s} />
      ))}
      {toolSteps.map((s) => (
        <ToolStep key={s.id} step={s} />
      ))}
      {turn.text && <MarkdownView source={turn.text} streaming />}
    </article>
  );
};
