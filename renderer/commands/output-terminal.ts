// SPDX-License-Identifier: MIT
import type { ITerminalOptions, Terminal } from '@xterm/xterm';
import { useEffect, useState, type RefObject } from 'react';
import type { FindBarTarget } from '../find/find-bar';
import { searchOf } from '../find/terminal-search';
import { createXterm } from '../terminal/xterm/create-xterm';
import { api } from '../transport/api';
import { chunksOf, countLines, lastLines, scrollbackFor, viewerText } from './output-text';

/**
 * At most this many lines go into the viewer's terminal (each row costs its full width in xterm's
 * buffer, ~12 bytes a cell): beyond it the viewer shows the last ones and says so, and "Copy all"
 * still copies everything.
 */
export const MAX_VIEWER_LINES = 300_000;
const MAX_SCROLLBACK = 1_000_000;
/** Characters per write: each one's callback reports progress and lets the page breathe. */
const WRITE_CHUNK = 512 * 1024;

export type Phase =
  | { readonly kind: 'reading' }
  | { readonly kind: 'painting'; readonly percent: number }
  | { readonly kind: 'ready' }
  | { readonly kind: 'failed'; readonly message: string };

export interface Loaded {
  readonly lines: number;
  readonly bytes: number;
  readonly truncated: boolean;
  /** Lines left out of the terminal (only the last MAX_VIEWER_LINES are painted). */
  readonly skipped: number;
}

/**
 * Keys in the viewer's terminal: PageUp/PageDown, the arrows, Home and End scroll; `/` and Ctrl+F
 * go to the find box; Ctrl+C copies the selection. Returns false for the keys it handled, so xterm
 * does not process them further.
 */
const pagerKey = (term: Terminal, event: KeyboardEvent, search: HTMLInputElement | null): boolean => {
  if (event.type !== 'keydown') return true;
  const mod = event.ctrlKey || event.metaKey;
  const scroll = (run: () => void) => {
    event.preventDefault();
    run();
    return false;
  };
  if (mod && event.key.toLowerCase() === 'c' && term.hasSelection())
    return scroll(() => void navigator.clipboard.writeText(term.getSelection()).catch(() => undefined));
  if ((mod && event.key.toLowerCase() === 'f') || (!mod && event.key === '/')) return scroll(() => search?.focus());
  if (event.altKey || mod) return true;
  switch (event.key) {
    case 'PageUp':
      return scroll(() => term.scrollPages(-1));
    case 'PageDown':
    case ' ':
      return scroll(() => term.scrollPages(1));
    case 'ArrowUp':
      return scroll(() => term.scrollLines(-1));
    case 'ArrowDown':
      return scroll(() => term.scrollLines(1));
    case 'Home':
      return scroll(() => term.scrollToTop());
    case 'End':
      return scroll(() => term.scrollToBottom());
  }
  return true;
};

/**
 * A read-only terminal in `body` showing a command's recorded output (read from the store, with
 * its colours), painted in chunks with progress, opened at the top. Keys page through it like a
 * pager. Answers where the painting is, what was read, and what its find bar searches.
 */
export const useOutputTerminal = (
  body: RefObject<HTMLDivElement | null>,
  commandId: string,
  look: ITerminalOptions,
  searchInput: RefObject<HTMLInputElement | null>,
): { phase: Phase; loaded: Loaded | undefined; target: FindBarTarget | undefined } => {
  const [phase, setPhase] = useState<Phase>({ kind: 'reading' });
  const [loaded, setLoaded] = useState<Loaded | undefined>();
  const [target, setTarget] = useState<FindBarTarget | undefined>();

  useEffect(() => {
    const element = body.current;
    if (!element) return;
    let cancelled = false;
    const { term, fit } = createXterm({
      ...look,
      cursorBlink: false,
      cursorInactiveStyle: 'none',
      disableStdin: true,
      // Recorded output may hold a lone \n (a program writing to a file, raw mode): start each line at column 0.
      convertEol: true,
      scrollback: 1000,
    });
    term.open(element);
    // Nothing typed here goes anywhere: the keys page through the output instead, like a pager.
    term.attachCustomKeyEventHandler((event) => pagerKey(term, event, searchInput.current));
    const refit = () => {
      if (!element.isConnected || element.clientWidth === 0) return;
      try {
        fit.fit();
      } catch {
        // Not measurable yet (fonts loading): the next resize fits.
      }
    };
    refit();
    setTarget({ search: searchOf(term), theme: () => term.options.theme, clearSelection: () => term.clearSelection() });
    const observer = new ResizeObserver(refit);
    observer.observe(element);

    void api.invoke('commands:output', { id: commandId, format: 'ansi' }).then((answer) => {
      if (cancelled) return;
      if (!answer.ok) return setPhase({ kind: 'failed', message: answer.error.message });
      const { text, bytes, truncated } = answer.value;
      const shown = lastLines(viewerText(text), MAX_VIEWER_LINES);
      setLoaded({ lines: countLines(text), bytes, truncated, skipped: shown.skipped });
      term.options.scrollback = scrollbackFor(shown.text, term.cols, MAX_SCROLLBACK);
      // The cursor means nothing in a recording: hidden, so it does not sit after the last line.
      const chunks = chunksOf(`\x1b[?25l${shown.text}`, WRITE_CHUNK);
      let next = 0;
      const writeNext = () => {
        if (cancelled) return;
        if (next >= chunks.length) {
          term.scrollToTop();
          return setPhase({ kind: 'ready' });
        }
        setPhase({ kind: 'painting', percent: Math.floor((next / chunks.length) * 100) });
        term.write(chunks[next++]!, writeNext);
      };
      writeNext();
    });

    return () => {
      cancelled = true;
      observer.disconnect();
      setTarget(undefined);
      term.dispose();
    };
  }, [commandId, look]);

  return { phase, loaded, target };
};
