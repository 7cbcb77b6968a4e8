// SPDX-License-Identifier: MIT
import { create } from 'zustand';
import { ModelRef, type ConversationMessage, type ConversationSummary, type LlmErrorInfo, type ToolCallView } from '../../shared/ipc/assistant';
import type { CompactResult, ContextPreview, ModelContextConfigView } from '../../shared/ipc/context';
import { addAttachment, removeAttachment, type Attachment } from '../assistant/attachments';
import type { Meter } from '../assistant/usage-meter';
import { clampWidth, loadPref, savePref } from '../assistant/prefs';

/** The answer being streamed; `turnId` is unknown until `assistant:ask` answers (events may come first). */
export interface StreamingTurn {
  readonly turnId: string | undefined;
  readonly conversationId: string;
  readonly text: string;
  readonly round: number;
  readonly tools: readonly ToolCallView[];
  readonly startedAt: number;
  /** Stop was pressed before the turn id was known; cancel as soon as it is. */
  readonly cancelRequested: boolean;
}

export interface TurnFailure {
  readonly conversationId: string;
  readonly error: LlmErrorInfo;
  readonly partialText: string;
  /** The stored assistant message carrying the error, when the main process kept one. */
  readonly messageId: string | null;
}

/** The last compaction or clear, for its result line and Undo. */
export interface CompactionNotice {
  readonly kind: 'compact' | 'clear';
  readonly conversationId: string;
  readonly result: CompactResult | undefined;
  /** What the conversation now starts with (the summary, for Summarize), from a fresh preview. */
  readonly summary: string;
  readonly undone: boolean;
}

interface AssistantState {
  readonly open: boolean;
  readonly width: number;
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
  readonly busy: 'compact' | 'clear' | 'undo' | undefined;
  /** A failed request of the pane itself (not a model error), shown until dismissed. */
  readonly notice: string | undefined;
  readonly inspectorOpen: boolean;
  readonly focusToken: number;
  setOpen(open: boolean): void;
  setWidth(width: number): void;
  attach(attachment: Attachment): void;
  detach(commandId: string): void;
  setDraft(draft: string): void;
  chooseModel(model: ModelRef): void;
  patch(partial: Partial<Omit<AssistantState, 'open' | 'width' | 'chosenModel'>>): void;
  requestFocus(): void;
}

export const useAssistant = create<AssistantState>()((set) => ({
  open: loadPref('open', true),
  width: clampWidth(loadPref('width', 420)),
  conversations: [],
  conversationId: undefined,
  messages: [],
  turn: undefined,
  failure: undefined,
  attachments: [],
  draft: '',
  chosenModel: ModelRef.safeParse(loadPref<unknown>('model', undefined)).data,
  preview: undefined,
  previewError: undefined,
  meter: undefined,
  modelConfig: undefined,
  compaction: undefined,
  busy: undefined,
  notice: undefined,
  inspectorOpen: false,
  focusToken: 0,
  setOpen: (open) => {
    savePref('open', open);
    set({ open });
  },
  setWidth: (width) => {
    const clamped = clampWidth(width);
    savePref('width', clamped);
    set({ width: clamped });
  },
  attach: (attachment) => set((state) => ({ attachments: addAttachment(state.attachments, attachment) })),
  detach: (commandId) => set((state) => ({ attachments: removeAttachment(state.attachments, commandId) })),
  setDraft: (draft) => set({ draft }),
  chooseModel: (model) => {
    savePref('model', model);
    set({ chosenModel: model });
  },
  patch: (partial) => set(partial),
  requestFocus: () => set((state) => ({ focusToken: state.focusToken + 1 })),
}));
