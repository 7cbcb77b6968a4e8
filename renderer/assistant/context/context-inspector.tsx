// SPDX-License-Identifier: MIT
import { useEffect, useRef, useState } from 'react';
import { useAssistant } from '../store/assistant-store';
import { refreshContext } from './context-actions';
import { CatalogTable, InspectorSection } from './inspector-sections';
import { inspectorTotal } from './inspector-total';
import { promptOf } from './prompt-text';
import { describeRedactions, redactionTotal } from './redaction-marks';

/**
 * The exact payload the next question would send (from `context:preview`), section by section with
 * redactions marked, and "Copy as prompt" so the context is useful with any chat tool, including
 * when no model is configured here.
 */
export const ContextInspector = () => {
  const preview = useAssistant((state) => state.preview);
  const error = useAssistant((state) => state.previewError);
  const [copied, setCopied] = useState<string | undefined>();
  const close = useRef<HTMLButtonElement>(null);
  const dismiss = () => useAssistant.getState().inspectorClosed();

  useEffect(() => {
    void refreshContext(0);
    close.current?.focus();
  }, []);

  const copy = (text: string, what: string) =>
    void navigator.clipboard.writeText(text).then(
      () => setCopied(`${what} copied`),
      () => setCopied('Copy failed'),
    );

  const redacted = preview ? redactionTotal(preview.redactions) : 0;
  const total = preview ? inspectorTotal(preview) : undefined;
  return (
    <div className="dialog-backdrop" onClick={dismiss}>
      <div
        className="inspector"
        role="dialog"
        aria-modal="true"
        aria-label="Context inspector"
        data-testid="context-inspector"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            dismiss();
          }
        }}
      >
        <header className="inspector-head">
          <h2>Next request</h2>
          {preview && (
            <span className="inspector-meta">
              {preview.model} ·{' '}
              <span data-testid="inspector-total" data-tokens={total?.tokens}>
                {total?.text}
              </span>
              {preview.budget.contextLimit
                ? ` of ${preview.budget.contextLimit.toLocaleString()} (assembled to ${preview.budget.available.toLocaleString()}, ${preview.budget.reservedOutputTokens.toLocaleString()} kept for the answer)`
                : ' · no limit set'}
              {preview.exactTokens ? ` · ${preview.tokenizer}` : ' · estimated'}
            </span>
          )}
          <span className="spacer" />
          {copied && (
            <span role="status" className="code-flash">
              {copied}
            </span>
          )}
          <button disabled={!preview} data-testid="copy-as-prompt" onClick={() => preview && copy(promptOf(preview), 'Prompt')}>
            Copy as prompt
          </button>
          <button disabled={!preview} onClick={() => preview && copy(JSON.stringify(preview, null, 2), 'JSON')}>
            Copy JSON
          </button>
          <button ref={close} onClick={dismiss} aria-label="Close the inspector">
            Close
          </button>
        </header>
        {error && <div className="panel-error">Preview failed: {error}</div>}
        {preview && (
          <div className="inspector-body">
            <div className="inspector-summary">
              {redacted > 0 ? (
                <span className="redaction-summary">
                  {redacted} secret{redacted === 1 ? '' : 's'} redacted: {describeRedactions(preview.redactions)}
                </span>
              ) : (
                <span>No secrets found to redact.</span>
              )}
              {preview.trimmed.length > 0 && (
                <ul className="section-notes">
                  {preview.trimmed.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </div>
            {preview.sections.map((section) => (
              <InspectorSection key={section.id} section={section} />
            ))}
            <CatalogTable entries={preview.catalog} />
          </div>
        )}
        {!preview && !error && <div className="inspector-body">Building the preview…</div>}
      </div>
    </div>
  );
};
