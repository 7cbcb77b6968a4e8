// SPDX-License-Identifier: MIT
import { FitAddon } from '@xterm/addon-fit';
import { SearchAddon, type ISearchOptions } from '@xterm/addon-search';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { Terminal, type ITerminalOptions } from '@xterm/xterm';
import { useEffect, useRef, useState } from 'react';
import { remotePlaceOf, type CommandRecord } from '../../shared/domain/command';
import { displayLine, displayText } from '../../shared/text/display-text';
import { copyCommandOutput } from './output-copy';
import { commandDuration, shortPath, statusOf } from './format';
import { activeTerminalId } from '../state/workspace';
import { findDecorations } from '../terminal/search-bar';
import { focusActiveTerminal } from '../terminal/terminal-focus';
import { TERMINAL_DEFAULTS } from '../terminal/terminal-options';
import { controllerFor } from '../terminal/terminals';
import { api } from '../transport/api';
import { chunksOf, countLines, lastLines, scrollbackFor, viewerText } from './output-text';
import { useOutputViewer } from './output-viewer-store';
import './output-viewer.css';

/**
 * At most this many lines go into the viewer's terminal (each row costs its full width in xterm's
 * buffer, ~12 bytes a cell): beyond it the viewer shows the last ones and says so, and "Copy all"
 * still copies everything.
 */
const MAX_VIEWER_LINES = 300_000;
const MAX_SCROLLBACK = 1_000_000;
/** Characters per write: each one's callback reports progress and lets the page breathe. */
const WRITE_CHUNK = 512 * 1024;
const SEARCH_DELAY_MS = 150;
/** The search addon stops highlighting (and counting) at this many matches. */
const HIGHLIGHT_LIMIT = 1000;

type Phase =
  | { readonly kind: 'reading' }
  | { readonly kind: 'painting'; readonly percent: number }
  | { readonly kind: 'ready' }
  | { readonly kind: 'failed'; readonly message: string };

interface Loaded {
  readonly lines: number;
  readonly bytes: number;
  readonly truncated: boolean;
  /** Lines left out of the terminal (only the last MAX_VIEWER_LINES are painted). */
  readonly skipped: number;
}

/** The font and colours of the terminal on screen, so the viewer reads like it. */
const terminalLook = (): ITerminalOptions => {
  const id = activeTerminalId();
  const options = id ? controllerFor(id)?.term.options : undefined;
  return {
    theme: options?.theme ?? TERMINAL_DEFAULTS.theme,
    fontFamily: options?.fontFamily ?? TERMINAL_DEFAULTS.fontFamily,
    fontSize: options?.fontSize ?? TERMINAL_DEFAULTS.fontSize,
    lineHeight: options?.lineHeight ?? TERMINAL_DEFAULTS.lineHeight,
  };
};

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
  if (mod && event.key.toLowerCase() === 'c' && term.hasSelection()) return scroll(() => void navigator.clipboard.writeText(term.getSelection()).catch(() => undefined));
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

const STATUS_TEXT = { running: 'running', ok: 'exit 0', unknown: 'exit status unknown', interrupted: 'interrupted' } as const;

const statusText = (command: CommandRecord): string => {
  const status = statusOf(command);
  return status === 'failed' ? `exit ${command.exitCode}` : STATUS_TEXT[status];
};

/** The open viewer, if any: mount once near the root of the app. */
export const OutputViewerHost = () => {
  const command = useOutputViewer((state) => state.command);
  const opened = useOutputViewer((state) => state.opened);
  if (!command) return null;
  return (
    <OutputViewer
      key={opened}
      command={command}
      onClose={() => {
        useOutputViewer.getState().close();
        focusActiveTerminal();
      }}
    />
  );
};

/**
 * A command's whole recorded output, read from the store rather than the terminal's scrollback:
 * a read-only terminal with the output's colours, as many rows as it needs, and find. Escape
 * closes it and the focus goes back to the terminal.
 */
