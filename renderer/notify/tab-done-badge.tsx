// SPDX-License-Identifier: MIT
import { useShallow } from 'zustand/react/shallow';
import { displayLine } from '../../shared/text/display-text';
import { tabMark, useDoneMarks } from './done-marks';
import './notify.css';

const describe = (exitCode: number | null, commandLine: string | null, count: number): string => {
  const what = displayLine(commandLine?.trim()) || 'a command';
  const how =
    exitCode === 0
      ? `Finished: ${what}`
      : exitCode === null
        ? `Ended without an exit status: ${what}`
        : `Failed (exit ${exitCode}): ${what}`;
  return count > 1 ? `${how} (${count} commands ended here while you were away)` : how;
};

/**
 * ✓ / ✗ in a tab header when a long command ended in one of its terminals while the user was not
 * looking (see notify/decide.ts); it goes away once the tab is shown.
 */
export const TabDoneBadge = ({ terminalIds }: { terminalIds: readonly string[] }) => {
  const mark = useDoneMarks(useShallow((state) => tabMark(state.marks, terminalIds)));
  if (!mark) return null;
  const ok = mark.exitCode === 0;
  const label = describe(mark.exitCode, mark.commandLine, mark.count);
  return (
    <span
      className={`tab-badge tab-done ${ok ? 'ok' : 'failed'}`}
      data-testid="tab-done"
      data-exit-code={mark.exitCode ?? ''}
      role="img"
      aria-label={label}
      title={label}
    >
      {ok ? '✓' : '✗'}
    </span>
  );
};
