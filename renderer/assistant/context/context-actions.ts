// SPDX-License-Identifier: MIT
import type { CompactResult } from '../../../shared/ipc/context';
import { activeTerminalId } from '../../state/workspace';
import { invoke } from '../../transport/invoke';
import { currentModel, modelLimits, PREVIEW_FALLBACK_MODEL } from '../model/model-choice';
import { useAssistant, type CompactionNotice, type ContextBusy } from '../store/assistant-store';
import { meterOf } from '../store/usage-meter';
import { readingOf, useCompactionMeasure } from './compaction-measure';

const state = () => useAssistant.getState();

/** The engine needs a question to lay out a request; an empty composer previews with this stand-in. */
const PLACEHOLDER_QUESTION = '…';

const previewRequest = () => {
  const { draft, attachments, conversationId } = state();
  return {
    question: draft.trim() || PLACEHOLDER_QUESTION,
    model: currentModel()?.model ?? PREVIEW_FALLBACK_MODEL,
    sessionId: activeTerminalId() ?? null,
    conversationId: conversationId ?? null,
    pinnedCommandIds: attachments.map((a) => a.commandId),
  };
};

let timer: ReturnType<typeof setTimeout> | undefined;
let generation = 0;

/**
 * Re-runs `context:preview` for the meter, its breakdown and the inspector. Calls within a short
 * window collapse into one, and an answer that arrives after a newer request started is dropped.
 */
export const refreshContext = (delayMs = 120): Promise<void> =>
  new Promise((resolve) => {
    clearTimeout(timer);
    timer = setTimeout(() => void runPreview().finally(resolve), delayMs);
  });

const runPreview = async (): Promise<void> => {
  const mine = ++generation;
  const request = previewRequest();
  const [preview, config] = await Promise.all([
    invoke('context:preview', request),
    state().modelConfig?.model === request.model ? undefined : invoke('context:get-model-config', { model: request.model }),
  ]);
  if (mine !== generation) return;
  if (config?.ok) state().modelConfigLoaded(config.value);
  if (!preview.ok) return state().previewFailed(preview.error.message);
  const { warningThreshold } = modelLimits(request.model);
  state().previewLoaded(preview.value, meterOf(preview.value, warningThreshold));
};

/** The model config is re-read after a settings change (limits may have moved). */
export const invalidateModelConfig = (): void => state().modelConfigInvalidated();

const runContextAction = async <T>(
  busy: ContextBusy,
  work: (conversationId: string) => Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
): Promise<T | undefined> => {
  const conversationId = state().conversationId;
  if (!conversationId || state().busy) return undefined;
  state().contextActionStarted(busy);
  try {
    const result = await work(conversationId);
    if (!result.ok) {
      state().noticeShown(`${busy === 'undo' ? 'Undo' : busy === 'clear' ? 'Clear' : 'Compact'} failed: ${result.error.message}`);
      return undefined;
    }
    return result.value;
  } finally {
    state().contextActionFinished();
  }
};

const reloadMessages = async (conversationId: string) => {
  const result = await invoke('conversations:get', { conversationId });
  if (result.ok && state().conversationId === conversationId) state().messagesReloaded(result.value.messages);
};

const settle = async (conversationId: string, notice: Omit<CompactionNotice, 'summary' | 'conversationId'>) => {
  await reloadMessages(conversationId);
  await runPreview();
  // The summary the engine stored, from its result: the preview's history section is whatever the
  // budget kept of the conversation, which need not start with the summary.
  const summary = notice.kind === 'compact' && notice.result?.mode === 'summarize' ? (notice.result.summary ?? '') : '';
  state().compactionSettled({ ...notice, conversationId, summary });
};

/**
 * Compacts with the model's configured mode (the engine reads it); shows the result and offers Undo.
 * The meter is read fresh just before and again after, so the result line shows the measured change.
 */
export const compact = async (): Promise<CompactResult | undefined> => {
  if (!state().conversationId || state().busy) return undefined;
  await runPreview();
  const before = readingOf(state().meter);
  const result = await runContextAction('compact', (conversationId) => invoke('context:compact', { conversationId }));
  const conversationId = state().conversationId;
  if (result && conversationId) {
    await settle(conversationId, { kind: 'compact', result, undone: false });
    const after = readingOf(state().meter);
    useCompactionMeasure.setState({ measure: before && after && result.mode !== 'none' ? { result, before, after } : undefined });
  }
  return result;
};

/** A question compacted its conversation first: show it like a compaction the user asked for (undoable). */
export const autoCompacted = async (conversationId: string, result: CompactResult): Promise<void> => {
  if (state().conversationId !== conversationId) return;
  const local = state().messages;
  await settle(conversationId, { kind: 'compact', result, undone: false });
  // The question that caused it may not be stored yet when the list is re-read: keep it on screen.
  const shown = new Set(state().messages.map((m) => m.id));
  const stored = new Set(
    state()
      .messages.filter((m) => !m.compacted)
      .map((m) => `${m.role}\u0000${m.content}`),
  );
  const missing = local.filter((m) => !shown.has(m.id) && !stored.has(`${m.role}\u0000${m.content}`));
  if (missing.length > 0 && state().conversationId === conversationId) state().messagesReloaded([...state().messages, ...missing]);
};

/** Clears the conversation's context; the conversation and its messages stay (and Undo brings them back). */
export const clearContext = async (): Promise<void> => {
  const usage = await runContextAction('clear', (conversationId) => invoke('context:clear', { conversationId }));
  const conversationId = state().conversationId;
  if (usage && conversationId) await settle(conversationId, { kind: 'clear', result: undefined, undone: false });
};

export const undoCompaction = async (): Promise<void> => {
  const result = await runContextAction('undo', (conversationId) => invoke('context:undo-compaction', { conversationId }));
  const conversationId = state().conversationId;
  if (!result || !conversationId) return;
  state().compactionUndone();
  await reloadMessages(conversationId);
  await runPreview();
};
