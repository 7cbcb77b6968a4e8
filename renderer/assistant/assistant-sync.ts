// SPDX-License-Identifier: MIT
import { useSettings } from '../state/settings';
import { useWorkspace } from '../state/workspace';
import { onCommandClick } from '../terminal/terminals';
import { connection } from '../transport/api';
import { attachCommand } from './composer/attach';
import { autoCompacted, invalidateModelConfig, refreshContext } from './context/context-actions';
import { api } from '../transport/api';
import { refreshConversations, restoreConversation } from './conversation/conversation-actions';
import { useAssistant } from './store/assistant-store';
import { subscribeTurnEvents } from './turn/turn-events';
import { restoreToolSteps, subscribeToolSteps } from './tools/tool-steps';

/**
 * Wires the assistant to the rest of the app for the window's lifetime (whether or not the pane is
 * shown, so attachments and streams are never lost): turn events, the conversation to resume,
 * gutter clicks in the terminals (which attach their command), and a fresh usage preview whenever
 * what it depends on changes (settings, the active terminal). `onRestored`: the first restore settled.
 */
export const startAssistant = (onRestored?: () => void): (() => void) => {
  const offEvents = subscribeTurnEvents();
  const offToolSteps = subscribeToolSteps();
  // A call to an MCP tool may wait on a decision this window has not seen proposed (it reloaded).
  const offConversation = useAssistant.subscribe((next, previous) => {
    if (next.conversationId !== previous.conversationId && next.conversationId) void restoreToolSteps(next.conversationId);
  });
  const offAutoCompact = api.on('context:auto-compacted', ({ conversationId, result }) => void autoCompacted(conversationId, result));
  const offGutter = onCommandClick(attachCommand);
  // The pane is shown once the conversation to resume is in (app.tsx): a question asked before
  // would be wiped by the restore that answers after it.
  void restoreConversation().finally(() => onRestored?.());
  const offSettings = useSettings.subscribe((next, previous) => {
    if (next.view === previous.view) return;
    invalidateModelConfig();
    void refreshContext(0);
  });
  const offTabs = useWorkspace.subscribe((next, previous) => {
    if (next.activeTerminalId !== previous.activeTerminalId) void refreshContext();
  });
  let dropped = false;
  const offStatus = connection.onStatus((status) => {
    if (status === 'closed') dropped = true;
    if (status !== 'open' || !dropped) return;
    dropped = false;
    // Events sent while the socket was down are gone: forget the half-seen stream and re-read what was stored.
    useAssistant.getState().streamLost();
    void refreshConversations();
    void restoreConversation();
  });
  return () => {
    offEvents();
    offToolSteps();
    offConversation();
    offAutoCompact();
    offGutter();
    offSettings();
    offTabs();
    offStatus();
  };
};
