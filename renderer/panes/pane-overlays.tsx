// SPDX-License-Identifier: MIT
import { useEffect } from 'react';
import { useWorkspace } from '../state/workspace';
import { focusActiveTerminal } from '../terminal/terminal-focus';
import { closeTerminal } from '../terminal/terminals';
import { restartPane } from './pane-actions';

const closePane = (id: string): void => {
  void closeTerminal(id).then(focusActiveTerminal);
};

/**
 * A pane kept after its shell exited (the "When the shell exits" setting) says so and offers what
 * can be done with it. Its terminal keeps the keyboard (the pane is still selected), so Enter
 * there closes it, rather than typing that goes nowhere.
 */
const ExitBar = ({ id, exitCode }: { id: string; exitCode: number | null }) => {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return;
      if (useWorkspace.getState().activeTerminalId !== id) return;
      const inTerminal = event.target instanceof Element && event.target.closest(`.terminal-container[data-pty-id="${CSS.escape(id)}"]`);
      if (!inTerminal) return;
      event.preventDefault();
      event.stopPropagation();
      closePane(id);
    };
    // Capture: before xterm turns the key into input for a process that is gone.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [id]);
  const failed = exitCode !== 0;
  return (
    <div className={`pane-exit${failed ? ' failed' : ''}`} data-testid="pane-exited" data-exit-code={exitCode ?? ''} role="status">
      <span className="pane-exit-status">
        {exitCode === null ? 'The process ended (killed by a signal)' : `The process exited with code ${exitCode}`}
      </span>
      <span className="pane-exit-hint">Enter closes the pane</span>
      <button data-testid="pane-restart" onMouseDown={(event) => event.preventDefault()} onClick={() => void restartPane(id)}>
        Restart
      </button>
      <button data-testid="pane-close" onMouseDown={(event) => event.preventDefault()} onClick={() => closePane(id)}>
        Close
      </button>
    </div>
  );
};

/** Marks a pane zoomed to the whole tab (its siblings are hidden, not closed); a click restores them. */
const ZoomBadge = ({ tabId }: { tabId: string }) => (
  <button
    className="pane-zoomed"
    data-testid="pane-zoomed"
    title="This pane is zoomed: the tab's other panes are hidden. Click (or Zoom pane again) to show them."
    onMouseDown={(event) => event.preventDefault()}
    onClick={() => useWorkspace.getState().toggleZoom(tabId)}
  >
    ⤢ Zoomed
  </button>
);

/** What is drawn over one pane's terminal: its exit status once its shell ended, its zoom. */
export const PaneOverlays = ({ id }: { id: string }) => {
  const exited = useWorkspace((state) => state.terminals.find((t) => t.id === id)?.exited === true);
  const exitCode = useWorkspace((state) => state.terminals.find((t) => t.id === id)?.exitCode ?? null);
  const zoomedIn = useWorkspace((state) => state.tabs.find((tab) => tab.zoomed === id)?.id);
  return (
    <>
      {exited && <ExitBar id={id} exitCode={exitCode} />}
      {zoomedIn && <ZoomBadge tabId={zoomedIn} />}
    </>
  );
};
