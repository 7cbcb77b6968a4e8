// SPDX-License-Identifier: MIT
import { useLayoutEffect, useRef, useState } from 'react';
import { useInsertGate, type PendingInsertion } from './insert-state';
import { changeSummary, shownText } from './insert-text';
import './insert.css';

/** Within this many pixels of the end, the preview counts as read to its last line. */
const END_SLACK_PX = 2;

/**
 * The input gate's confirmation (insert-into.ts): the whole text as it will be typed, hidden
 * characters shown as ⟨U+…⟩, with what the gate changed. Insert stays disabled until the preview
 * has been seen to its last line: a Ctrl+I answer once put a payload line above 90 comment lines,
 * and only the last lines were in view when Enter ran it. The preview starts at the first line.
 */
export const InsertDialog = () => {
  const pending = useInsertGate((state) => state.pending);
  return pending ? <Dialog key={pending.id} pending={pending} /> : null;
};

const Dialog = ({ pending }: { pending: PendingInsertion }) => {
  const { insertion, title, id } = pending;
  const preview = useRef<HTMLPreElement>(null);
  const insert = useRef<HTMLButtonElement>(null);
  const [seenEnd, setSeenEnd] = useState(false);
  const answer = (confirmed: boolean) => useInsertGate.getState().answer(id, confirmed);
  const atEnd = () => {
    const box = preview.current;
    return !box || box.scrollTop + box.clientHeight >= box.scrollHeight - END_SLACK_PX;
  };

  useLayoutEffect(() => {
    const fits = atEnd();
    setSeenEnd(fits);
    // The keyboard goes where the next step is: Insert, or the preview to scroll it with the keys.
    (fits ? insert.current : preview.current)?.focus();
  }, []);

  const lines = insertion.lines.length;
  const changed = changeSummary(insertion);
  return (
    <div className="dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && answer(false)}>
      <div
        className="dialog insert-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid="insert-dialog"
        data-lines={lines}
        data-changed={insertion.changed}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          answer(false);
        }}
      >
        <div className="insert-title">{title}: put at the prompt, not run</div>
        <pre
          ref={preview}
          className="insert-preview"
          data-testid="insert-preview"
          tabIndex={0}
          onScroll={() => {
            if (!seenEnd && atEnd()) setSeenEnd(true);
          }}
        >
          {shownText(insertion.text)}
        </pre>
        {lines > 1 && <div className="insert-note">{lines} lines, pasted as one: nothing runs until you press Enter.</div>}
        {insertion.hidden > 0 && (
          <div className="insert-note">
            Characters that are invisible or reorder text are shown as ⟨U+…⟩; they are inserted as they are.
          </div>
        )}
        {changed && (
          <div className="insert-note" data-testid="insert-changed">
            {changed}
          </div>
        )}
        {!seenEnd && (
          <div className="insert-note" data-testid="insert-scroll">
            Scroll to the last line to insert.
          </div>
        )}
        <div className="dialog-buttons">
          <button data-testid="insert-cancel" onClick={() => answer(false)}>
            Cancel
          </button>
          <button ref={insert} className="primary" data-testid="insert-confirm" disabled={!seenEnd} onClick={() => answer(true)}>
            Insert
          </button>
        </div>
      </div>
    </div>
  );
};
