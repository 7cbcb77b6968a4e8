// SPDX-License-Identifier: MIT
import { memo } from 'react';
import type { CommandRecord } from '../../shared/domain/command';
import { remotePlaceOf } from '../../shared/domain/command-text';
import { displayLine, displayText } from '../../shared/text/display-text';
import { MoreIcon } from '../layout/icons';
import { QuickFixButton } from '../quick-fix/quick-fix-button';
import { useHasFixes } from '../quick-fix/fix-availability';
import { offersQuickFix } from '../quick-fix/quick-fix-logic';
import type { QuickFixRequest } from '../quick-fix/quick-fix-menu';
import type { OpenCommandMenu } from './command-menu';
import { Elapsed } from './elapsed';
import { commandDuration, shortPath, statusOf, type CommandStatus } from './format';

const GLYPH = { running: '◌', ok: '✓', failed: '✗', unknown: '•', interrupted: '⚠' } as const;

const STATUS_TITLE: Partial<Record<CommandStatus, string>> = {
  interrupted: 'Interrupted: Contexterm stopped while this ran; it ends at its last recorded output, exit status unknown',
  unknown: 'Finished, exit status unknown',
};

export interface CommandItemProps {
  readonly command: CommandRecord;
  readonly selected: boolean;
  readonly showSession?: boolean;
  readonly onSelect: (command: CommandRecord) => void;
  readonly onActions: OpenCommandMenu;
  /** This row's actions menu is open. */
  readonly actionsOpen: boolean;
  /** Opens a failed command's quick fixes (its lightbulb); without it the row shows none. */
  readonly onQuickFix?: (request: QuickFixRequest) => void;
  /** This row's quick fixes are showing. */
  readonly quickFixOpen?: boolean;
}

/**
 * Where the command ran: a remote shell's host (over ssh) always; the machine's name too in search
 * results, which mix hosts. The local one is left out of a terminal's own list, where it is noise.
 * Names are shown with their controls as pictures (a remote host chose them); data-host keeps the
 * recorded value for tests.
 */
const HostBadge = ({ command, showLocal }: { command: CommandRecord; showLocal: boolean }) => {
  if (command.remote) {
    const host = displayLine(command.remote.host);
    return (
      <span
        className="command-host remote"
        data-testid="command-host"
        data-host={command.remote.host}
        title={`Ran on ${remotePlaceOf(command)} (ssh ${host})`}
      >
        ⇄ {host}
      </span>
    );
  }
  if (!showLocal || !command.hostname) return null;
  const host = displayLine(command.hostname);
  return (
    <span className="command-host" data-testid="command-host" data-host={command.hostname} title={`Ran on ${host}`}>
      {host}
    </span>
  );
};

/** A record synced from another device names it, as the ssh badge names a remote host. */
const DeviceBadge = ({ command }: { command: CommandRecord }) => {
  if (command.device === undefined) return null;
  const device = displayLine(command.device);
  return (
    <span className="command-host device" data-testid="command-device" data-device={command.device} title={`Synced from ${device}`}>
      ⇅ {device}
    </span>
  );
};

export const CommandItem = memo(
  ({ command, selected, showSession, onSelect, onActions, actionsOpen, onQuickFix, quickFixOpen }: CommandItemProps) => {
    const status = statusOf(command);
    const fixable = onQuickFix !== undefined && offersQuickFix(command);
    const fixes = useHasFixes(command.id, fixable);
    // Recorded text, shown with its controls as pictures (a remote host may have chosen it).
    const line = displayText(command.commandLine);
    const label = displayLine(command.commandLine) ?? 'this command';
    return (
      <li
        className={`command-item ${status}${selected ? ' selected' : ''}${fixable ? ' fixable' : ''}`}
        data-testid="command-item"
        data-command-id={command.id}
        data-exit-code={command.exitCode ?? ''}
        data-status={status}
        data-ran-by={command.ranBy}
        data-quick-fix={fixable && fixes !== undefined ? (fixes ? 'offered' : 'none') : undefined}
        aria-selected={selected}
        role="option"
        tabIndex={-1}
        title={displayText(command.outputSummary || command.commandLine || '')}
        onClick={() => onSelect(command)}
        onContextMenu={(event) => {
          event.preventDefault();
          onActions({ command, at: { x: event.clientX, y: event.clientY }, align: 'start' });
        }}
      >
        <span
          className="command-status"
          aria-label={status === 'failed' ? `exit ${command.exitCode}` : status}
          title={STATUS_TITLE[status]}
        >
          {GLYPH[status]}
          {status === 'failed' && <span className="command-exit">{command.exitCode}</span>}
        </span>
        <span className="command-line">{line ?? '(unknown)'}</span>
        <span className="command-meta">
          {showSession && <span className="command-session">{new Date(command.startedAt).toLocaleString()}</span>}
          <HostBadge command={command} showLocal={showSession === true} />
          <DeviceBadge command={command} />
          <span className="command-cwd">{shortPath(displayLine(command.cwd), undefined)}</span>
          {status === 'interrupted' && <span className="command-interrupted">interrupted</span>}
          {status === 'running' ? (
            <Elapsed since={command.startedAt} />
          ) : (
            <span className="command-duration">{commandDuration(command)}</span>
          )}
          {command.ranBy === 'assistant' && (
            <span className="command-ran-by" title="Run by the assistant (you chose Run, or your allow-list let it run)">
              assistant
            </span>
          )}
          {command.source === 'heuristic' && (
            <span className="command-heuristic" title="found by prompt heuristics">
              ≈
            </span>
          )}
        </span>
        {fixable && fixes === true && <QuickFixButton command={command} open={quickFixOpen === true} onOpen={onQuickFix} />}
        <button
          className={`command-actions${actionsOpen ? ' open' : ''}`}
          data-testid="command-actions"
          aria-label={`Actions for ${label}`}
          aria-haspopup="menu"
          aria-expanded={actionsOpen}
          title="Output, copy, rerun, forget…"
          // Its own action only: a click that reached the row would attach the command to the assistant.
          onClick={(event) => {
            event.stopPropagation();
            const box = event.currentTarget.getBoundingClientRect();
            onActions({ command, at: { x: box.right, y: box.bottom + 2 }, align: 'end', opener: event.currentTarget });
          }}
          onDoubleClick={(event) => event.stopPropagation()}
        >
          <MoreIcon />
        </button>
      </li>
    );
  },
);
CommandItem.displayName = 'CommandItem';
