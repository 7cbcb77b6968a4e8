// SPDX-License-Identifier: MIT
import { useState } from 'react';
import { displayLine } from '../../shared/text/display-text';
import { DIFF_MAX_LINES, type DiffLine, type OutputDiff } from './diff-model';

const SIGN = { same: ' ', added: '+', removed: '-' } as const;

const Line = ({ line }: { line: DiffLine }) => (
  <div className={`compare-line ${line.kind}`} data-diff={line.kind}>
    <span className="compare-line-sign" aria-hidden="true">
      {SIGN[line.kind]}
    </span>
    <span className="compare-line-text">{displayLine(line.text) || ' '}</span>
  </div>
);

/**
 * A unified diff of two outputs: removed lines (only in the older run) and added ones (only in the
 * newer), unchanged stretches folded into a row that unfolds on click.
 */
export const CompareDiff = ({ diff }: { diff: OutputDiff }) => {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  if (diff.gaveUp) return <p className="compare-note">The outputs are too different to compare line by line in reasonable time.</p>;
  return (
    <div className="compare-diff" data-testid="compare-diff" data-added={diff.added} data-removed={diff.removed}>
      {diff.rows.map((row, index) => {
        if (row.kind !== 'folded') return <Line key={index} line={row} />;
        if (open.has(index)) return row.lines.map((line, at) => <Line key={`${index}.${at}`} line={line} />);
        return (
          <button
            key={index}
            type="button"
            className="compare-folded"
            data-diff="folded"
            onClick={() => setOpen(new Set([...open, index]))}
          >
            ⋯ {row.lines.length} unchanged {row.lines.length === 1 ? 'line' : 'lines'}
          </button>
        );
      })}
      {(diff.cut.before || diff.cut.after) && (
        <p className="compare-note">
          Only the first {DIFF_MAX_LINES.toLocaleString()} lines (at most 1 MB) of{' '}
          {diff.cut.before && diff.cut.after ? 'each output' : diff.cut.before ? 'the older output' : 'the newer output'} are compared.
        </p>
      )}
    </div>
  );
};
