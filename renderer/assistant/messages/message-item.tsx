// SPDX-License-Identifier: MIT
import { memo, useState } from 'react';
import type { ConversationMessage, ToolCallView } from '../../../shared/ipc/assistant';
import { AgentStep } from '../agent/agent-step';
import { ToolStep } from '../tools/tool-step';
import { MarkdownView } from '../markdown/markdown-view';
import { chipLabel } from '../store/attachments';
import { formatTokens } from '../store/usage-meter';

const time = (at: number) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

export interface MessageItemProps {
  readonly message: ConversationMessage;
  /** The error notice below the conversation tells this message's error (with Retry): do not say it twice. */
  readonly errorToldBelow?: boolean;
}

/** A stored message. User text is shown as typed; answers as markdown, with their tool calls first. */
export const MessageItem = memo(({ message, errorToldBelow = false }: MessageItemProps) => {
  const usage = message.usage;
  return (
    <article
      className={`message ${message.role}${message.compacted ? ' compacted' : ''}${message.error ? ' errored' : ''}`}
      data-testid="assistant-message"
      data-role={message.role}
      data-message-id={message.id}
      data-compacted={message.compacted || undefined}
      data-error={message.error ? message.error.kind : undefined}
      aria-label={message.role === 'user' ? 'Your question' : 'Answer'}
    >
      <header className="message-meta">
        <span className="message-role">{message.role === 'user' ? 'You' : (message.model?.model ?? 'Assistant')}</span>
        <span>{time(message.createdAt)}</span>
        {usage && (
          <span title="Tokens reported by the provider">
            {formatTokens(usage.inputTokens)} in · {formatTokens(usage.outputTokens)} out
          </span>
        )}
        {message.role === 'assistant' && message.content && <CopyMarkdown text={message.content} />}
        {message.compacted && (
          <span className="message-flag" title="Folded into a compaction; Undo restores it">
            compacted
          </span>
        )}
      </header>
      {message.attachments.length > 0 && (
        <ul className="message-attachments" aria-label="Attached commands">
          {message.attachments.map((a) =>
            a.forgotten ? (
              // Its line was erased with it: marked, not shown as a bare id.
              <li
                key={a.commandId}
                className="forgotten"
                data-testid="attachment-chip"
                data-forgotten="true"
                title="This attached command was forgotten since"
              >
                $ forgotten
              </li>
            ) : (
              <li key={a.commandId} title={`Attached: ${a.commandId}`}>
                $ {chipLabel({ ...a, exitCode: null }, 80)}
              </li>
            ),
          )}
        </ul>
      )}
      {shownToolCalls(message.toolCalls, message.toolSteps).map((call) => (
        <ToolCallItem key={call.id} call={call} />
      ))}
      {message.steps.map((step) => (
        <AgentStep key={step.id} step={step} />
      ))}
      {(message.toolSteps ?? []).map((step) => (
        <ToolStep key={step.id} step={step} />
      ))}
      {message.error && !errorToldBelow && (
        <div className="message-error-line">
          {message.error.kind === 'cancelled' ? 'Stopped' : 'No complete answer'}: {message.error.message}
        </div>
      )}
      {message.role === 'user' ? (
        <div className="message-text plain">{message.content}</div>
      ) : (
        message.content && <MarkdownView source={message.content} citations={message.citations} />
      )}
    </article>
  );
});
MessageItem.displayName = 'MessageItem';

/** run_command calls show as agent steps, and MCP tool calls as tool steps (with their state and buttons), not as tool calls. */
export const shownToolCalls = (calls: readonly ToolCallView[], toolSteps: readonly { id: string }[] = []): readonly ToolCallView[] =>
  calls.filter((c) => c.name !== 'run_command' && !toolSteps.some((step) => step.id === c.id));

/** Copies the answer as the model wrote it: markdown, citations kept as [cmd:ID] text. */
const CopyMarkdown = ({ text }: { text: string }) => {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <button
      className="link-button message-copy"
      data-testid="message-copy"
      title="Copy the answer as markdown"
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => setCopied('Copied'),
          () => setCopied('Copy failed'),
        )
      }
    >
      {copied ?? 'Copy'}
    </button>
  );
};

const STATUS = { running: 'running…', done: 'done', error: 'failed' } as const;

/** Pretty-prints the model's JSON arguments when they parse; otherwise shows them as sent. */
const prettyArguments = (raw: string): string => {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
};

/** One tool call inline in the conversation: what the model asked for, and what it got back. */
export const ToolCallItem = memo(({ call }: { call: ToolCallView }) => {
  const [open, setOpen] = useState(false);
  return (
    <div className={`tool-call ${call.status}`} data-testid="tool-call" data-tool-name={call.name} data-status={call.status}>
      <button className="tool-call-head" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="tool-glyph" aria-hidden="true">
          {call.status === 'running' ? '◌' : call.status === 'done' ? '⚙' : '✗'}
        </span>
        <span className="tool-name">{call.name}</span>
        <span className="tool-status">{STATUS[call.status]}</span>
        {call.summary && <span className="tool-summary">{call.summary}</span>}
      </button>
      {open && (
        <pre className="tool-args" aria-label="Tool arguments">
          {prettyArguments(call.arguments)}
        </pre>
      )}
    </div>
  );
});
ToolCallItem.displayName = 'ToolCallItem';
