// SPDX-License-Identifier: MIT
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { CommandRecord } from '../../shared/domain/command';
import { displayLine } from '../../shared/text/display-text';
import { runDuration, runOutcome, type RunOutcome } from './run-stats';

const MARK: Record<RunOutcome, string> = { ok: '✓', failed: '✗', running: '…', unknown: '?' };

const formatMs = (ms: number): string => {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  return `${Math.floor(ms / 60_000)} m ${Math.round((ms % 60_000) / 1000)} s`;
};

const outcomeText = (run: CommandRecord): string => {
  const outcome = runOutcome(run);
  if (outcome === 'failed') return `failed, exit ${run.exitCode}`;
  return { ok: 'succeeded', running: 'still running', unknown: 'exit status unknown' }[outcome];
};

export interface TimelineProps {
  /** Newest first. */
  readonly runs: readonly CommandRecord[];
  readonly baseId: string;
  readonly otherId: string | undefined;
  /** The directory and host the comparison started from: runs elsewhere say where they ran. */
  readonly home: CommandRecord;
  readonly onPick: (run: CommandRecord) => void;
  readonly onBase: (run: CommandRecord) => void;
}

/**
 * The runs as a list, newest at the top: when, ✓/✗ and exit code, and duration as a number and a
 * bar scaled to the slowest run shown. Clicking a run (or Up/Down) compares it with the base run,
 * which is the one the comparison was opened from until another's "base" button is pressed.
 */
export const CompareTimeline = ({ runs, baseId, otherId, home, onPick, onBase }: TimelineProps) => {
  const list = useRef<HTMLDivElement>(null);
  const slowest = Math.max(1, ...runs.map((run) => runDuration(run) ?? 0));

  useEffect(() => {
    list.current?.focus();
  }, []);
  useEffect(() => {
    list.current?.querySelector('[data-role="other"]')?.scrollIntoView({ block: 'nearest' });
  }, [otherId]);

  const move = (event: KeyboardEvent, step: number) => {
    event.preventDefault();
    const choices = runs.filter((run) => run.id !== baseId);
    if (choices.length === 0) return;
    const at = choices.findIndex((run) => run.id === otherId);
    const next = at < 0 ? 0 : Math.min(choices.length - 1, Math.max(0, at + step));
    onPick(choices[next]!);
  };

  return (
    <div
      ref={list}
      className="compare-timeline"
      role="listbox"
      tabIndex={0}
      aria-label="Runs, newest first: Up and Down choose the run to compare with"
      aria-activedescendant={otherId ? `compare-run-${otherId}` : undefined}
      data-testid="compare-timeline"
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') move(event, 1);
        if (event.key === 'ArrowUp') move(event, -1);
      }}
    >
      {runs.map((run) => {
        const outcome = runOutcome(run);
        const duration = runDuration(run);
        const role = run.id === baseId ? 'base' : run.id === otherId ? 'other' : '';
        const elsewhere = run.cwd !== home.cwd || run.hostname !== home.hostname;
        return (
          <div
            key={run.id}
            id={`compare-run-${run.id}`}
            className={`compare-run ${outcome} ${role}`}
            role="option"
            aria-selected={role === 'other'}
            data-testid="compare-run"
            data-run-id={run.id}
            data-exit-code={run.exitCode ?? ''}
            data-role={role}
            title={`${outcomeText(run)} · ${displayLine(run.cwd) ?? 'directory not recorded'}${run.hostname ? ` on ${run.hostname}` : ''}`}
            onClick={() => run.id !== baseId && onPick(run)}
          >
            <span className="compare-run-mark" aria-label={outcomeText(run)}>
              {MARK[outcome]}
              {outcome === 'failed' && <small>{run.exitCode}</small>}
            </span>
            <span className="compare-run-when">{new Date(run.startedAt).toLocaleString()}</span>
            <span className="compare-run-bar" aria-hidden="true">
              <span style={{ width: `${((duration ?? 0) / slowest) * 100}%` }} />
            </span>
            <span className="compare-run-duration">{duration === undefined ? '' : formatMs(duration)}</span>
            <span className="compare-run-where">
              {elsewhere ? `${displayLine(run.cwd) ?? '?'}${run.hostname !== home.hostname ? ` on ${run.hostname ?? '?'}` : ''}` : ''}
            </span>
            {role === 'base' ? (
              <span className="compare-run-tag">{run.id === home.id ? 'this run' : 'base'}</span>
            ) : (
              <button
                type="button"
                className="compare-run-base"
                tabIndex={-1}
                title="Compare the other runs with this one"
                onClick={(event) => {
                  event.stopPropagation();
                  onBase(run);
                }}
              >
                base
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
};
