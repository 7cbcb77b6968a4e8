// SPDX-License-Identifier: MIT
import { useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAssistant } from '../state/assistant';
import './assistant.css';
import { Composer } from './composer';
import { ContextBar } from './context-bar';
import { ConversationMenu } from './conversation-menu';
import { EmptyConversation, SetupHelp } from './empty-state';
import { MessageList } from './message-list';
import { cancel } from './turn-actions';
import { focusActiveTerminal } from '../layout/focus';

export const hideAssistant = (): void => {
  useAssistant.getState().setOpen(false);
  focusActiveTerminal();
};

/** The assistant beside the terminals: conversation, context controls and the composer. */
export const AssistantPane = () => {
  const { notice, empty, unreachable } = useAssistant(
    useShallow((state) => ({
      notice: state.notice,
      empty: state.messages.length === 0 && state.turn === undefined && state.failure === undefined,
      unreachable: state.failure?.conversationId === state.conversationId && state.failure?.error.kind === 'unreachable',
    })),
  );
  return (
    <section
      className="assistant-pane"
      aria-label="Assistant"
      data-testid="assistant-pane"
      onKeyDown={(event) => {
        // Esc stops a streaming answer, else goes back to the terminal; only from inside the pane:
        // in the terminal Esc belongs to the shell.
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        if (useAssistant.getState().turn) void cancel();
        else focusActiveTerminal();
      }}
    >
      <header className="panel-header assistant-head">
        <span className="panel-title">Assistant</span>
        <ConversationMenu />
        <button className="icon-button" aria-label="Hide the assistant (Ctrl+Shift+A)" title="Hide (Ctrl+Shift+A)" onClick={hideAssistant}>
          ×
        </button>
      </header>
      <ContextBar />
      {notice && (
        <div className="panel-error notice" role="alert">
          <span>{notice}</span>
          <button className="icon-button" aria-label="Dismiss" onClick={() => useAssistant.getState().patch({ notice: undefined })}>
            ×
          </button>
        </div>
      )}
      {empty ? (
        <div className="message-list">
          <EmptyConversation />
        </div>
      ) : (
        <MessageList />
      )}
      {unreachable && <SetupHelp reason="unreachable" />}
      <Composer />
    </section>
  );
};

const STEP = 24;

/**
 * The side pane's left edge: drag to resize (the pane grows leftwards), or focus it and use the
 * arrow keys. The width is kept in localStorage by the store.
 */
export const ResizeHandle = () => {
  const width = useAssistant((state) => state.width);
  const drag = useRef<{ x: number; width: number } | undefined>(undefined);
  const setWidth = (next: number) => useAssistant.getState().setWidth(next);
  return (
    <div
      className="pane-resize"
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the side pane"
      aria-valuenow={width}
      tabIndex={0}
      data-testid="pane-resize"
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = { x: event.clientX, width };
        document.body.classList.add('resizing');
      }}
      onPointerMove={(event) => {
        if (drag.current) setWidth(drag.current.width + (drag.current.x - event.clientX));
      }}
      onPointerUp={(event) => {
        event.currentTarget.releasePointerCapture(event.pointerId);
        drag.current = undefined;
        document.body.classList.remove('resizing');
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') setWidth(width + STEP);
        else if (event.key === 'ArrowRight') setWidth(width - STEP);
        else return;
        event.preventDefault();
      }}
    />
  );
};
