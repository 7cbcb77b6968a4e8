// SPDX-License-Identifier: MIT
import { DragHandle } from '../layout/drag-handle';
import { useAssistant } from './store/assistant-store';

/**
 * The side pane's left edge: drag to resize (the pane grows leftwards), or focus it and use the
 * arrow keys. The width is kept in localStorage by the store.
 */
export const ResizeHandle = () => {
  const width = useAssistant((state) => state.width);
  return (
    <DragHandle
      orientation="vertical"
      value={width}
      direction={-1}
      onChange={(next) => useAssistant.getState().setWidth(next)}
      label="Resize the side pane"
      testId="pane-resize"
      className="pane-resize"
    />
  );
};
