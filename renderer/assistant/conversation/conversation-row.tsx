// SPDX-License-Identifier: MIT
import { useState } from 'react';
import type { ConversationSummary } from '../../../shared/ipc/assistant';
import { deleteConversation, renameConversation } from './conversation-actions';

const ago = (at: number): string => {
  const minutes = Math.round((Date.now() - at) / 60_000);
  if (minutes < 1) return 'now';
  if (minutes < 60) return `${minutes} m`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h`;
  return new Date(at).toLocaleDateString();
};

/** One conversation in the menu: open it, rename it in place, or delete it after a second click. */
export const ConversationRow = ({
  conversation,
  current,
  snippet,
  onOpen,
}: {
  conversation: ConversationSummary;
  current: boolean;
  snippet?: string;
  onOpen: (id: string) => void;
}) => {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(conversation.title);
  const [confirmDelete, setConfirmDelete] = useState(false);

  if (editing) {
    const commit = () => {
      setEditing(false);
      if (title.trim() && title !== conversation.title) void renameConversation(conversation.id, title);
    };
    return (
      <li className="conversation-row editing">
        <input
          autoFocus
          aria-label="Conversation title"
          data-testid="conversation-title-input"
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
            if (event.key === 'Escape') {
              event.stopPropagation();
              setTitle(conversation.title);
              setEditing(false);
            }
          }}
        />
      </li>
    );
  }

  return (
    <li className={`conversation-row${current ? ' current' : ''}`} data-testid="conversation-item" data-conversation-id={conversation.id}>
      <button className="conversation-open" aria-current={current} onClick={() => onOpen(conversation.id)}>
        <span className="conversation-title">{conversation.title}</span>
        <span className="conversation-meta">
          {conversation.messageCount} msg · {ago(conversation.updatedAt)}
        </span>
        {snippet && <span className="conversation-snippet">{snippet}</span>}
      </button>
      <button className="icon-button" aria-label={`Rename ${conversation.title}`} title="Rename" onClick={() => setEditing(true)}>
        ✎
      </button>
      {confirmDelete ? (
        <button
          className="icon-button danger"
          aria-label={`Really delete ${conversation.title}`}
          onClick={() => void deleteConversation(conversation.id)}
          onBlur={() => setConfirmDelete(false)}
          autoFocus
        >
          Delete?
        </button>
      ) : (
        <button className="icon-button" aria-label={`Delete ${conversation.title}`} title="Delete" onClick={() => setConfirmDelete(true)}>
          ×
        </button>
      )}
    </li>
  );
};
