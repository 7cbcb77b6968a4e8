// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import type { AgentStepView } from '../../../shared/ipc/agent';
import type { EventPayload } from '../../../shared/ipc';
import type { ConversationMessage, ConversationSummary, ModelRef } from '../../../shared/ipc/assistant';
import type { ContextPreview, ModelContextConfigView } from '../../../shared/ipc/context';
import { loadPref, savePref } from '../../state/prefs';
import { addAttachment, removeAttachment, type Attachment } from './attachments';
import { clampWidth, savedUserWidth, sideWidth } from './pane-width';
import { savedModel } from './saved-model';
import {
  failureFromMessages,
  newTurn,
  turnOwning,
  upsertMessage,
  withDelta,
  restoredTurn,
  withStep,
  withTool,
  type CompactionNotice,
  type StreamingTurn,
  type TurnFailure,
} from './turn-state';
import type { Meter } from './usage-meter';

export type { CompactionNotice } from './turn-state';

export type ContextBusy = 'compact' | 'clear' | 'undo';

interface AssistantData {
  readonly open: boolean;
  /** The side pane's width now: `userWidth`, or a share of the window while that is unset. */
  readonly width: number;
  /** The width the user dragged the pane to (kept across reloads); undefined: follow the window. */
  readonly userWidth: number | undefined;
  readonly conversations: readonly ConversationSummary[];
  readonly conversationId: string | undefined;
  readonly messages: readonly ConversationMessage[];
  readonly turn: StreamingTurn | undefined;
  readonly failure: TurnFailure | undefined;
  readonly attachments: readonly Attachment[];
  readonly draft: string;
  /** The user's pick; undefined follows the settings' default model. */
  readonly chosenModel: ModelRef | undefined;
  readonly preview: ContextPreview | undefined;
  readonly previewError: string | undefined;
  readonly meter: Meter | undefined;
  readonly modelConfig: ModelContextConfigView | undefined;
  readonly compaction: CompactionNotice | undefined;
  readonly busy: ContextBusy | undefined;
  /** A failed request of the pane itself (not a model error), shown until dismissed. */
  readonly notice: string | undefined;
  readonly inspectorOpen: boolean;
  readonly focusToken: number;
}

/**
 * Every change to the assistant's state is one of these named actions, each saying what happened,
 * so a search for the name finds every place that causes it. There is deliberately no generic
 * setter: the actions are the list of things that can happen to the pane.
 */
interface AssistantActions {
  // The pane and the composer.
  setOpen(open: boolean): void;
  setWidth(width: number): void;
  requestFocus(): void;
  inspectorOpened(): void;
  inspectorClosed(): void;
  setDraft(draft: string): void;
  chooseModel(model: ModelRef): void;
  attach(attachment: Attachment): void;
  detach(commandId: string): void;
  noticeShown(message: string): void;
  noticeDismissed(): void;
  // Conversations.
  conversationsListed(list: readonly ConversationSummary[]): void;
  conversationCreated(summary: ConversationSummary): void;
  conversationRenamed(summary: ConversationSummary): void;
  conversationDeleted(conversationId: string): void;
  /** Another conversation is shown: what belonged to the previous one is dropped. */
  conversationSelected(conversationId: string | undefined): void;
  /** The remembered conversation no longer exists. */
  conversationGone(): void;
  conversationLoaded(conversationId: string, messages: readonly ConversationMessage[]): void;
  /** The same conversation's messages re-read after a compaction, a clear or an undo. */
  messagesReloaded(messages: readonly ConversationMessage[]): void;
  // Turns.
  /** The question shows at once (optimistically) and its turn starts streaming. */
  questionSent(pending: ConversationMessage, turnId: string): void;
  questionRefused(pendingId: string): void;
  /** The composer empties only now, and only of what was sent (the user may have typed on). */
  questionAccepted(accepted: { pendingId: string; userMessageId: string; sentDraft: string }): void;
  /** The failed answer is replaced by the new one; the question stays where it is. */
  retryStarted(conversationId: string, turnId: string): void;
  retryRefused(): void;
  stopRequested(): void;
  /** Stop found the turn already over on the server: no event will come for it. */
  turnEndedUnseen(): void;
  /** The connection dropped: events sent meanwhile are gone, so the half-seen stream is too. */
  streamLost(): void;
  deltaReceived(event: EventPayload<'assistant:delta'>): void;
  toolCallUpdated(event: EventPayload<'assistant:tool'>): void;
  stepUpdated(event: EventPayload<'agent:step'>): void;
  /** After a reload: the running answer's steps, so a proposed command can still be decided. */
  stepsRestored(conversationId: string, turnId: string, steps: readonly AgentStepView[]): void;
  turnFinished(message: ConversationMessage): void;
  turnFailed(event: EventPayload<'assistant:error'>): void;
  // Context: the usage preview and the compaction actions.
  modelConfigLoaded(config: ModelContextConfigView): void;
  /** Settings changed: the limits may have moved, so the config is read again. */
  modelConfigInvalidated(): void;
  previewLoaded(preview: ContextPreview, meter: Meter): void;
  previewFailed(message: string): void;
  contextActionStarted(busy: ContextBusy): void;
  contextActionFinished(): void;
  compactionSettled(notice: CompactionNotice): void;
  compactionUndone(): void;
  compactionDismissed(): void;
}

export type AssistantState = AssistantData & AssistantActions;

const initialData = (): AssistantData => ({
  open: loadPref('open', true),
  userWidth: savedUserWidth(),
  width: sideWidth(savedUserWidth()),
  conversations: [],
  conversationId: undefined,
  messages: [],
  turn: undefined,
  failure: undefined,
  attachments: [],
  draft: '',
  chosenModel: savedModel(loadPref<unknown>('model', undefined)),
  preview: undefined,
  previewError: undefined,
  meter: undefined,
  modelConfig: undefined,
  compaction: undefined,
  busy: undefined,
  notice: undefined,
  inspectorOpen: false,
  focusToken: 0,
});

