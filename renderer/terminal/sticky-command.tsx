// SPDX-License-Identifier: MIT
import { useEffect, useState } from 'react';
import { displayLine } from '../../shared/text/display-text';
import { useCommands } from '../state/commands';
import { controllerFor } from './terminals';

/**
 * As VS Code's sticky scroll: while the top of a pane shows a command's output and its prompt has
 * scrolled away, a header names that command (status and command line); a click goes back to it.
 * Only over plain output: never over a program that draws the screen (top) nor across a clear, and
 * for a finished command only once the user scrolled back (terminal-controller.ts `stickyCommand`).
 * Follows the viewport at most once a frame, so a flood costs one mark lookup per frame, not per line.
 */
export const StickyCommand = ({ id }: { id: string }) => {
  const [commandId, setCommandId] = useState<string | undefined>();
  const command = useCommands((state) => (commandId ? state.bySession[id]?.find((c) => c.id === commandId) : undefined));

  useEffect(() => {
    const controller = controllerFor(id);
    if (!controller) return;
    // Watched through renders, not `onScroll`: xterm reports a scroll per line (a million events
    // for `seq 1 1000000`, each through xterm's public-API relay and this listener), but renders at
    // most once a frame, and a scroll of the viewport or a flood always renders. One lookup per
    // frame, and no new frame request while one is pending (re-requesting per line cost 20 % of
    // flood throughput, bench:ui).
    let frame = 0;
    const update = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setCommandId(controller.stickyCommand());
      });
    };
    // A clear or a program starting to draw changes the answer with no scroll (top, `clear`).
    const subscriptions = [controller.term.onRender(update), controller.term.onResize(update), controller.onStickyChange(update)];
    update();
    return () => {
      cancelAnimationFrame(frame);
      for (const subscription of subscriptions) subscription.dispose();
    };
  }, [id]);

  if (!command) return null;
  const status = command.endedAt === null ? '…' : command.exitCode === 0 ? '✓' : command.interrupted ? '⚠' : '✗';
  return (
    <button
      className={`sticky-command ${command.endedAt === null ? 'running' : command.exitCode === 0 ? 'ok' : 'failed'}`}
      data-testid="sticky-command"
      data-command-id={command.id}
      title="Output of this command: click to go to its prompt"
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => controllerFor(id)?.revealCommand(command.id)}
    >
      <span className="sticky-status">{status}</span> <span className="sticky-line">{displayLine(command.commandLine) ?? '(command)'}</span>
    </button>
  );
};
