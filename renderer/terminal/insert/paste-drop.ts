// SPDX-License-Identifier: MIT

/**
 * Takes the browser's paste and drop events on a terminal before xterm.js does, and hands their
 * text to `insert` (the input gate). xterm's own handler brackets pasted text but keeps its ESC, so
 * a pasted `ESC[201~` ended the bracket and a CR after it ran a command. Listening in the
 * capture phase on the terminal's element runs before xterm's listeners on its textarea and element,
 * and stopping the event there means xterm never sees it. Returns what removes the listeners.
 */
export const routePasteAndDrop = (element: HTMLElement, insert: (text: string) => void): (() => void) => {
  const onPaste = (event: ClipboardEvent) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    const text = event.clipboardData?.getData('text/plain');
    if (text) insert(text);
  };
  // Text dragged in (from a page, an editor); files carry no text a browser page may read as a path.
  const hasText = (event: DragEvent) => event.dataTransfer?.types.includes('text/plain') === true;
  const onDragOver = (event: DragEvent) => {
    if (!hasText(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEvent) => {
    if (!hasText(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const text = event.dataTransfer?.getData('text/plain');
    if (text) insert(text);
  };
  element.addEventListener('paste', onPaste, true);
  element.addEventListener('dragover', onDragOver, true);
  element.addEventListener('drop', onDrop, true);
  return () => {
    element.removeEventListener('paste', onPaste, true);
    element.removeEventListener('dragover', onDragOver, true);
    element.removeEventListener('drop', onDrop, true);
  };
};
