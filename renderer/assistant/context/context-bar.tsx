// SPDX-License-Identifier: MIT
import { useShallow } from 'zustand/react/shallow';
import { useCurrentModel, useModelLimits } from '../model/model-choice';
import { useAssistant } from '../store/assistant-store';
import type { UsageLevel } from '../store/usage-meter';
import { usageChangeText, useCompactionMeasure } from './compaction-measure';
import { clearContext, compact, undoCompaction } from './context-actions';
import { UsageMeterView } from './usage-meter-view';

const MODE_LABEL = { summarize: 'Summarize', 'truncate-oldest': 'Truncate oldest' } as const;
const NONE: readonly string[] = [];

/** Says how full the next request is and, above all, what it is already leaving out. */
const warningText = (level: UsageLevel, percent: number | null, threshold: number, leftOut: readonly string[]): string => {
  const where = `${Math.round(percent ?? 0)}% of this model’s budget, warns at ${Math.round(threshold * 100)}%`;
  if (leftOut.length > 0) return `The next request leaves out ${leftOut.join(', ')} (${where}).`;
  return level === 'critical'
    ? `Over this model’s budget (${where}): older messages will be left out.`
    : `Nearing this model’s budget (${where}): older messages will soon be left out.`;
};

/** Usage meter, Compact / Clear / Inspect, the threshold warning and the last compaction's result. */
export const ContextBar = () => {
  const { conversationId, busy, level, percent, leftOut, hasMessages, streaming } = useAssistant(
    useShallow((state) => ({
      conversationId: state.conversationId,
      busy: state.busy,
      level: state.meter?.level ?? 'normal',
      percent: state.meter?.percent ?? null,
      leftOut: state.meter?.leftOut ?? NONE,
      hasMessages: state.messages.length > 0,
      streaming: state.turn !== undefined,
    })),
  );
  const model = useCurrentModel();
  const { compactionMode: mode, warningThreshold } = useModelLimits(model?.model);
  const openInspector = () => useAssistant.getState().inspectorOpened();
  const canAct = !!conversationId && hasMessages && !busy && !streaming;
  return (
    <div className="context-bar-wrap">
      <div className="context-bar">
        <UsageMeterView onInspect={openInspector} />
        <div className="context-actions">
          <button
            className="small"
            data-testid="compact-button"
            disabled={!canAct}
            onClick={() => void compact()}
            title={`Compact the conversation (${MODE_LABEL[mode]}, set per model in Settings); undo is possible`}
          >
            {busy === 'compact' ? 'Compacting…' : 'Compact'}
          </button>
          <button
            className="small"
            data-testid="clear-button"
            disabled={!canAct}
            onClick={() => void clearContext()}
            title="Start the context afresh; the conversation stays and Undo restores it"
          >
            {busy === 'clear' ? 'Clearing…' : 'Clear'}
          </button>
          <button
            className="small"
            data-testid="inspect-context"
            onClick={openInspector}
            title="See the exact payload the next question sends"
          >
            Inspect
          </button>
        </div>
      </div>
      {level !== 'normal' && (
        <div className={`context-warning ${level}`} data-testid="context-warning" data-left-out={leftOut.join(', ')} role="alert">
          <span>{warningText(level, percent, warningThreshold, leftOut)}</span>
          <button
            className="small"
            data-testid="warning-compact"
            disabled={!canAct}
            onClick={() => void compact()}
            title={`Compact now (${MODE_LABEL[mode]})`}
          >
            Compact now
          </button>
        </div>
      )}
      <CompactionNotice />
    </div>
  );
};

const CompactionNotice = () => {
  const notice = useAssistant((state) => (state.compaction?.conversationId === state.conversationId ? state.compaction : undefined));
  const busy = useAssistant((state) => state.busy);
  const measure = useCompactionMeasure((state) => state.measure);
  if (!notice) return null;
  const result = notice.result;
  // Only the reading taken around this very result (a later clear or compaction replaces it).
  const measured = measure && result && measure.result === result && !notice.undone ? measure : undefined;
  const text = notice.kind === 'clear' ? 'Context cleared: the next question starts afresh.' : (result?.note ?? 'Compacted.');
  return (
    <div
      className="compaction-notice"
      data-testid="compaction-result"
      data-mode={result?.mode ?? 'clear'}
      data-nothing={result?.mode === 'none' ? '' : undefined}
      role="status"
    >
      <div className="compaction-line">
        <span>{notice.undone ? 'Undone: the earlier messages are back in the context.' : text}</span>
        {!notice.undone && (notice.kind === 'clear' || (result && result.mode !== 'none')) && (
          <button className="small" data-testid="undo-compaction" disabled={!!busy} onClick={() => void undoCompaction()}>
            Undo
          </button>
        )}
        <button className="icon-button" aria-label="Dismiss" onClick={() => useAssistant.getState().compactionDismissed()}>
          ×
        </button>
      </div>
      {measured && (
        <div
          className="compaction-usage"
          data-testid="compaction-usage"
          data-before={measured.before.tokens}
          data-after={measured.after.tokens}
        >
          {usageChangeText(measured)}
        </div>
      )}
      {result?.fallback && (
        <div className="compaction-fallback">Summarize failed ({result.fallback.reason}); the oldest messages were dropped instead.</div>
      )}
      {!notice.undone && notice.summary && (
        <details className="compaction-summary" open>
          <summary>Summary now at the start of the context</summary>
          <pre>{notice.summary}</pre>
        </details>
      )}
    </div>
  );
};
