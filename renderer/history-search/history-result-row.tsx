// SPDX-License-Identifier: MIT
import { memo } from 'react';
import { remotePlaceOf } from '../../shared/domain/command-text';
import type { HistorySearchHit } from '../../shared/ipc/history';
import { displayLine } from '../../shared/text/display-text';
import { commandDuration, statusOf } from '../commands/format';
import { highlightRuns, whenText } from './history-search-logic';

const EXIT_TEXT = {
  ok: () => '✓ 0',
  failed: (code: number | null) => `✗ ${code ?? ''}`,
  running: () => 'running',
  interrupted: () => 'interrupted',
  unknown: () => 'no status',
} as const;

interface RowProps {
  readonly hit: HistorySearchHit;
  readonly index: number;
  readonly selected: boolean;
  readonly now: number;
  readonly onPick: (index: number, accept: boolean) => void;
}

/**
 * One result (`history-result`): the command line with the matched letters marked, then where and
 * when it ran: directory, host (a remote one as user@host over ssh), exit status, when, how long.
 */
export const HistoryResultRow = memo(({ hit, index, selected, now, onPick }: RowProps) => {
  const { command } = hit;
  const status = statusOf(command);
  const line = command.commandLine ?? '';
  return (
    <li
      id={`history-result-${index}`}
      className={`history-result${selected ? ' selected' : ''}`}
      data-testid="history-result"
      data-command-id={command.id}
      data-status={status}
      role="option"
      aria-selected={selected}
      // Keeps the keyboard in the search box: a click picks, a double-click inserts.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onPick(index, false)}
      onDoubleClick={() => onPick(index, true)}
    >
      <span className="history-result-line">
        {highlightRuns(line, hit.matched).map((run, i) =>
          run.hit ? <mark key={i}>{displayLine(run.text)}</mark> : <span key={i}>{displayLine(run.text)}</span>,
        )}
      </span>
      <span className="history-result-meta">
        <span data-testid="history-result-cwd" title={command.cwd ?? ''}>
          {displayLine(command.cwd) ?? '—'}
        </span>
        <span data-testid="history-result-host">{remotePlaceOf(command) ?? displayLine(command.hostname) ?? '—'}</span>
        {command.device !== undefined && (
          <span
            className="history-result-device"
            data-testid="history-result-device"
            data-device={command.device}
            title={`Synced from ${displayLine(command.device)}`}
          >
            ⇅ {displayLine(command.device)}
          </span>
        )}
        <span className={`history-result-exit ${status}`} data-testid="history-result-exit">
          {EXIT_TEXT[status](command.exitCode)}
        </span>
        <span data-testid="history-result-when" title={new Date(command.startedAt).toLocaleString()}>
          {whenText(command.startedAt, now)}
        </span>
        <span data-testid="history-result-duration">{commandDuration(command)}</span>
      </span>
    </li>
  );
});
HistoryResultRow.displayName = 'HistoryResultRow';