export const OutputViewer = ({ command, onClose }: { command: CommandRecord; onClose: () => void }) => {
  const body = useRef<HTMLDivElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const view = useRef<{ term: Terminal; search: SearchAddon } | undefined>(undefined);
  const [phase, setPhase] = useState<Phase>({ kind: 'reading' });
  const [loaded, setLoaded] = useState<Loaded | undefined>();
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState({ caseSensitive: false, wholeWord: false, regex: false });
  const [result, setResult] = useState<{ index: number; count: number } | undefined>();
  const [searchError, setSearchError] = useState<string | undefined>();
  const [copyNote, setCopyNote] = useState<string | undefined>();
  const [look] = useState(terminalLook);
  const ready = phase.kind === 'ready';

  useEffect(() => {
    const element = body.current;
    if (!element) return;
    let cancelled = false;
    const term = new Terminal({
      ...TERMINAL_DEFAULTS,
      ...look,
      cursorBlink: false,
      cursorInactiveStyle: 'none',
      disableStdin: true,
      // Recorded output may hold a lone \n (a program writing to a file, raw mode): start each line at column 0.
      convertEol: true,
      scrollback: 1000,
    });
    const fit = new FitAddon();
    const search = new SearchAddon({ highlightLimit: HIGHLIGHT_LIMIT });
    term.loadAddon(fit);
    term.loadAddon(search);
    term.loadAddon(new Unicode11Addon());
    term.unicode.activeVersion = '11';
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
    view.current = { term, search };
    const results = search.onDidChangeResults((r) => setResult({ index: r.resultIndex, count: r.resultCount }));
    const observer = new ResizeObserver(refit);
    observer.observe(element);

    void api.invoke('commands:output', { id: command.id, format: 'ansi' }).then((answer) => {
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
      results.dispose();
      view.current = undefined;
      term.dispose();
    };
  }, [command.id, look]);

  useEffect(() => searchInput.current?.focus(), []);

  // Find as the user types, once everything is painted (a search meanwhile would miss the rest).
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => find(true, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, options, ready]);

  useEffect(() => {
    if (!copyNote) return;
    const timer = setTimeout(() => setCopyNote(undefined), 2500);
    return () => clearTimeout(timer);
  }, [copyNote]);

  const find = (forward: boolean, typing = false) => {
    const current = view.current;
    if (!current) return;
    if (!query) {
      current.search.clearDecorations();
      current.term.clearSelection();
      setResult(undefined);
      setSearchError(undefined);
      return;
    }
    const searchOptions: ISearchOptions = { ...options, incremental: typing, decorations: findDecorations(current.term.options.theme) };
    try {
      if (forward) current.search.findNext(query, searchOptions);
      else current.search.findPrevious(query, searchOptions);
      setSearchError(undefined);
    } catch (error) {
      setResult(undefined);
      setSearchError(options.regex ? 'Not a valid regular expression' : String((error as Error)?.message ?? error));
    }
  };

  const copyAll = () =>
    void copyCommandOutput(command, 'output').then(
      () => setCopyNote('Copied'),
      (error: unknown) => setCopyNote(`Could not copy: ${(error as Error)?.message ?? String(error)}`),
    );

  const toggle = (key: keyof typeof options) => {
    setResult(undefined);
    setOptions((current) => ({ ...current, [key]: !current[key] }));
  };
  const count = !query || !result ? '' : searchError ? '' : result.count === 0 ? 'No matches' : `${result.index >= 0 ? result.index + 1 : '–'} of ${result.count >= HIGHLIGHT_LIMIT ? `${HIGHLIGHT_LIMIT}+` : result.count}`;
  const status = statusOf(command);
  const started = new Date(command.startedAt).toLocaleString();
  const duration = commandDuration(command);
  // The header's recorded text is shown with its controls as pictures (a remote host may have chosen it).
  const line = displayText(command.commandLine);
  const cwd = displayLine(command.cwd);

  return (
    <div className="output-viewer-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        className="output-viewer"
        role="dialog"
        aria-modal="true"
        aria-label={`Output of ${displayLine(command.commandLine) ?? 'a command'}`}
        aria-busy={!ready && phase.kind !== 'failed'}
        data-testid="output-viewer"
        data-command-id={command.id}
        data-lines={loaded?.lines ?? ''}
        data-state={phase.kind}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <header className="output-viewer-header">
          <span className={`output-viewer-status ${status}`} title={statusText(command)}>
            {statusText(command)}
          </span>
          <code className="output-viewer-command" title={line ?? ''}>
            {line ?? '(command line not recorded)'}
          </code>
          <span className="output-viewer-when" title={cwd ?? ''}>
            {started}
            {duration && ` · ${duration}`}
            {command.remote && ` · on ${remotePlaceOf(command)}`}
            {cwd && ` · ${shortPath(cwd, undefined)}`}
          </span>
          <button className="output-viewer-copy" data-testid="output-viewer-copy" onClick={copyAll} title="Copy the whole output as plain text">
            Copy all
          </button>
          <button className="output-viewer-close" data-testid="output-viewer-close" aria-label="Close (Escape)" title="Close (Escape)" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="output-viewer-find" role="search">
          <input
            ref={searchInput}
            type="search"
            data-testid="output-viewer-search"
            aria-label="Find in output"
            placeholder="Find in output (Enter: next, Shift+Enter: previous)"
            value={query}
            onChange={(event) => {
              // The count of the previous text is not this one's: blank until this search reports.
              setResult(undefined);
              setQuery(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                find(!event.shiftKey);
              }
            }}
          />
          <button className={`find-option${options.caseSensitive ? ' on' : ''}`} aria-pressed={options.caseSensitive} title="Match case" onClick={() => toggle('caseSensitive')}>
            Aa
          </button>
          <button className={`find-option${options.wholeWord ? ' on' : ''}`} aria-pressed={options.wholeWord} title="Whole word" onClick={() => toggle('wholeWord')}>
            W
          </button>
          <button
            className={`find-option${options.regex ? ' on' : ''}`}
            aria-pressed={options.regex}
            data-testid="output-viewer-regex"
            title="Regular expression"
            onClick={() => toggle('regex')}
          >
            .*
          </button>
          <span className={`output-viewer-count${searchError ? ' error' : ''}`} data-testid="output-viewer-count" role="status">
            {searchError ?? count}
          </span>
          <button aria-label="Previous match" data-testid="output-viewer-previous" title="Previous match (Shift+Enter)" disabled={!ready || !query} onClick={() => find(false)}>
            ↑
          </button>
          <button aria-label="Next match" data-testid="output-viewer-next" title="Next match (Enter)" disabled={!ready || !query} onClick={() => find(true)}>
            ↓
          </button>
        </div>
        <div className="output-viewer-body" style={{ background: look.theme?.background }}>
          <div className="output-viewer-terminal" ref={body} />
          {phase.kind !== 'ready' && (
            <div className={`output-viewer-loading${phase.kind === 'failed' ? ' error' : ''}`} data-testid="output-viewer-loading" role="status">
              {phase.kind === 'reading' && 'Reading the output from history…'}
              {phase.kind === 'painting' && `Loading ${loaded ? loaded.lines.toLocaleString() : ''} lines… ${phase.percent}%`}
              {phase.kind === 'failed' && `Could not read the output: ${phase.message}`}
            </div>
          )}
        </div>
        <footer className="output-viewer-footer">
          {loaded && (
            <span data-testid="output-viewer-size">
              {loaded.lines.toLocaleString()} {loaded.lines === 1 ? 'line' : 'lines'} · {formatSize(loaded.bytes)}
            </span>
          )}
          {loaded?.truncated && <span className="output-viewer-note">Too large to read whole: the middle is left out (marked in the text).</span>}
          {loaded && loaded.skipped > 0 && (
            <span className="output-viewer-note">
              Showing the last {MAX_VIEWER_LINES.toLocaleString()} lines; the first {loaded.skipped.toLocaleString()} are only in “Copy all”.
            </span>
          )}
          <span className="spacer" />
          {copyNote && (
            <span className="output-viewer-copied" role="status">
              {copyNote}
            </span>
          )}
        </footer>
      </div>
    </div>
  );
};

const formatSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};
