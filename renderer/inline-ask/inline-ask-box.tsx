// SPDX-License-Identifier: MIT
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { controllerFor } from '../terminal/terminals';
import { closeInlineAsk, openInlineAsk, sendInlineAsk } from './inline-ask-actions';
import { useInlineAsk } from './inline-ask-state';
import { inlineAskKey } from './inline-ask-key';
import './inline-ask.css';

interface Place {
  readonly left: number;
  readonly top: number;
  readonly width: number;
}

const BOX_HEIGHT = 34;

/**
 * Just under the cursor's row (the prompt), across the terminal; above the row when the prompt is
 * at the bottom. Measured from the terminal's screen element, whose height is rows × cell height.
 */
const placeOver = (terminalId: string): Place | undefined => {
  const term = controllerFor(terminalId)?.term;
  const screen = term?.element?.querySelector('.xterm-screen') ?? term?.element;
  if (!term || !screen) return undefined;
  const rect = screen.getBoundingClientRect();
  const cell = rect.height / Math.max(1, term.rows);
  const buffer = term.buffer.active;
  const row = Math.min(term.rows - 1, Math.max(0, buffer.baseY + buffer.cursorY - buffer.viewportY));
  const below = rect.top + (row + 1) * cell + 2;
  const top = below + BOX_HEIGHT <= rect.bottom ? below : Math.max(rect.top, rect.top + row * cell - BOX_HEIGHT - 2);
  return { left: rect.left + 8, top, width: Math.max(160, Math.min(720, rect.width - 16)) };
};

/**
 * The ask-for-a-command box (`inline-ask`): words in, one command out, inserted at the terminal's
 * prompt and not run. Opened by Ctrl+I in a terminal (installed here) or the palette; Enter sends,
 * Esc closes and cancels, leaving the box closes it too.
 */
export const InlineAskBox = () => {
  const terminalId = useInlineAsk((s) => s.terminalId);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = inlineAskKey(event);
      if (!target) return;
      // Before xterm's own handler, which would send Ctrl+I as a Tab (0x09) to the shell.
      event.preventDefault();
      event.stopPropagation();
      openInlineAsk(target);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  return terminalId === null ? null : <Box key={terminalId} terminalId={terminalId} />;
};

const Box = ({ terminalId }: { terminalId: string }) => {
  const { words, status, error, refining } = useInlineAsk();
  const input = useRef<HTMLInputElement>(null);
  const [place, setPlace] = useState<Place | undefined>(() => placeOver(terminalId));

  useLayoutEffect(() => {
    input.current?.focus();
    input.current?.select();
    // The prompt can move while the box is open: output still arriving, a resize, an inserted command.
    const follow = () => setPlace(placeOver(terminalId));
    const term = controllerFor(terminalId)?.term;
    const watches = term ? [term.onCursorMove(follow), term.onResize(follow), term.onScroll(follow)] : [];
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('resize', follow);
      for (const watch of watches) watch.dispose();
    };
  }, [terminalId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void sendInlineAsk();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeInlineAsk();
    }
  };

  const thinking = status === 'thinking';
  return (
    <div
      className={`inline-ask${thinking ? ' thinking' : ''}${error ? ' failed' : ''}`}
      data-testid="inline-ask"
      data-status={status}
      data-terminal-id={terminalId}
      role="dialog"
      aria-label="Ask for a command"
      // Unmeasured (a terminal not laid out yet): the bottom left of the window.
      style={place ? { left: place.left, top: place.top, width: place.width } : { left: 16, bottom: 16 }}
    >
      <span className="inline-ask-mark" aria-hidden="true">
        ✦
      </span>
      <input
        ref={input}
        data-testid="inline-ask-input"
        value={words}
        maxLength={2000}
        placeholder={refining ? 'Change the command: say how' : 'Describe a command; Enter inserts it at the prompt (not run)'}
        aria-label="Describe the command"
        aria-busy={thinking}
        onChange={(event) => useInlineAsk.getState().edit(event.target.value)}
        onKeyDown={onKeyDown}
        // Leaving the box for another part of the page closes it, as Esc does; switching windows does not.
        onBlur={() => document.hasFocus() && closeInlineAsk(false)}
      />
      {thinking && (
        <span className="inline-ask-status" data-testid="inline-ask-thinking">
          Thinking…
        </span>
      )}
      {error && (
        <span className="inline-ask-error" data-testid="inline-ask-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
};
