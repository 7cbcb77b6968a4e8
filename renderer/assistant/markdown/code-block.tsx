// SPDX-License-Identifier: MIT
import { useEffect, useState } from 'react';
import { displayText } from '../../../shared/text/display-text';
import { useWorkspace } from '../../state/workspace';
import { shownText } from '../../terminal/insert/insert-text';
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
 * A fenced code block with Copy and "Insert into terminal". Insert goes through the input gate
 * (renderer/terminal/insert), asking always: the gate's dialog shows exactly what will be typed into
 * the active tab, whole, and it is typed without Enter. Commands from a model are suggestions; the
 * user decides whether to run them.
 */
export const CodeBlock = ({ code, lang, streaming }: { code: string; lang: string; streaming: boolean }) => {
  const activeId = useWorkspace((state) => state.activeTerminalId);
  const [flash, setFlash] = useFlash();
  const text = insertableText(code);

  const copy = () =>
    void navigator.clipboard.writeText(code).then(
      () => setFlash('Copied'),
      () => setFlash('Copy failed'),
    );

  const insert = () => {
    const controller = activeId ? controllerFor(activeId) : undefined;
    if (!controller) return setFlash('No terminal');
    void controller.insert(text, { title: 'Insert from the answer', confirm: 'always' }).then(({ outcome }) => {
      if (outcome === 'inserted') controller.focus();
    });
  };

  return (
    <div className="code-block">
      <div className="code-toolbar">
        <span className="code-lang">{lang || 'code'}</span>
        {flash && (
          <span className="code-flash" role="status">
            {flash}
          </span>
        )}
        <button className="link-button" onClick={copy} aria-label="Copy code">
          Copy
        </button>
        <button
          className="link-button"
          onClick={insert}
          disabled={!activeId || streaming || text.trim() === ''}
          aria-label="Insert into terminal"
          title={activeId ? 'Paste into the active terminal (you press Enter)' : 'No terminal open'}
        >
          Insert
        </button>
      </div>
      {/* Shown with controls as pictures and invisible or reordering characters as ⟨U+…⟩: what is read is what Insert types. */}
      <pre>
        <code>{shownText(displayText(code))}</code>
      </pre>
    </div>
  );
};