const byRecent = (list: readonly ConversationSummary[]) => [...list].sort((a, b) => b.updatedAt - a.updatedAt);

export const useAssistant = create<AssistantState>()((set) => ({
  ...initialData(),
  setOpen: (open) => {
    savePref('open', open);
    set({ open });
  },
  setWidth: (width) => {
    const clamped = clampWidth(width);
    savePref('width', clamped);
    set({ userWidth: clamped, width: sideWidth(clamped) });
  },
  requestFocus: () => set((s) => ({ focusToken: s.focusToken + 1 })),
  inspectorOpened: () => set({ inspectorOpen: true }),
  inspectorClosed: () => set({ inspectorOpen: false }),
  setDraft: (draft) => set({ draft }),
  chooseModel: (model) => {
    savePref('model', model);
    set({ chosenModel: model });
  },
  attach: (attachment) => set((s) => ({ attachments: addAttachment(s.attachments, attachment) })),
  detach: (commandId) => set((s) => ({ attachments: removeAttachment(s.attachments, commandId) })),
  noticeShown: (message) => set({ notice: message }),
  noticeDismissed: () => set({ notice: undefined }),

  conversationsListed: (list) => set({ conversations: byRecent(list) }),
  conversationCreated: (summary) => set((s) => ({ conversations: [summary, ...s.conversations.filter((c) => c.id !== summary.id)] })),
  conversationRenamed: (summary) => set((s) => ({ conversations: s.conversations.map((c) => (c.id === summary.id ? summary : c)) })),
  conversationDeleted: (conversationId) => set((s) => ({ conversations: s.conversations.filter((c) => c.id !== conversationId) })),
  conversationSelected: (conversationId) =>
    set({ conversationId, messages: [], failure: undefined, compaction: undefined, turn: undefined }),
  conversationGone: () => set({ conversationId: undefined, messages: [] }),
  conversationLoaded: (conversationId, messages) =>
    set((s) => ({ messages, failure: failureFromMessages(conversationId, messages, s.failure) })),
  messagesReloaded: (messages) => set({ messages }),

  questionSent: (pending, turnId) =>
    set((s) => ({
      messages: [...s.messages, pending],
      turn: newTurn(pending.conversationId, turnId),
      failure: undefined,
      notice: undefined,
    })),
  questionRefused: (pendingId) => set((s) => ({ messages: s.messages.filter((m) => m.id !== pendingId), turn: undefined })),
  questionAccepted: ({ pendingId, userMessageId, sentDraft }) =>
    set((s) => ({
      draft: s.draft === sentDraft ? '' : s.draft,
      attachments: [],
      messages: s.messages.map((m) => (m.id === pendingId ? { ...m, id: userMessageId } : m)),
    })),
  retryStarted: (conversationId, turnId) =>
    set((s) => {
      const failed = s.failure?.messageId;
      return {
        turn: newTurn(conversationId, turnId),
        failure: undefined,
        notice: undefined,
        messages: failed ? s.messages.filter((m) => m.id !== failed) : s.messages,
      };
    }),
  retryRefused: () => set({ turn: undefined }),
  stopRequested: () => set((s) => (s.turn ? { turn: { ...s.turn, cancelRequested: true } } : s)),
  turnEndedUnseen: () => set({ turn: undefined }),
  streamLost: () => set({ turn: undefined }),
  deltaReceived: (event) =>
    set((s) => {
      const turn = turnOwning(s.conversationId, s.turn, event);
      return turn ? { turn: withDelta(turn, event) } : s;
    }),
  toolCallUpdated: (event) =>
    set((s) => {
      const turn = turnOwning(s.conversationId, s.turn, event);
      return turn ? { turn: withTool(turn, event) } : s;
    }),
  stepUpdated: (event) =>
    set((s) => {
      const turn = turnOwning(s.conversationId, s.turn, event);
      return turn ? { turn: withStep(turn, event) } : s;
    }),
  stepsRestored: (conversationId, turnId, steps) =>
    set((s) => {
      const turn = s.conversationId === conversationId ? restoredTurn(s.turn, conversationId, turnId, steps) : undefined;
      return turn ? { turn } : s;
    }),
  turnFinished: (message) => set((s) => ({ turn: undefined, failure: undefined, messages: upsertMessage(s.messages, message) })),
  turnFailed: (event) =>
    set((s) => ({
      turn: undefined,
      failure: {
        conversationId: event.conversationId,
        error: event.error,
        partialText: event.partialText,
        messageId: event.message?.id ?? null,
      },
      messages: event.message ? upsertMessage(s.messages, event.message) : s.messages,
    })),

  modelConfigLoaded: (config) => set({ modelConfig: config }),
  modelConfigInvalidated: () => set({ modelConfig: undefined }),
  previewLoaded: (preview, meter) => set({ preview, previewError: undefined, meter }),
  previewFailed: (message) => set({ previewError: message }),
  contextActionStarted: (busy) => set({ busy }),
  contextActionFinished: () => set({ busy: undefined }),
  compactionSettled: (notice) => set({ compaction: notice }),
  compactionUndone: () => set((s) => (s.compaction ? { compaction: { ...s.compaction, undone: true } } : s)),
  compactionDismissed: () => set({ compaction: undefined }),
}));

// The pane's width follows the window: a share of it, or the dragged width within what it allows.
if (typeof window !== 'undefined') {
  window.addEventListener('resize', () => useAssistant.setState((s) => ({ width: sideWidth(s.userWidth) })));
}
