// SPDX-License-Identifier: MIT
import { useEffect, useRef, useState } from 'react';
import type { ConversationSummary } from '../../../shared/ipc/assistant';
import { useAssistant } from '../store/assistant-store';
import { createConversation, openConversation, searchConversations } from './conversation-actions';
import { ConversationRow } from './conversation-row';

type Match = { conversation: ConversationSummary; snippet?: string };

/** The conversation switcher: a compact menu with search (titles and message text), new, rename, delete. */
export const ConversationMenu = () => {
  const conversations = useAssistant((state) => state.conversations);
  const currentId = useAssistant((state) => state.conversationId);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Match[] | undefined>();
  const root = useRef<HTMLDivElement>(null);
  const current = conversations.find((c) => c.id === currentId);

  useEffect(() => {
    const text = query.trim();
    if (text.length < 2) return setFound(undefined);
    const timer = setTimeout(() => {
      void searchConversations(text).then((hits) => {
        const seen = new Set<string>();
        setFound(
          hits
            .filter((h) => !seen.has(h.conversation.id) && seen.add(h.conversation.id))
            .map((h) => ({ conversation: h.conversation, snippet: h.snippet })),
        );
      });
    }, 150);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const local = query.trim()
    ? conversations.filter((c) => c.title.toLowerCase().includes(query.trim().toLowerCase())).map((c) => ({ conversation: c }))
    : conversations.map((c) => ({ conversation: c }));
  const shown: Match[] = found ? [...local, ...found.filter((f) => !local.some((l) => l.conversation.id === f.conversation.id))] : local;

  const choose = (id: string) => {
    setOpen(false);
    setQuery('');
    void openConversation(id);
  };

  return (
    <div className="conversation-menu" ref={root}>
      <button
        className="conversation-button"
        data-testid="conversation-menu"
        aria-haspopup="true"
        aria-expanded={open}
        title={current?.title ?? 'New conversation'}
        onClick={() => setOpen(!open)}
      >
        <span className="conversation-current">{current?.title ?? 'New conversation'}</span> ▾
      </button>
      <button
        className="icon-button"
        data-testid="conversation-new"
        aria-label="New conversation"
        title="New conversation"
        onClick={() => {
          setOpen(false);
          void createConversation().then(() => useAssistant.getState().requestFocus());
        }}
      >
        +
      </button>
      {open && (
        <div
          className="conversation-popover"
          role="menu"
          onKeyDown={(event) => event.key === 'Escape' && (event.stopPropagation(), setOpen(false))}
        >
          <input
            autoFocus
            type="search"
            aria-label="Search conversations"
            data-testid="conversation-search"
            placeholder="Search conversations"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <ul className="conversation-list">
            {shown.map((m) => (
              <ConversationRow
                key={m.conversation.id}
                conversation={m.conversation}
                current={m.conversation.id === currentId}
                snippet={m.snippet}
                onOpen={choose}
              />
            ))}
            {shown.length === 0 && <li className="command-empty">{query ? 'No matches.' : 'No conversations yet.'}</li>}
          </ul>
        </div>
      )}
    </div>
  );
};
