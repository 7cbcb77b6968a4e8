// SPDX-License-Identifier: MIT
import { useMemo, useState } from 'react';
import type { CommandRecord } from '../../shared/domain/command';
import { displayLine, displayText } from '../../shared/text/display-text';
import { focusActiveTerminal } from '../terminal/terminal-focus';
import { CompareDiff } from './compare-diff';
import { useCompare } from './compare-state';
import { CompareTimeline } from './compare-timeline';
import { diffOutputs } from './diff-model';
import { defaultOther, glanceAt, lastWorked } from './run-stats';
import { useOutputs, useRuns } from './use-compare-data';
import './compare.css';

/** The open comparison, if any: mount once near the root of the app. */
export const CompareHost = () => {
  const command = useCompare((state) => state.command);
  const opened = useCompare((state) => state.opened);
  if (!command) return null;
  return (
    <CompareView
      key={opened}
      command={command}
      onClose={() => {
        useCompare.getState().close();
        focusActiveTerminal();
      }}
    />
  );
};

const when = (run: CommandRecord): string => new Date(run.startedAt).toLocaleString();

/**
 * The runs of one command line side by side in time: a timeline with exit status and duration, a
 * plain-words glance (flaky, slowing), and the diff of two runs' output, the older run's lines
 * marked removed and the newer's added. Escape closes it and the focus goes back to the terminal.
 */
const CompareView = ({ command, onClose }: { command: CommandRecord; onClose: () => void }) => {
  const [anywhere, setAnywhere] = useState(false);
  const [baseId, setBaseId] = useState(command.id);
  const [chosenId, setChosenId] = useState<string | undefined>();
  const load = useRuns(command.id, anywhere);
  const runs = load.kind === 'ready' ? load.value.runs : [];
  const base = runs.find((run) => run.id === baseId) ?? command;
  const other = runs.find((run) => run.id === chosenId && run.id !== base.id) ?? defaultOther(runs, base.id);
  // The diff reads from the older run to the newer, whichever side is the base.
  const older: CommandRecord | undefined = other && other.startedAt > base.startedAt ? base : other;
  const newer: CommandRecord = other && other.startedAt > base.startedAt ? other : base;
  const [before, after] = useOutputs([older?.id, newer.id]);
  const diff = useMemo(
    () => (before?.kind === 'ready' && after?.kind === 'ready' ? diffOutputs(before.value, after.value) : undefined),
    [before, after],
  );
  const glance = useMemo(() => glanceAt(runs), [runs]);
  const worked = lastWorked(runs, base.id);
  const failedOutput = [before, after].find((side) => side?.kind === 'failed');

  return (
    <div className="compare-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        className="compare-view"
        role="dialog"
        aria-modal="true"
        aria-label={`Runs of ${displayLine(command.commandLine) ?? 'a command'}`}
        data-testid="compare-view"
        data-runs={runs.length}
        data-state={load.kind}
        data-base={base.id}
        data-other={other?.id ?? ''}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }}
      >
        <header className="compare-header">
          <code className="compare-command" title={displayText(command.commandLine) ?? ''}>
            {displayLine(command.commandLine) ?? '(command line not recorded)'}
          </code>
          <label className="compare-scope" title="Include runs of the same line in other directories and on other hosts">
            <input
              type="checkbox"
              data-testid="compare-anywhere"
              checked={anywhere}
              onChange={(event) => setAnywhere(event.target.checked)}
            />
            Anywhere, not only in {displayLine(command.cwd) ?? 'its directory'}
          </label>
          <button
            type="button"
            data-testid="compare-last-worked"
            disabled={!worked}
            title={worked ? `Compare with the latest successful run before this one (${when(worked)})` : 'No earlier run of it succeeded'}
            onClick={() => worked && setChosenId(worked.id)}
          >
            Last time it worked
          </button>
          <button
            type="button"
            className="compare-close"
            data-testid="compare-close"
            aria-label="Close (Escape)"
            title="Close (Escape)"
            onClick={onClose}
          >
            ×
          </button>
        </header>
        <div className="compare-glance" data-testid="compare-glance" data-flaky={glance.flaky} data-slowing={glance.slowing} role="status">
          {glance.flaky && <span className="compare-badge">flaky</span>}
          {glance.slowing && <span className="compare-badge">slowing</span>}
          {load.kind === 'loading' && 'Reading its runs from history…'}
          {load.kind === 'failed' && `Could not read its runs: ${load.message}`}
          {load.kind === 'ready' &&
            `${runs.length} ${runs.length === 1 ? 'run' : 'runs'}${load.value.capped ? ' (the newest)' : ''}. ${glance.words.join(' ')}`}
        </div>
        <div className="compare-body">
          <CompareTimeline
            runs={runs}
            baseId={base.id}
            otherId={other?.id}
            home={command}
            onPick={(run) => setChosenId(run.id)}
            onBase={(run) => {
              setBaseId(run.id);
              setChosenId(base.id);
            }}
          />
          <section className="compare-output" aria-label="Output diff">
            {!older ? (
              <p className="compare-note">{load.kind === 'ready' ? 'No other run of this line here yet: try “Anywhere”.' : ''}</p>
            ) : (
              <>
                <p className="compare-sides" data-testid="compare-sides">
                  <span className="removed">− {when(older)}</span> <span className="added">+ {when(newer)}</span>
                  {diff &&
                    !diff.gaveUp &&
                    (diff.added + diff.removed === 0 ? ' · same output' : ` · ${diff.removed} removed, ${diff.added} added`)}
                </p>
                {diff ? (
                  <CompareDiff key={`${older.id} ${newer.id}`} diff={diff} />
                ) : (
                  <p className="compare-note">
                    {failedOutput?.kind === 'failed' ? `Could not read the output: ${failedOutput.message}` : 'Reading the output…'}
                  </p>
                )}
              </>
            )}
          </section>
        </div>
      </div>
    </div>
  );
};
