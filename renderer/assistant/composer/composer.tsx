// SPDX-License-Identifier: MIT
import { useEffect, useRef } from 'react';
import { displayText } from '../../../shared/text/display-text';
import { useCommands } from '../../state/commands';
import { useWorkspace } from '../../state/workspace';
import { refreshContext } from '../context/context-actions';
import { useAssistant } from '../store/assistant-store';
import { chipLabel, lastFailed } from '../store/attachments';
import { ask, cancel } from '../turn/turn-actions';
import { attachLastFailed, detach } from './attach';
import { ModelPicker } from './model-picker';

/**
 * The question box. Enter sends, Shift+Enter adds a line. The draft lives in the store (not here)
 * so the inspector previews exactly what would be sent, and a failed send loses nothing.
 */
export const Composer = () => {
  const draft = useAssistant((state) => state.draft);
  const streaming = useAssistant((state) => state.turn !== undefined);
  const focusToken = useAssistant((state) => state.focusToken);
  const activeId = useWorkspace((state) => state.activeTerminalId);
  // Offered only when there is something to attach: a button that answers "nothing failed" with a
  // message teaches nothing, and the message pushed Send aside.
  const anyFailed = useCommands((state) => activeId !== undefined && lastFailed(state.bySession[activeId] ?? []) !== undefined);
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (focusToken > 0) input.current?.focus();
  }, [focusToken]);

  const send = () => void ask();

  return (
    <div className="composer">
      <AttachmentChips />
      <textarea
        ref={input}
        className="assistant-input"
        data-testid="assistant-input"
        aria-label="Ask about your terminal"
        placeholder="Ask about your terminal… (Enter sends, Shift+Enter for a new line)"
        rows={3}
        value={draft}
        onChange={(event) => {
          useAssistant.getState().setDraft(event.target.value);
          void refreshContext(600);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            if (!streaming) send();
          }
        }}
      />
      <div className="composer-bar">
        {anyFailed && (
          <button
            className="link-button"
            data-testid="attach-last-failed"
            onClick={() => attachLastFailed(activeId)}
            title="Attach the newest command in this terminal that exited non-zero"
          >
            ✗ Attach last failed
          </button>
        )}
        <span className="spacer" />
        <ModelPicker />
        {streaming && (
          <button className="stop-button" onClick={() => void cancel()} aria-label="Stop the answer (Esc)">
            Stop
          </button>
        )}
        <button
          className="primary"
          data-testid="assistant-send"
          onClick={send}
          disabled={streaming || !draft.trim()}
          aria-label="Send question"
        >
          Send
        </button>
      </div>
    </div>
  );
};

/** The commands attached to the next question; × (or Delete/Backspace on a focused chip) removes one. */
const AttachmentChips = () => {
  const attachments = useAssistant((state) => state.attachments);
  if (attachments.length === 0) return null;
  return (
    <ul className="attachment-chips" aria-label="Attached commands">
      {attachments.map((a) => {
        const failed = a.exitCode !== null && a.exitCode !== 0;
        return (
          <li
            key={a.commandId}
            className={`attachment-chip${failed ? ' failed' : ''}`}
            data-testid="attachment-chip"
            data-command-id={a.commandId}
            data-device={a.device}
            title={`${displayText(a.commandLine) ?? a.commandId}${failed ? ` (exit ${a.exitCode})` : ''}${a.device === undefined ? '' : ` (synced from ${displayText(a.device)})`}: its full output goes with the question`}
            tabIndex={0}
            onKeyDown={(event) => {
              if (event.key === 'Delete' || event.key === 'Backspace') detach(a.commandId);
            }}
          >
            <span className="chip-glyph" aria-hidden="true">
              {failed ? '✗' : '$'}
            </span>
            <span className="chip-text">{chipLabel(a)}</span>
            {a.device !== undefined && <span className="chip-device">⇅ {displayText(a.device)}</span>}
            <button
              className="chip-remove"
              data-testid="attachment-remove"
              aria-label={`Remove ${chipLabel(a)}`}
              onClick={() => detach(a.commandId)}
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
};
