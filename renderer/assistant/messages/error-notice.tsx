// SPDX-License-Identifier: MIT
import { useEffect, useMemo, useState } from 'react';
import { MarkdownView } from '../markdown/markdown-view';
import { providerOf, useCurrentModel } from '../model/model-choice';
import { useAssistant } from '../store/assistant-store';
import { retry } from '../turn/turn-actions';
import { describeError } from './error-text';

const useCountdown = (until: number | undefined): number => {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!until || until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
};

/**
 * A failed answer: what went wrong in words that say what to do, the provider's message, and Retry.
 * The question stays in the conversation; Retry re-runs it without retyping.
 */
export const ErrorNotice = () => {
  const failure = useAssistant((state) => state.failure);
  const conversationId = useAssistant((state) => state.conversationId);
  const model = useCurrentModel();
  // The retry-after countdown starts when this failure arrived.
  const shownAt = useMemo(() => (failure ? Date.now() : 0), [failure]);
  const retryAt = failure?.error.retryAfterMs ? shownAt + failure.error.retryAfterMs : undefined;
  const wait = useCountdown(retryAt);
  if (!failure || failure.conversationId !== conversationId) return null;
  const provider = providerOf(model?.providerId);
  const text = describeError(failure.error, { baseUrl: provider?.baseUrl, providerKind: provider?.kind, model: model?.model });
  const cancelled = failure.error.kind === 'cancelled';
  return (
    <div
      className={`turn-error ${cancelled ? 'cancelled' : ''}`}
      role={cancelled ? 'status' : 'alert'}
      data-testid="assistant-error"
      data-kind={failure.error.kind}
      data-status={failure.error.status ?? ''}
    >
      <div className="turn-error-title">{text.title}</div>
      {text.detail && <div className="turn-error-detail">{text.detail}</div>}
      {!failure.messageId && failure.partialText && (
        <div className="turn-error-partial" aria-label="What arrived before the error">
          <MarkdownView source={failure.partialText} />
        </div>
      )}
      <div className="turn-error-actions">
        <button className="primary" data-testid="assistant-retry" onClick={() => void retry()}>
          {wait > 0 ? `Retry (wait ${wait} s)` : cancelled ? 'Answer again' : 'Retry'}
        </button>
      </div>
    </div>
  );
};
