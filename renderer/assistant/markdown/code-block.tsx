// SPDX-License-Identifier: MIT
import { useEffect, useRef, useState } from 'react';
import { useWorkspace } from '../../state/workspace';
import { controllerFor } from '../../terminal/terminals';
import { insertableText } from './markdown-safety';

/** Resets a transient label ("Copied") after a moment. */
const useFlash = (): [string | undefined, (label: string) => void] => {
  const [label, setLabel] = useState<string | undefined>();
  useEffect(() => {
    if (!label) return;
    const timer = setTimeout(() => setLabel(undefined), 1500);
    return () => clearTimeout(timer);
  }, [label]);
  return [label, setLabel];
};

/**
 * A fenced code block with Copy and "Insert into terminal". Inserting pastes into the active tab
 * without Enter, and only after the user has seen exactly what will be pasted: commands from a
 * model are suggestions, the user decides whether to run them.
 */
export const CodeBlock = ({ code, lang, streaming }: { code: string; lang: string; streaming: boolean }) => {
  const activeId = useWorkspace((state) => state.activeTerminalId);
  const [confirming, setConfirming] = useState(false);
  const [flash, setFlash] = useFlash();
  const insertButton = useRef<HTMLButtonElement>(null);
  const text = insertableText(code);
  const lines = text.split('\n').length;

  useEffect(() => {
    if (confirming) insertButton.current?.focus();
  }, [confirming]);

  const copy = () =>
    void navigator.clipboard.writeText(code).then(
      () => setFlash('Copied'),
      () => setFlash('Copy failed'),
    );

  const insert = () => {
    const controller = activeId ? controllerFor(activeId) : undefined;
    setConfirming(false);
    if (!controller) return setFlash('No terminal');
    controller.paste(text);
    controller.focus();
  };

  return (
    <div className="code-block">
      <div className="code-toolbar">
        <span className="code-lang">{lang || 'code'}</span>
        {flash && <span className="code-flash" role="status">{flash}</span>}
        <button className="link-button" onClick={copy} aria-label="Copy code">Copy</button>
        <button
          className="link-button"
          onClick={() => setConfirming(true)}
          disabled={!activeId || streaming || text.trim() === ''}
          aria-label="Insert into terminal"
          title={activeId ? 'Paste into the active terminal (you press Enter)' : 'No terminal open'}
        >
          Insert
        </button>
      </div>
      <pre><code>{code}</code></pre>
      {confirming && (
        <div
          className="insert-confirm"
          role="dialog"
          aria-label="Insert into terminal"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              setConfirming(false);
            }
          }}
        >
          <div className="insert-title">Paste into the active terminal (not run):</div>
          <pre className="insert-text" data-testid="insert-preview">{text}</pre>
          {lines > 1 && <div className="insert-note">{lines} lines. Shells without bracketed paste run each line on its newline.</div>}
          <div className="dialog-buttons">
            <button onClick={() => setConfirming(false)}>Cancel</button>
            <button ref={insertButton} className="primary" data-testid="insert-confirm" onClick={insert}>Insert</button>
          </div>
        </div>
      )}
    </div>
  );
};
