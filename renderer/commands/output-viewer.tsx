// SPDX-License-Identifier: MIT
import type { ITerminalOptions } from '@xterm/xterm';
import { useEffect, useRef, useState } from 'react';
import type { CommandRecord } from '../../shared/domain/command';
import { remotePlaceOf } from '../../shared/domain/command-text';
import { displayLine, displayText } from '../../shared/text/display-text';
import { FindBar, type FindBarLook } from '../find/find-bar';
import { activeTerminalId } from '../state/workspace';
import { focusActiveTerminal } from '../terminal/terminal-focus';
import { controllerFor } from '../terminal/terminals';
import { TERMINAL_DEFAULTS } from '../terminal/xterm/terminal-options';
import { copyCommandOutput } from './output-copy';
import { commandDuration, shortPath, statusOf } from './format';
import { MAX_VIEWER_LINES, useOutputTerminal } from './output-terminal';
import { useOutputViewer } from '../state/output-viewer';
import './output-viewer.css';

/** Searching waits for a pause in typing: the buffer may hold hundreds of thousands of lines. */
const SEARCH_DELAY_MS = 150;

const FIND_LOOK: FindBarLook = {
  className: 'output-viewer-find',
  inputLabel: 'Find in output',
  placeholder: 'Find in output (Enter: next, Shift+Enter: previous)',
  inputType: 'search',
  testIds: {
    input: 'output-viewer-search',
    caseSensitive: 'output-viewer-case',
    wholeWord: 'output-viewer-word',
    regex: 'output-viewer-regex',
    count: 'output-viewer-count',
    previous: 'output-viewer-previous',
    next: 'output-viewer-next',
  },
};

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
const OutputViewer = ({ command, onClose }: { command: CommandRecord; onClose: () => void }) => {
  const body = useRef<HTMLDivElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const [look] = useState(terminalLook);
  const { phase, loaded, target } = useOutputTerminal(body, command.id, look, searchInput);
  const [copyNote, setCopyNote] = useState<string | undefined>();
  const ready = phase.kind === 'ready';

  useEffect(() => {
    if (!copyNote) return;
    const timer = setTimeout(() => setCopyNote(undefined), 2500);
    return () => clearTimeout(timer);
  }, [copyNote]);

  const copyAll = () =>
    void copyCommandOutput(command, 'output').then(
      () => setCopyNote('Copied'),
      (error: unknown) => setCopyNote(`Could not copy: ${(error as Error)?.message ?? String(error)}`),
    );

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
          <button
            className="output-viewer-copy"
            data-testid="output-viewer-copy"
            onClick={copyAll}
            title="Copy the whole output as plain text"
          >
            Copy all
          </button>
          <button
            className="output-viewer-close"
            data-testid="output-viewer-close"
            aria-label="Close (Escape)"
            title="Close (Escape)"
            onClick={onClose}
          >
            ×
          </button>
        </header>
        <FindBar target={target} look={FIND_LOOK} typingDelayMs={SEARCH_DELAY_MS} ready={ready} inputRef={searchInput} />
        <div className="output-viewer-body" style={{ background: look.theme?.background }}>
          <div className="output-viewer-terminal" ref={body} />
          {phase.kind !== 'ready' && (
            <div
              className={`output-viewer-loading${phase.kind === 'failed' ? ' error' : ''}`}
              data-testid="output-viewer-loading"
              role="status"
            >
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
          {loaded?.truncated && (
            <span className="output-viewer-note">Too large to read whole: the middle is left out (marked in the text).</span>
          )}
          {loaded && loaded.skipped > 0 && (
            <span className="output-viewer-note">
              Showing the last {MAX_VIEWER_LINES.toLocaleString()} lines; the first {loaded.skipped.toLocaleString()} are only in “Copy
              all”.
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
