// SPDX-License-Identifier: MIT
import { useShallow } from 'zustand/react/shallow';
import { focusActiveTerminal } from '../layout/focus';
import { useTabs } from '../state/tabs';

export interface TabBarProps {
  readonly onNew: () => void;
  readonly onClose: (id: string) => void;
}

export const TabBar = ({ onNew, onClose }: TabBarProps) => {
  const { tabs, activeId, activate } = useTabs(
    useShallow((state) => ({ tabs: state.tabs, activeId: state.activeId, activate: state.activate })),
  );
  return (
    <div className="tab-bar" role="tablist" aria-label="Terminals">
      {tabs.map((tab) => (
        <div
          key={tab.id}
          className={`tab${tab.id === activeId ? ' active' : ''}${tab.exited ? ' exited' : ''}`}
          role="tab"
          data-testid="tab"
          data-pty-id={tab.id}
          aria-selected={tab.id === activeId}
          title={tab.title}
          onMouseDown={(event) => {
            if (event.button === 1) {
              event.preventDefault();
              onClose(tab.id);
            }
          }}
          onClick={() => {
            activate(tab.id);
            focusActiveTerminal();
          }}
        >
          <span className="tab-title">{tab.title}</span>
          <button
            className="tab-close"
            aria-label={`Close ${tab.title}`}
            data-testid="tab-close"
            // The button must not take focus: it is about to disappear and take the focus with it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={(event) => {
              event.stopPropagation();
              onClose(tab.id);
            }}
          >
            ×
          </button>
        </div>
      ))}
      <button className="tab-new" data-testid="tab-new" aria-label="New tab (Ctrl+Shift+T)" title="New tab (Ctrl+Shift+T)" onClick={onNew}>
        +
      </button>
    </div>
  );
};
